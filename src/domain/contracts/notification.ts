import { z } from 'zod';
import { NOTICE_KIND_NAMES, NOTICE_TOPICS } from '../notifications/notices';
import { CHANNELS } from '../notifications/routing';
import type { Contract } from './endpoint';
import { idParams, uuidInput } from './params';

// The in-app list of notices and each user's choices of channels (issue 38).

export const NOTIFICATION_PAGE_SIZE = 20;

export const noticeParamsSchema = z.object({
  booking_id: z.uuid().optional(),
  conversation_id: z.uuid().optional(),
  incident_id: z.uuid().optional(),
  listing_title: z.string().optional(),
  name: z.string().optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  amount_paise: z.number().int().optional(),
  at: z.string().optional(),
  count: z.number().int().optional(),
  role: z.enum(['guest', 'host']).optional(),
  approved: z.boolean().optional(),
});

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTICE_KIND_NAMES),
  params: noticeParamsSchema,
  /** When it last happened (a notice told again while unread moves up). */
  at: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/**
 * Where a page of notices starts: the instant (microseconds) and id of the last one of the page
 * before, as the server answered them. The instant is part of it because a notice told again moves
 * up (collapsing); a cursor of the id alone would start the next page from where it moved to.
 */
const NOTICE_CURSOR = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const notificationPageQuerySchema = z.object({
  before: z.string().regex(NOTICE_CURSOR, 'before must be the next cursor of a page').optional(),
});

const channelSchema = z.enum(CHANNELS, { error: 'Choose e-mail, push, WhatsApp or SMS' });
const minuteOfDay = z.number({ error: 'Choose a time' }).int('Choose a time').min(0, 'Choose a time').max(1439, 'Choose a time');

export const notificationSettingsSchema = z.object({
  topics: z.object(Object.fromEntries(NOTICE_TOPICS.map((t) => [t, z.array(channelSchema).max(CHANNELS.length)])) as Record<(typeof NOTICE_TOPICS)[number], z.ZodArray<typeof channelSchema>>).strict(),
  quiet: z
    .object({ start: minuteOfDay, end: minuteOfDay })
    .refine((q) => q.start !== q.end, 'Quiet hours must start and end at different times')
    .nullable(),
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

/**
 * The one-click unsubscribe of a notice's e-mail (RFC 8058, List-Unsubscribe): its notice's id
 * names the user and the topic, and is as hard to guess as any random id. It turns e-mail off for
 * that topic only; the link lasts while the notice is kept (read ones: 90 days).
 */
export const unsubscribePath = (notificationId: string) => `/api/notifications/unsubscribe?n=${notificationId}`;

/**
 * A reply to our SMS, forwarded by the SMS provider (MSG91's inbound forwarding, set to JSON;
 * docs/operations.md): who sent it and what it said. Either field name MSG91 uses is taken.
 */
export const smsInboundSchema = z
  .object({
    sender: z.string().max(20).optional(),
    mobile: z.string().max(20).optional(),
    message: z.string().max(2000).optional(),
    content: z.string().max(2000).optional(),
  })
  .refine((b) => (b.sender ?? b.mobile) !== undefined && (b.message ?? b.content) !== undefined, { error: 'sender (or mobile) and message (or content) are required' });

const base64url = (length: number, what: string) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), `${what} must be ${length} base64url characters`);

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(1000, 'endpoint is too long').url('endpoint must be a URL'),
  keys: z.object({ p256dh: base64url(87, 'keys.p256dh'), auth: base64url(22, 'keys.auth') }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const notificationEndpoints = {
  'GET /api/notifications': {
    query: notificationPageQuerySchema,
    response: z.object({ items: z.array(notificationSchema), next: z.string().nullable().describe('The cursor of the next page, for `before`'), unread: z.number().int() }),
  },
  'GET /api/notifications/unread': { response: z.object({ unread: z.number().int() }) },
  'POST /api/notifications/:id/read': { params: idParams, response: z.null(), status: 204 },
  'POST /api/notifications/read-all': { response: z.null(), status: 204 },
  'GET /api/notifications/settings': {
    response: notificationSettingsSchema.extend({
      /** The channels this user can be reached on now; the others wait for a number or an installed app. */
      reachable: z.array(channelSchema),
    }),
  },
  'PUT /api/notifications/settings': { body: notificationSettingsSchema, response: z.null(), status: 204 },
  'GET /api/push/key': { response: z.object({ public_key: z.string().describe("The app's VAPID public key: PushManager.subscribe's applicationServerKey") }) },
  'POST /api/push/subscriptions': { body: pushSubscriptionSchema, response: z.null(), status: 204 },
  'POST /api/push/subscriptions/remove': { body: z.object({ endpoint: z.string().max(1000) }), response: z.null(), status: 204 },
  'POST /api/sms/inbound': { query: z.object({ token: z.string().max(200) }), body: smsInboundSchema, response: z.object({ received: z.literal(true) }) },
  'POST /api/notifications/unsubscribe': {
    query: z.object({ n: uuidInput('The unsubscribe link is incomplete') }),
    response: z.object({ topic: z.enum(NOTICE_TOPICS), unsubscribed: z.literal(true) }),
  },
} as const satisfies Contract;
