import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_LIMITS, markReadSchema, messageBodySchema, openConversationSchema } from '../../../domain/schemas/message';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { errorResponses } from '../../http/openapi';
import { idParams } from '../../http/params';
import { databaseSessionStore, SessionWatch } from '../../auth/session-watch';
import { databaseHubStore, MessageHub } from './live';
import { getConversation, listConversations, listMessages, markRead, openConversation, postMessage, unreadCount } from './service';

const messageSchema = z.object({
  id: z.uuid(),
  seq: z.number().int().describe('The order of every message; the live stream uses it as the event id'),
  conversation_id: z.uuid(),
  body: z.string(),
  created_at: z.string(),
  mine: z.boolean(),
  sender_name: z.string(),
  client_id: z.uuid().nullable().describe("The sender's clientId, shown to the sender only"),
});

const conversationSchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  role: z.enum(['guest', 'host']).describe('My side of the booking'),
  other_name: z.string(),
  listing: z.object({ id: z.uuid(), title: z.string() }),
  booking: z.object({ start_date: z.string(), end_date: z.string(), status: z.string() }),
  last_message: z.object({ body: z.string(), created_at: z.string(), mine: z.boolean() }).nullable(),
  unread: z.number().int(),
});

const pageQuery = z.object({
  before: z.coerce.number({ error: 'before must be a message seq' }).int('before must be a message seq').positive('before must be a message seq').optional(),
});

const streamQuery = z.object({
  after: z.coerce.number({ error: 'after must be a message seq' }).int('after must be a message seq').nonnegative('after must be a message seq').optional(),
});

/** The Last-Event-ID a reconnecting EventSource sends, when it is a seq. */
function lastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

export const messageRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['messages'];
    const sessions = new SessionWatch(deps.database, databaseSessionStore(db));
    await sessions.start();
    const hub = new MessageHub(deps.database, databaseHubStore(db), sessions);
    await hub.start();
    // Open streams would keep the server from closing.
    app.addHook('preClose', async () => {
      await hub.stop();
      await sessions.stop();
    });

    app.post(
      '/api/conversations',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "Open (or find) a booking's conversation; for its guest or the listing's host",
          body: openConversationSchema,
          response: { 200: z.object({ id: z.uuid() }), ...errorResponses },
        },
      },
      async (request) => openConversation(db, requireUser(request).id, request.body.bookingId),
    );

    app.get(
      '/api/conversations',
      {
        ...signedIn,
        schema: { tags, summary: 'My conversations, the most recent first, with unread counts', response: { 200: z.object({ results: z.array(conversationSchema) }), ...errorResponses } },
      },
      async (request, reply) => {
        return { results: await listConversations(db, requireUser(request).id) };
      },
    );

    app.get(
      '/api/conversations/:id',
      {
        ...signedIn,
        schema: { tags, summary: 'One of my conversations', params: idParams, response: { 200: conversationSchema, ...errorResponses } },
      },
      async (request, reply) => {
        return getConversation(db, requireUser(request).id, request.params.id);
      },
    );

    app.get(
      '/api/conversations/unread',
      { ...signedIn, schema: { tags, summary: 'How many messages I have not read', response: { 200: z.object({ count: z.number().int() }), ...errorResponses } } },
      async (request, reply) => {
        return { count: await unreadCount(db, requireUser(request).id) };
      },
    );

    app.get(
      '/api/conversations/stream',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Server-Sent Events: `message` events for my conversations, with the seq as id; reconnect with Last-Event-ID (or ?after=) to get what was missed',
          querystring: streamQuery,
        },
      },
      async (request, reply) => hub.serve(request, reply, requireUser(request).id, request.auth!.sessionId, lastEventId(request) ?? request.query.after),
    );

    app.get(
      '/api/conversations/:id/messages',
      {
        ...signedIn,
        schema: {
          tags,
          summary: `A page of messages, oldest first: the newest ${MESSAGE_LIMITS.pageSize}, or those before \`before\``,
          params: idParams,
          querystring: pageQuery,
          response: { 200: z.object({ results: z.array(messageSchema), has_more: z.boolean() }), ...errorResponses },
        },
      },
      async (request, reply) => {
        return listMessages(db, requireUser(request).id, request.params.id, { before: request.query.before });
      },
    );

    app.post(
      '/api/conversations/:id/messages',
      {
        ...signedIn,
        schema: {
          tags,
          summary: `Send a message (1-${MESSAGE_LIMITS.bodyMax} characters); the same clientId again returns the stored message (200)`,
          params: idParams,
          body: messageBodySchema,
          response: { 200: messageSchema, 201: messageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { message, created } = await postMessage(db, requireUser(request).id, request.params.id, request.body);
        return reply.code(created ? 201 : 200).send(message);
      },
    );

    app.post(
      '/api/conversations/:id/read',
      {
        ...signedIn,
        schema: { tags, summary: 'Mark my side read up to a message (or the newest)', params: idParams, body: markReadSchema.nullish(), response: { 204: z.null(), ...errorResponses } },
      },
      async (request, reply) => {
        await markRead(db, requireUser(request).id, request.params.id, request.body?.seq);
        return reply.code(204).send(null);
      },
    );
  };
