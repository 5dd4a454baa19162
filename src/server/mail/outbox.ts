import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import { type JobMetrics, startPeriodicJob } from '../jobs/periodic';
import { unsubscribePath } from '../../domain/contracts/notification';
import { mayUnsubscribeInOneClick } from '../../domain/notifications/notices';
import type { MailMessage, Mailer } from './mailer';
import type { LocalMail } from './words';
import { selectUserLocale, deleteSentMail, insertQueuedMail, leaseDueMail, markMailFailed, markMailSent, notifySenders, type QueuedRow, requeueGivenUpMail, selectGivenUpMail } from './queries';

// Notification e-mail (booking requests and answers, expiries, contact messages) goes through a
// table: queued in the transaction that causes it, sent by a worker in every app process, woken
// by NOTIFY and every 30 s. A request never waits for the mail server (under load a booking
// request took 1.4 s, mostly SMTP), a mail is never lost to a crash after the commit, and a mail
// server that is down only delays it. Delivery is at least once: a process that dies between
// sending and recording it leaves the mail to be sent again after the lease.
//
// Sign-in codes do not come this way: the visitor waits for the code, and must hear at once when
// it cannot be sent.

export const MAIL_CHANNEL = 'pawstay_mail';

export const OUTBOX_POLICY = {
  /** How many mails a sender takes at once. */
  batch: 10,
  /**
   * How many of them go out side by side: fewer than the SMTP pool's connections (mailer.ts), so
   * that a backlog never makes a sign-in code wait for a free connection.
   */
  concurrency: 3,
  /**
   * A taken mail is offered again after this, should its sender die. Longer than a whole batch
   * can take with every send hanging to its timeouts (4 rounds of 3, each at most 2 minutes).
   */
  leaseSeconds: 900,
  /** Waits after the 1st, 2nd ... failure; the last repeats until `maxAttempts`. */
  retryMinutes: [1, 5, 30, 120, 360],
  maxAttempts: 10,
  /** Sent mail is kept this long (what went out, for support), then deleted. */
  keepSentDays: 7,
} as const;

/** Queues `mail` to user `userId`, written in their saved language (English until they choose one). */
export async function queueMailFor(db: Db, userId: string, mail: LocalMail, about?: string): Promise<void> {
  await queueMail(db, mail(await selectUserLocale(db, userId)), about);
}

/**
 * Queues `message`; call it with the transaction that makes the change it reports. A notice's
 * e-mail comes through notify() (modules/notifications), which names the notice it delivers.
 */

export async function queueMail(db: Db, message: MailMessage, about?: string, notificationId?: string): Promise<void> {
  await insertQueuedMail(db, message, about ?? null, notificationId ?? null);
  // Delivered at commit, and not at all if the transaction rolls back.
  await notifySenders(db, MAIL_CHANNEL);
}

const retryAfterMinutes = (attempts: number) =>
  OUTBOX_POLICY.retryMinutes[Math.min(attempts, OUTBOX_POLICY.retryMinutes.length) - 1]!;

/**
 * Sends what is due, a batch at a time, until nothing is; safe to run in several processes at
 * once (each batch is leased with SKIP LOCKED). Returns the counts for the job's log.
 */
export async function deliverQueuedMail(db: Db, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error' | 'warn'>): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await leaseDueMail(db, { leaseSeconds: OUTBOX_POLICY.leaseSeconds, maxAttempts: OUTBOX_POLICY.maxAttempts, limit: OUTBOX_POLICY.batch });
    if (batch.length === 0) break;
    const sendOne = async (row: QueuedRow) => {
      try {
        await mailer.send({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(row.reply_to ? { replyTo: row.reply_to } : {}),
          // A notice's mail can be turned off for its topic in one click, but what must be answered in time.
          ...(row.notification_id && row.notice_kind && mayUnsubscribeInOneClick(row.notice_kind) ? { unsubscribePath: unsubscribePath(row.notification_id) } : {}),
        });
      } catch (err) {
        failed++;
        const last = row.attempts >= OUTBOX_POLICY.maxAttempts;
        // A message of its own: the error may be an object without one.
        const message = err instanceof Error ? err.message : String(err);
        await markMailFailed(db, row, message.slice(0, 500), last ? null : retryAfterMinutes(row.attempts));
        (last ? log.error : log.warn).call(log, { err, mailId: row.id, about: row.about, attempts: row.attempts }, last ? 'mail given up after the last attempt' : 'mail not sent; will retry');
        return;
      }
      // Sent: a failure to record it is the run's error (logged by the job); the lease then
      // runs out and the mail goes again, which at-least-once delivery allows.
      await markMailSent(db, row);
      sent++;
    };
    for (let i = 0; i < batch.length; i += OUTBOX_POLICY.concurrency) {
      await Promise.all(batch.slice(i, i + OUTBOX_POLICY.concurrency).map(sendOne));
    }
    if (batch.length < OUTBOX_POLICY.batch) break;
  }
  return { sent, failed };
}

/** Deletes sent mail older than OUTBOX_POLICY.keepSentDays; returns how many. */
export const purgeSentMail = (db: Db): Promise<number> => deleteSentMail(db, OUTBOX_POLICY.keepSentDays);

/** The sender of this process: at once when mail is queued anywhere, and every 30 s for retries. */
export async function startMailOutbox(opts: { database: Database; mailer: Mailer; log: FastifyBaseLogger; metrics?: JobMetrics }): Promise<{ stop(): Promise<void> }> {
  const { database, mailer, log } = opts;
  const run = async () => ({ ...(await deliverQueuedMail(database.db, mailer, log)), purged: await purgeSentMail(database.db) });
  let job: ReturnType<typeof startPeriodicJob> | undefined;
  // Listening first: if that fails, no job is left running.
  const unlisten = await database.listen(MAIL_CHANNEL, () => job?.kick(), () => job?.kick());
  job = startPeriodicJob({ name: 'mail outbox', run, everyMs: 30_000, log, metrics: opts.metrics });
  return {
    async stop() {
      await unlisten();
      await job?.stop();
    },
  };
}

/** The mails given up after the last attempt, for the operators' console (oldest first, at most 200). */
export const givenUpMail = (db: Db) => selectGivenUpMail(db, OUTBOX_POLICY.maxAttempts, 200);

/** Sends a given-up mail again from its first attempt, with `db`, the operator's transaction; false when it is not given up. */
export async function requeueMail(db: Db, id: string): Promise<boolean> {
  if (!(await requeueGivenUpMail(db, id, OUTBOX_POLICY.maxAttempts))) return false;
  await notifySenders(db, MAIL_CHANNEL);
  return true;
}
