import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../../domain/locales';
import { NOTICE_KINDS, type NoticeKind, type NoticeParams } from '../../../domain/notifications/notices';
import type { Channel, TopicChannels } from '../../../domain/notifications/routing';
import type { Db } from '../../db/client';
import { instantColumn, iso, queryRows } from '../../db/rows';

// The notifications module's SQL (notifications, notification_settings, notification_deliveries).

const recipientRow = z.object({
  suspended: z.boolean(),
  topics: z.record(z.string(), z.array(z.string())).nullable(),
  quiet_start: z.number().int().nullable(),
  quiet_end: z.number().int().nullable(),
  has_settings: z.boolean(),
  /** A number proved by a code: WhatsApp and SMS can reach it. */
  phone_verified: z.boolean(),
  /** A browser subscribed to push. */
  has_push: z.boolean(),
  /** The language they read (English until they choose one). */
  locale: z.enum(LOCALES),
});
export type RecipientRow = z.infer<typeof recipientRow>;

/** recipientRow's columns, of `users u` and `notification_settings s`: the one place what reaches a user is read. */
const recipientColumns = sql.raw(`u.suspended_at is not null as suspended, s.topics, s.quiet_start, s.quiet_end, s.user_id is not null as has_settings,
  u.phone is not null and u.phone_verified_at is not null as phone_verified,
  exists (select 1 from push_subscriptions p where p.user_id = u.id) as has_push, coalesce(u.locale, 'en') as locale`);

/** Whether `userId` may be told anything, and their choices; undefined for no such user. */
export async function selectRecipient(db: Db, userId: string): Promise<RecipientRow | undefined> {
  const [row] = await queryRows(db, recipientRow, sql`
    select ${recipientColumns}
    from users u left join notification_settings s on s.user_id = u.id
    where u.id = ${userId}::uuid
  `);
  return row;
}

const idRow = z.object({ id: z.string() });

/**
 * Stores a notice; with `collapseKey`, one still unread with the same key takes the new facts and
 * moves to the top instead. Returns its id.
 */
export async function insertNotification(db: Db, n: { userId: string; kind: NoticeKind; params: NoticeParams; collapseKey: string | null }): Promise<string> {
  const params = JSON.stringify(n.params);
  const [row] = await queryRows(db, idRow, n.collapseKey === null
    ? sql`insert into notifications (user_id, kind, params) values (${n.userId}::uuid, ${n.kind}, ${params}::jsonb) returning id`
    : sql`
      insert into notifications (user_id, kind, params, collapse_key) values (${n.userId}::uuid, ${n.kind}, ${params}::jsonb, ${n.collapseKey})
      on conflict (user_id, collapse_key) where read_at is null and collapse_key is not null
      -- A count told again adds to the one still unread (the messages since the last digest).
      do update set kind = excluded.kind, last_at = now(), params = case
        when excluded.params ? 'count' and notifications.params ? 'count'
          then excluded.params || jsonb_build_object('count', (notifications.params->>'count')::int + (excluded.params->>'count')::int)
        else excluded.params end
      returning id
    `);
  return row!.id;
}

const listRow = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  last_at: instantColumn,
  /** last_at in whole microseconds since 1970, exactly (extract answers numeric): the page cursor's half. */
  at_us: z.coerce.string(),
  read_at: instantColumn.nullable(),
});

/**
 * A page of `userId`'s notices, newest first, after the position `before` (the instant in
 * microseconds and the id of the last one of the page before). Kinds the code no longer knows
 * are left out rather than failing the list.
 */
export async function selectNotifications(db: Db, userId: string, before: { atUs: string; id: string } | undefined, limit: number) {
  const rows = await queryRows(db, listRow, sql`
    select id, kind, params, last_at, (extract(epoch from last_at) * 1000000)::bigint as at_us, read_at from notifications
    where user_id = ${userId}::uuid
      ${before ? sql`and (last_at, id) < (timestamptz 'epoch' + ${before.atUs}::bigint * interval '1 microsecond', ${before.id}::uuid)` : sql``}
    order by last_at desc, id desc
    limit ${limit}
  `);
  return rows
    .filter((r) => r.kind in NOTICE_KINDS)
    .map((r) => ({ id: r.id, kind: r.kind as NoticeKind, params: r.params as NoticeParams, at: iso(r.last_at), read: r.read_at !== null, cursor: `${r.at_us}_${r.id}` }));
}

const countRow = z.object({ unread: z.coerce.number().int() });

/** How many of `userId`'s notices are unread (the bell). */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows(db, countRow, sql`select count(*) as unread from notifications where user_id = ${userId}::uuid and read_at is null`);
  return row!.unread;
}

