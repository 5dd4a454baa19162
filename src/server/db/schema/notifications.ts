import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NoticeKind, NoticeParams, NoticeTopic } from '../../../domain/notifications/notices';
import type { Channel } from '../../../domain/notifications/routing';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

// What PawStay tells each user (issue 38, decision 056). Owners: src/server/db/table-owners.ts.

/**
 * One row per thing a user is told: stored in the transaction that makes the change, read in the
 * app's list, and the source every channel's delivery is made from. Kinds grow with the product,
 * so the code's type, not a check, names them.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    params: jsonb('params').$type<NoticeParams>().notNull(),
    /**
     * One thing told again while still unread (the unread messages of one conversation) updates
     * its row instead of adding one, so the list and the count say it once.
     */
    collapseKey: text('collapse_key'),
    createdAt: createdAt(),
    /** When it last happened: a collapsed notice told again moves to the top. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The list, newest first, a page at a time.
    index('notifications_user_idx').on(t.userId, t.lastAt.desc(), t.id.desc()),
    // The bell's count.
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    uniqueIndex('notifications_collapse_idx').on(t.userId, t.collapseKey).where(sql`read_at is null and collapse_key is not null`),
    // Read notices are deleted after a while (the purge job).
    index('notifications_read_idx').on(t.readAt).where(sql`read_at is not null`),
  ],
);

/** A user's choices; a user without a row has the defaults (domain/notifications/routing.ts). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The channels chosen per topic; a topic missing keeps its default. */
    topics: jsonb('topics').$type<Partial<Record<NoticeTopic, Channel[]>>>().notNull().default(sql`'{}'::jsonb`),
    /** Quiet hours in minutes after midnight, India time; both null: none. */
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('notification_settings_quiet_check', sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and ${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439`),
  ],
);

/**
 * One row per notice and channel beyond e-mail (push, WhatsApp, SMS; decision 058): queued with
 * the notice, in its transaction; sent by the channel workers of every process, each row leased
 * with SKIP LOCKED so that one process sends it; retried, and given up after the last attempt
 * (the operators' dead letters). Its words are made from the notice when it is sent.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<Exclude<Channel, 'email'>>().notNull(),
    /** When it may go: now, or the end of the user's quiet hours; pushed on by each lease and failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Not sent, for good: the user has no way on this channel any more (a number unverified, a subscription gone). */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    // Once per notice and channel: a collapsed notice told again re-arms its row instead of adding one.
    uniqueIndex('notification_deliveries_once_idx').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null and dropped_at is null`),
    index('notification_deliveries_done_idx').on(t.createdAt).where(sql`sent_at is not null or dropped_at is not null`),
    check('notification_deliveries_channel_check', sql`${t.channel} in ('push', 'whatsapp', 'sms')`),
  ],
);

/** A browser's Web Push subscription (its push service's endpoint and keys), one per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Keys the app makes for itself where configuration gives none (development's VAPID key pair),
 * kept so that every process and restart signs with the same one.
 */
export const appKeys = pgTable('app_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});
