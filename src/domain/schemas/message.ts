import { z } from 'zod';

// Messages between a booking's guest and the listing's host (issue 7).

export const MESSAGE_LIMITS = { bodyMax: 2000, pageSize: 50 } as const;

export const MESSAGE_TEXTS = {
  empty: 'Write a message first',
  tooLong: `Messages can be at most ${MESSAGE_LIMITS.bodyMax.toLocaleString('en-IN')} characters`,
} as const;

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

export const openConversationSchema = z.object({ bookingId: z.uuid({ error: 'Choose a booking' }) });

export const markReadSchema = z.object({
  /** Read up to and including this message (what the reader has seen); the newest when absent. */
  seq: z.number().int().positive().optional(),
});
