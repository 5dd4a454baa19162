import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationEndpoints } from '../../../domain/contracts/notification';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { HttpError, notFound } from '../../http/errors';
import { subscribeToPush, unsubscribeFromPush } from './push';
import { sameSecret } from '../../auth/tokens';
import { availableChannels, handleSmsReply, listNotifications, notificationSettings, readAllNotifications, readNotification, saveNotificationSettings, unreadCount, unsubscribeByNotice } from './service';

const route = routesOf(notificationEndpoints);

export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['notifications'];
    // Every route is the caller's own notices, by the session alone: no id reaches another's.

    app.route({
      ...route('GET /api/notifications', { tags, summary: 'My notices, newest first, 20 a page (`before`: the last one of the page before), with the unread count' }),
      ...signedIn,
      handler: async (request) => listNotifications(db, requireUser(request).id, request.query.before),
    });

    app.route({
      ...route('GET /api/notifications/unread', { tags, summary: "How many of my notices are unread: the header bell's count" }),
      ...signedIn,
      handler: async (request) => ({ unread: await unreadCount(db, requireUser(request).id) }),
    });

    app.route({
      ...route('POST /api/notifications/:id/read', { tags, summary: 'Mark one of my notices read (opened); 404 for one that is not mine' }),
      ...signedIn,
      handler: async (request, reply) => {
        await readNotification(db, requireUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    });

    app.route({
      ...route('POST /api/notifications/read-all', { tags, summary: 'Mark all my notices read' }),
      ...signedIn,
      handler: async (request, reply) => {
        await readAllNotifications(db, requireUser(request).id);
        return reply.code(204).send(null);
      },
    });

    // The one-click unsubscribe (RFC 8058): a mail program posts `List-Unsubscribe=One-Click` as a
    // form (multipart or urlencoded), with no session. Only this plugin's routes take such a body,
    // and it is not read: the link's notice id is the whole request.
    app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
    app.route({
      ...route('POST /api/notifications/unsubscribe', { tags, summary: "One-click unsubscribe from a notice's e-mail (List-Unsubscribe-Post, RFC 8058): e-mail off for that notice's topic; no session needed" }),
      handler: async (request) => ({ topic: await unsubscribeByNotice(db, request.query.n), unsubscribed: true as const }),
    });

    // Web Push: the key browsers subscribe with, and each browser's subscription, the caller's own.
    app.route({
      ...route('GET /api/push/key', { tags, summary: "The app's VAPID public key, for PushManager.subscribe (503 where push is not configured)" }),
      ...signedIn,
      handler: async (request) => {
        requireUser(request);
        if (!deps.push) throw new HttpError(503, 'push_unavailable', 'Push notifications are not available right now.');
        return { public_key: deps.push.publicKey };
      },
    });
    app.route({
      ...route('POST /api/push/subscriptions', { tags, summary: "Keep this browser's push subscription for me (its endpoint must be a browser push service's)" }),
      ...signedIn,
      handler: async (request, reply) => {
        await subscribeToPush(db, deps.push, deps.config.push.testServiceOrigins, requireUser(request).id, request.body);
        return reply.code(204).send(null);
      },
    });
    app.route({
      ...route('POST /api/push/subscriptions/remove', { tags, summary: "Forget this browser's push subscription (mine only)" }),
      ...signedIn,
      handler: async (request, reply) => {
        await unsubscribeFromPush(db, requireUser(request).id, request.body.endpoint);
        return reply.code(204).send(null);
      },
    });

    // Replies to our SMS (STOP), forwarded by the provider to an address holding a secret token:
    // without SMS_INBOUND_TOKEN configured there is no such address.
    app.route({
      ...route('POST /api/sms/inbound', { tags, summary: "The SMS provider's forward of a reply: STOP turns SMS off for the verified number's owner" }),
      handler: async (request) => {
        const expected = deps.config.phone.inboundToken;
        if (!expected || !sameSecret(request.query.token, expected)) throw notFound();
        const { sender, mobile, message, content } = request.body;
        await handleSmsReply(db, (sender ?? mobile)!, (message ?? content)!);
        return { received: true as const };
      },
    });

    app.route({
      ...route('GET /api/notifications/settings', { tags, summary: 'My channels per topic and quiet hours (the defaults until I save mine), and the channels I can be reached on' }),
      ...signedIn,
      handler: async (request) => notificationSettings(db, requireUser(request).id, availableChannels(deps.phone, deps.push !== null)),
    });

    app.route({
      ...route('PUT /api/notifications/settings', { tags, summary: 'Save my channels per topic and my quiet hours (null: none)' }),
      ...signedIn,
      handler: async (request, reply) => {
        await saveNotificationSettings(db, requireUser(request).id, request.body);
        return reply.code(204).send(null);
      },
    });
  };