/** Marks one of `userId`'s notices read; false when they have no such notice. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await queryRows(db, idRow, sql`
    update notifications set read_at = coalesce(read_at, now()) where id = ${id}::uuid and user_id = ${userId}::uuid returning id
  `);
  return rows.length > 0;
}

/** Marks `userId`'s unread notice with `collapseKey` read; false when there was none. */
export async function markReadByKey(db: Db, userId: string, collapseKey: string): Promise<boolean> {
  const rows = await queryRows(db, idRow, sql`
    update notifications set read_at = now() where user_id = ${userId}::uuid and collapse_key = ${collapseKey} and read_at is null returning id
  `);
  return rows.length > 0;
}

/**
 * Marks `userId`'s unread notices read, but one a writer holds at this moment (a digest telling it
 * again): it is about to be news again, and waiting for it could deadlock with that writer.
 */
export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    update notifications set read_at = now()
    where id in (select id from notifications where user_id = ${userId}::uuid and read_at is null for update skip locked)
  `);
}

/** Saves `userId`'s choices (every topic's channels, quiet hours or none). */
export async function upsertSettings(db: Db, userId: string, s: { topics: TopicChannels; quiet: { start: number; end: number } | null }): Promise<void> {
  await db.execute(sql`
    insert into notification_settings (user_id, topics, quiet_start, quiet_end)
    values (${userId}::uuid, ${JSON.stringify(s.topics)}::jsonb, ${s.quiet?.start ?? null}, ${s.quiet?.end ?? null})
    on conflict (user_id) do update set topics = excluded.topics, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, updated_at = now()
  `);
}

const ownerRow = z.object({ user_id: z.string(), kind: z.string() });

/** Whose notice `id` is, and its kind; undefined for none. */
export async function selectNoticeOwner(db: Db, id: string) {
  const [row] = await queryRows(db, ownerRow, sql`select user_id, kind from notifications where id = ${id}::uuid`);
  return row && { userId: row.user_id, kind: row.kind as NoticeKind };
}

/** Deletes notices read more than `days` ago; returns how many. */
export async function deleteReadNotifications(db: Db, days: number): Promise<number> {
  const rows = await queryRows(db, idRow, sql`delete from notifications where read_at < now() - make_interval(days => ${days}) returning id`);
  return rows.length;
}

/** Wakes every process's listeners of `channel` with `payload`, at commit (NOTIFY is transactional). */
export async function wakeListeners(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Queues the delivery of notice `notificationId` by `channel` at `at`. A collapsed notice told
 * again re-arms its row (a new message in the conversation is news again), unless it is still
 * waiting, when the earlier time stands.
 */
export async function upsertDelivery(db: Db, d: { notificationId: string; userId: string; channel: Exclude<Channel, 'email'>; at: Date }): Promise<void> {
  await db.execute(sql`
    insert into notification_deliveries (notification_id, user_id, channel, next_attempt_at)
    values (${d.notificationId}::uuid, ${d.userId}::uuid, ${d.channel}, ${d.at.toISOString()}::timestamptz)
    on conflict (notification_id, channel) do update set
      next_attempt_at = case when notification_deliveries.sent_at is null and notification_deliveries.dropped_at is null
        then least(notification_deliveries.next_attempt_at, excluded.next_attempt_at) else excluded.next_attempt_at end,
      attempts = case when notification_deliveries.sent_at is null and notification_deliveries.dropped_at is null then notification_deliveries.attempts else 0 end,
      sent_at = null, dropped_at = null, last_error = null
  `);
}

const leasedRow = z.object({
  id: z.string(),
  notification_id: z.string(),
  channel: z.enum(['push', 'whatsapp', 'sms']),
  attempts: z.number().int(),
  user_id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  phone: z.string().nullable(),
  ...recipientRow.shape,
});

export type LeasedDelivery = z.infer<typeof leasedRow>;

/**
 * Takes up to `limit` due deliveries, leased for `leaseSeconds` (SKIP LOCKED: the workers of
 * every process share the queue, and each row goes to one), with what sending needs: the notice,
 * the number, and the user's standing and choices as they are now.
 */
export function leaseDueDeliveries(db: Db, p: { leaseSeconds: number; maxAttempts: number; limit: number }): Promise<LeasedDelivery[]> {
  return queryRows(db, leasedRow, sql`
    with leased as (
      update notification_deliveries set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${p.leaseSeconds})
      where id in (
        select id from notification_deliveries
        where sent_at is null and dropped_at is null and next_attempt_at <= now() and attempts < ${p.maxAttempts}
        order by next_attempt_at
        limit ${p.limit}
        for update skip locked
      )
      returning id, channel, attempts, notification_id, user_id
    )
    select l.id, l.notification_id, l.channel, l.attempts, l.user_id, n.kind, n.params, n.read_at is not null as read, u.phone, ${recipientColumns}
    from leased l
    join notifications n on n.id = l.notification_id
    join users u on u.id = l.user_id
    left join notification_settings s on s.user_id = l.user_id
  `);
}

// `attempts = ` in each update: only while this worker's lease is the row's latest (outbox's rule).

/** Sent. */
export async function markDeliverySent(db: Db, row: Pick<LeasedDelivery, 'id' | 'attempts'>): Promise<void> {
  await db.execute(sql`update notification_deliveries set sent_at = now(), last_error = null where id = ${row.id}::uuid and attempts = ${row.attempts}`);
}

/** Not sent, for good, for `reason` (no number now, the channel turned off, the notice read meanwhile). */
export async function markDeliveryDropped(db: Db, row: Pick<LeasedDelivery, 'id' | 'attempts'>, reason: string): Promise<void> {
  await db.execute(sql`update notification_deliveries set dropped_at = now(), last_error = ${reason} where id = ${row.id}::uuid and attempts = ${row.attempts}`);
}

/** The send failed: tried again after `retryMinutes`, or never (null: given up). */
export async function markDeliveryFailed(db: Db, row: Pick<LeasedDelivery, 'id' | 'attempts'>, error: string, retryMinutes: number | null): Promise<void> {
  await db.execute(sql`
    update notification_deliveries set last_error = ${error},
      next_attempt_at = ${retryMinutes === null ? sql`'infinity'::timestamptz` : sql`now() + make_interval(mins => ${retryMinutes})`}
    where id = ${row.id}::uuid and attempts = ${row.attempts}
  `);
}

// Given up: as the outbox's (mail/queries.ts): every attempt made, and no worker at it.
const givenUp = (maxAttempts: number) =>
  sql`d.sent_at is null and d.dropped_at is null and d.attempts >= ${maxAttempts} and (d.next_attempt_at = 'infinity'::timestamptz or d.next_attempt_at <= now())`;

const givenUpRow = z.object({
  id: z.string(),
  channel: z.enum(['push', 'whatsapp', 'sms']),
  email: z.string(),
  phone: z.string().nullable(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: instantColumn,
});

/** The deliveries given up after `maxAttempts`, the oldest first: the operators' dead letters. */
export async function selectGivenUpDeliveries(db: Db, maxAttempts: number, limit: number) {
  const rows = await queryRows(db, givenUpRow, sql`
    select d.id, d.channel, u.email, u.phone, n.kind, n.params, d.attempts, d.last_error, d.created_at
    from notification_deliveries d join notifications n on n.id = d.notification_id join users u on u.id = d.user_id
    where ${givenUp(maxAttempts)}
    order by d.created_at, d.id
    limit ${limit}
  `);
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/** A given-up delivery queued again from its first attempt; false when it is not given up. */
export async function requeueGivenUpDelivery(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await queryRows(db, idRow, sql`
    update notification_deliveries d set attempts = 0, next_attempt_at = now(), last_error = null
    where d.id = ${id}::uuid and ${givenUp(maxAttempts)}
    returning d.id
  `);
  return rows.length > 0;
}

/** Deletes deliveries sent or dropped more than `days` ago; returns how many. */
export async function deleteDoneDeliveries(db: Db, days: number): Promise<number> {
  const rows = await queryRows(db, idRow, sql`
    delete from notification_deliveries where (sent_at is not null or dropped_at is not null) and created_at < now() - make_interval(days => ${days}) returning id
  `);
  return rows.length;
}

/** The account whose verified number is `phone` (one at most: users_verified_phone_idx). */
export async function selectUserByVerifiedPhone(db: Db, phone: string): Promise<string | undefined> {
  const [row] = await queryRows(db, idRow, sql`select id from users where phone = ${phone} and phone_verified_at is not null`);
  return row?.id;
}

// Push subscriptions and the app's own keys.

const keyRow = z.object({ value: z.unknown() });

/** The app's key `name`, made by `make` on first use; every process and restart then reads the same one. */
export async function selectOrInsertAppKey(db: Db, name: string, make: () => unknown): Promise<unknown> {
  await db.execute(sql`insert into app_keys (name, value) values (${name}, ${JSON.stringify(make())}::jsonb) on conflict (name) do nothing`);
  const [row] = await queryRows(db, keyRow, sql`select value from app_keys where name = ${name}`);
  return row!.value;
}

/** Keeps `s` for `userId`: a browser's endpoint is one subscription, now this user's. */
export async function upsertPushSubscription(db: Db, userId: string, s: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${userId}::uuid, ${s.endpoint}, ${s.p256dh}, ${s.auth})
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
  `);
}

/** Keeps `userId`'s newest `keep` subscriptions (browsers and devices), deleting older ones. */
export async function trimPushSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  await db.execute(sql`
    delete from push_subscriptions where user_id = ${userId}::uuid and id not in (
      select id from push_subscriptions where user_id = ${userId}::uuid order by created_at desc, id limit ${keep}
    )
  `);
}

export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where user_id = ${userId}::uuid and endpoint = ${endpoint}`);
}

export async function deletePushSubscriptionById(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where id = ${id}::uuid`);
}

const subscriptionRow = z.object({ id: z.string(), endpoint: z.string(), p256dh: z.string(), auth: z.string() });

export function selectPushSubscriptions(db: Db, userId: string) {
  return queryRows(db, subscriptionRow, sql`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${userId}::uuid order by created_at desc`);
}
