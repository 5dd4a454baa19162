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
