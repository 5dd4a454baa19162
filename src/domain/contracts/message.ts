import { z } from 'zod';
import { BOOKING_STATUSES } from '../bookings';
import { CONVERSATION_ROLES, MESSAGE_LIMITS, MESSAGE_TEXTS } from '../conversations';
import type { Contract } from './endpoint';
import { idParams, uuidInput } from './params';

// Messages between a booking's guest and the listing's host (issue 7): the endpoints, what they
// take and what they answer.

export const messageBodySchema = z.object({
  body: z
    .string({ error: MESSAGE_TEXTS.empty })
    .trim()
    .min(1, MESSAGE_TEXTS.empty)
    .max(MESSAGE_LIMITS.bodyMax, MESSAGE_TEXTS.tooLong),
  /** The sender's own id for this message: sending it again returns the stored one. */
  clientId: z.uuid({ error: 'clientId must be a UUID' }).optional(),
});
export type MessageBodyInput = z.input<typeof messageBodySchema>;

export const openConversationSchema = z.object({ bookingId: uuidInput('Choose a booking') });

export const markReadSchema = z.object({
  /** Read up to and including this message (what the reader has seen); the newest when absent. */
  seq: z.number().int().positive().optional(),
});

export const messagePageQuerySchema = z.object({
  before: z.coerce.number<number>({ error: 'before must be a message seq' }).int('before must be a message seq').positive('before must be a message seq').optional(),
});

export const messageStreamQuerySchema = z.object({
  after: z.coerce.number<number>({ error: 'after must be a message seq' }).int('after must be a message seq').nonnegative('after must be a message seq').optional(),
});

// The answers.

export const messageSchema = z.object({
  id: z.uuid(),
  seq: z.number().int().describe('The order of every message; the live stream uses it as the event id'),
  conversation_id: z.uuid(),
  body: z.string(),
  created_at: z.string(),
  mine: z.boolean(),
  sender_name: z.string(),
  client_id: z.uuid().nullable().describe("The sender's clientId, shown to the sender only"),
});

export const conversationSchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  role: z.enum(CONVERSATION_ROLES).describe('My side of the booking'),
  other_name: z.string(),
  other_active: z.boolean().describe('False once the other side\'s account is suspended: the conversation is read-only'),
  listing: z.object({ id: z.uuid(), title: z.string() }),
  booking: z.object({
    start_date: z.string(),
    end_date: z.string(),
    status: z.enum(BOOKING_STATUSES),
    payment_due_at: z.string().nullable().describe('awaiting_payment: unpaid by then, the stay lapses (the header says so)'),
  }),
  last_message: z.object({ body: z.string(), created_at: z.string(), mine: z.boolean() }).nullable(),
  unread: z.number().int(),
});

export const messagePageSchema = z.object({ results: z.array(messageSchema), has_more: z.boolean() });

/** A message as the API answers it (and the live stream sends it). */
export type Message = z.infer<typeof messageSchema>;
/** One of my conversations, with its last message and my unread count. */
export type Conversation = z.infer<typeof conversationSchema>;
/** A page of a conversation's messages, oldest first. */
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messageEndpoints = {
  'POST /api/conversations': { body: openConversationSchema, response: z.object({ id: z.uuid() }) },
  'GET /api/conversations': { response: z.object({ results: z.array(conversationSchema) }) },
  'GET /api/conversations/:id': { params: idParams, response: conversationSchema },
  'GET /api/conversations/unread': { response: z.object({ count: z.number().int() }) },
  /** Server-Sent Events, not JSON. */
  'GET /api/conversations/stream': { query: messageStreamQuerySchema, response: null },
  'GET /api/conversations/:id/messages': { params: idParams, query: messagePageQuerySchema, response: messagePageSchema },
  /** 201 for a new message, 200 for one sent before with the same clientId. */
  'POST /api/conversations/:id/messages': { params: idParams, body: messageBodySchema, response: messageSchema, status: [200, 201] },
  'POST /api/conversations/:id/read': { params: idParams, body: markReadSchema.nullish(), response: z.null(), status: 204 },
} as const satisfies Contract;
