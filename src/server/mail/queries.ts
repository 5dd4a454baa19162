import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { instantColumn, iso, queryRows } from '../db/rows';
import { mailOutbox } from '../db/schema';
import { LOCALES, type Locale } from '../../domain/locales';
import type { MailMessage } from './mailer';

// The outbox's SQL (decision 024, and 044: mail_outbox is mail's table); outbox.ts says how it is used.

/** Stores `message` to send, with `tx`, the transaction that makes the change it reports. */
export async function insertQueuedMail(db: Db, message: MailMessage, about: string | null, notificationId: string | null): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    replyTo: message.replyTo ?? null,
    about,
    notificationId,
  });
}

/** Wakes the senders of every process, at commit (NOTIFY is transactional). */
export async function notifySenders(db: Db, channel: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, '')`);
}

const queuedRow = z.object({
  id: z.string(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.string(),
  reply_to: z.string().nullable(),
  about: z.string().nullable(),
  notification_id: z.string().nullable(),
  /** Its notice's kind: whether it may carry a one-click unsubscribe. */
  notice_kind: z.string().nullable(),
  attempts: z.number().int(),
});

export type QueuedRow = z.infer<typeof queuedRow>;

/** Takes up to `limit` due mails, leased for `leaseSeconds` (SKIP LOCKED: several senders share the queue). */
export function leaseDueMail(db: Db, p: { leaseSeconds: number; maxAttempts: number; limit: number }): Promise<QueuedRow[]> {
  return queryRows(db, queuedRow, sql`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${p.leaseSeconds})
    where id in (
      select id from mail_outbox
      where sent_at is null and next_attempt_at <= now() and attempts < ${p.maxAttempts}
      order by next_attempt_at
      limit ${p.limit}
      for update skip locked
    )
    returning id, to_address, subject, text_body, html_body, reply_to, about, notification_id,
      (select n.kind from notifications n where n.id = mail_outbox.notification_id) as notice_kind, attempts
  `);
}

// `attempts = ` in each update: only while this sender's lease is the row's latest, so a
// sender that outlived its lease cannot overwrite what the next one recorded.

/** The send failed: the error kept, tried again after `retryMinutes`, or never (null: given up). */
export async function markMailFailed(db: Db, row: Pick<QueuedRow, 'id' | 'attempts'>, error: string, retryMinutes: number | null): Promise<void> {
  await db.execute(sql`
    update mail_outbox set last_error = ${error},
      next_attempt_at = ${retryMinutes === null ? sql`'infinity'::timestamptz` : sql`now() + make_interval(mins => ${retryMinutes})`}
    where id = ${row.id}::uuid and attempts = ${row.attempts}
  `);
}

/** Sent. */
export async function markMailSent(db: Db, row: Pick<QueuedRow, 'id' | 'attempts'>): Promise<void> {
  await db.execute(sql`update mail_outbox set sent_at = now(), last_error = null where id = ${row.id}::uuid and attempts = ${row.attempts}`);
}

const purgedRow = z.object({ id: z.string() });

/** Deletes sent mail older than `days`; returns how many. */
export async function deleteSentMail(db: Db, days: number): Promise<number> {
  const rows = await queryRows(db, purgedRow, sql`
    delete from mail_outbox where sent_at < now() - make_interval(days => ${days}) returning id
  `);
  return rows.length;
}

const givenUpRow = z.object({
  id: z.string(),
  to_address: z.string(),
  subject: z.string(),
  about: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: instantColumn,
});

// Given up: every attempt made, and no sender at it (the last failure set next_attempt_at to
// infinity, or the lease of a sender that died ran out). A sender still at its last attempt is
// not given up yet: sending it again then would send it twice.
const givenUp = (maxAttempts: number) => sql`sent_at is null and attempts >= ${maxAttempts} and (next_attempt_at = 'infinity'::timestamptz or next_attempt_at <= now())`;

/** Mail the senders gave up on (`maxAttempts` failures), the oldest first: the operators' dead letters. */
export async function selectGivenUpMail(db: Db, maxAttempts: number, limit: number) {
  const rows = await queryRows(db, givenUpRow, sql`
    select id, to_address, subject, about, attempts, last_error, created_at from mail_outbox
    where ${givenUp(maxAttempts)}
    order by created_at, id
    limit ${limit}
  `);
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/** A given-up mail queued again from its first attempt; false when it is not given up (sent, unknown, still trying). */
export async function requeueGivenUpMail(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await queryRows(db, purgedRow, sql`
    update mail_outbox set attempts = 0, next_attempt_at = now()
    where id = ${id}::uuid and ${givenUp(maxAttempts)}
    returning id
  `);
  return rows.length > 0;
}

const localeRow = z.object({ locale: z.enum(LOCALES) });

/** The language `userId` reads their e-mail in: their saved choice, English until they make one. */
export async function selectUserLocale(db: Db, userId: string): Promise<Locale> {
  const [row] = await queryRows(db, localeRow, sql`select coalesce(locale, 'en') as locale from users where id = ${userId}::uuid`);
  return row?.locale ?? 'en';
}
