import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageEndpoints } from '../../../domain/contracts/message';
import { MESSAGE_LIMITS } from '../../../domain/conversations';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { databaseSessionStore, SessionWatch } from '../../auth/session-watch';
import { databaseHubStore, MessageHub } from './live';
import { getConversation, listConversations, listMessages, markRead, openConversation, postMessage, unreadCount } from './service';

const route = routesOf(messageEndpoints);

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
    app.metrics.countLiveStreams(() => hub.streamCount);
    // Open streams would keep the server from closing.
    app.addHook('preClose', async () => {
      await hub.stop();
      await sessions.stop();
    });

    app.route({
      ...route('POST /api/conversations', { tags, summary: "Open (or find) a booking's conversation; for its guest or the listing's host" }),
      ...signedIn,
      handler: async (request) => openConversation(db, requireUser(request).id, request.body.bookingId),
    });

    app.route({
      ...route('GET /api/conversations', { tags, summary: 'My conversations, the most recent first, with unread counts' }),
      ...signedIn,
      handler: async (request) => ({ results: await listConversations(db, requireUser(request).id) }),
    });

    app.route({
      ...route('GET /api/conversations/:id', { tags, summary: 'One of my conversations' }),
      ...signedIn,
      handler: async (request) => getConversation(db, requireUser(request).id, request.params.id),
    });

    app.route({
      ...route('GET /api/conversations/unread', { tags, summary: 'How many messages I have not read' }),
      ...signedIn,
      handler: async (request) => ({ count: await unreadCount(db, requireUser(request).id) }),
    });

    app.route({
      ...route('GET /api/conversations/stream', {
        tags,
        summary: 'Server-Sent Events: `message` events for my conversations, with the seq as id; reconnect with Last-Event-ID (or ?after=) to get what was missed',
      }),
      ...signedIn,
      handler: async (request, reply) => hub.serve(request, reply, requireUser(request).id, request.auth!.sessionId, lastEventId(request) ?? request.query.after),
    });

    app.route({
      ...route('GET /api/conversations/:id/messages', {
        tags,
        summary: `A page of messages, oldest first: the newest ${MESSAGE_LIMITS.pageSize}, or those before \`before\``,
      }),
      ...signedIn,
      handler: async (request) => listMessages(db, requireUser(request).id, request.params.id, { before: request.query.before }),
    });

    app.route({
      ...route('POST /api/conversations/:id/messages', {
        tags,
        summary: `Send a message (1-${MESSAGE_LIMITS.bodyMax} characters); the same clientId again returns the stored message (200)`,
      }),
      ...signedIn,
      handler: async (request, reply) => {
        const { message, created } = await postMessage(db, requireUser(request).id, request.params.id, request.body);
        return reply.code(created ? 201 : 200).send(message);
      },
    });

    app.route({
      ...route('POST /api/conversations/:id/read', { tags, summary: 'Mark my side read up to a message (or the newest)' }),
      ...signedIn,
      handler: async (request, reply) => {
        await markRead(db, requireUser(request).id, request.params.id, request.body?.seq);
        return reply.code(204).send(null);
      },
    });
  };
