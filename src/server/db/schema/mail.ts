import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { notifications } from './notifications';

// The mail outbox (server/mail). Owners: src/server/db/table-owners.ts.

/**
 * E-mail waiting to be sent (mail/outbox.ts). A notification is queued in the transaction that
 * causes it, so it is sent exactly when that commits, also after a crash, and the request that
 * caused it never waits for the mail server.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    replyTo: text('reply_to'),
    /** What it is about, for the logs: for example `booking <id>`. */
    about: text('about'),
    /** The notice this mail delivers (its e-mail channel), if it is one; sign-in codes and notes to support are not. */
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take it next: now when queued, later after a failure or while one sends it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null`),
    index('mail_outbox_sent_idx').on(t.sentAt).where(sql`sent_at is not null`),
    // A notice deleted (the purge) clears its mail's reference.
    index('mail_outbox_notification_idx').on(t.notificationId).where(sql`notification_id is not null`),
  ],
);
