import type { FastifyBaseLogger } from 'fastify';
import { isReceipt, isUrgent, type NoticeKind, type NoticeParams, NOTICE_KINDS, noticeText, topicOf } from '../../../domain/notifications/notices';
import { CHANNEL_LABELS, type Channel } from '../../../domain/notifications/routing';
import type { Database, Db } from '../../db/client';
import { type JobMetrics, startPeriodicJob } from '../../jobs/periodic';
import { languageFor, type PhoneSenders, UndeliverableError } from '../../phone';
import { wordsIn } from '../../i18n/words';
import type { PushPayload, PushSender } from '../../push/web-push';
import { deleteDoneDeliveries, deletePushSubscriptionById, selectPushSubscriptions, type LeasedDelivery, leaseDueDeliveries, markDeliveryDropped, markDeliveryFailed, markDeliverySent, requeueGivenUpDelivery, selectGivenUpDeliveries, wakeListeners } from './queries';
import { settingsOf } from './recipient';

// The channel workers (decision 058): push, WhatsApp and SMS deliveries, queued with their notice
// in the change's transaction (notify), sent by a worker in every app process, woken by NOTIFY and
// every 30 s. Each row is leased with SKIP LOCKED, so one worker sends it; a worker that dies
// between sending and recording leaves it to be sent again after the lease: at least once, as the
// mail outbox. What the row says is read when it is sent: a number unverified meanwhile, a channel
// turned off, a suspension or a notice already read drop it unsent.

export const DELIVERY_CHANNEL = 'pawstay_deliveries';

export const DELIVERY_POLICY = {
  batch: 20,
  concurrency: 4,
  /** Longer than a batch can take with every call hanging to its 30 s timeout. */
  leaseSeconds: 300,
  retryMinutes: [1, 5, 30, 120],
  maxAttempts: 6,
  /** Sent and dropped rows are kept this long (what went out, for support), then deleted. */
  keepDays: 7,
} as const;

/** The senders of the channels beyond e-mail. */
export type ChannelSenders = PhoneSenders & { push: PushSender | null };

/** Wakes the workers of every process, at commit. */
export const wakeDeliveryWorkers = (db: Db) => wakeListeners(db, DELIVERY_CHANNEL, '');

const retryAfterMinutes = (attempts: number) => DELIVERY_POLICY.retryMinutes[Math.min(attempts, DELIVERY_POLICY.retryMinutes.length) - 1]!;

/** Why `row` must not go now, for good; undefined when it may. */
function reasonToDrop(row: LeasedDelivery, senders: ChannelSenders): string | undefined {
  if (!(row.kind in NOTICE_KINDS)) return 'a kind this version does not know';
  const kind = row.kind as NoticeKind;
  if (row.suspended && !isReceipt(kind)) return 'the account is suspended';
  if (row.read) return 'read in the app before it went';
  if (!settingsOf(row).topics[topicOf(kind)].includes(row.channel)) return `${CHANNEL_LABELS[row.channel]} turned off for this topic`;
  if (row.channel === 'push') return row.has_push ? (senders.push ? undefined : 'no push configured') : 'no push subscription';
  if (!row.phone_verified || !row.phone) return 'no verified mobile number';
  if (!senders[row.channel]) return `no ${CHANNEL_LABELS[row.channel]} provider configured`;
  return undefined;
}

/**
 * Sends what is due, a batch at a time, until nothing is; safe in several processes at once.
 * Returns the counts for the job's log.
 */
export async function deliverDue(db: Db, senders: ChannelSenders, publicUrl: string, log: Pick<FastifyBaseLogger, 'error' | 'warn'>) {
  const counts = { sent: 0, failed: 0, dropped: 0 };
  for (;;) {
    const batch = await leaseDueDeliveries(db, { leaseSeconds: DELIVERY_POLICY.leaseSeconds, maxAttempts: DELIVERY_POLICY.maxAttempts, limit: DELIVERY_POLICY.batch });
    if (batch.length === 0) break;
    const sendOne = async (row: LeasedDelivery) => {
      const drop = reasonToDrop(row, senders);
      if (drop) {
        counts.dropped++;
        await markDeliveryDropped(db, row, drop);
        return;
      }
      const kind = row.kind as NoticeKind;
      // In the reader's language; by SMS or WhatsApp, in one its templates are registered in.
      const locale = row.channel === 'push' ? row.locale : languageFor(senders[row.channel]!, row.locale);
      const text = noticeText(kind, row.params as NoticeParams, wordsIn(locale));
      try {
        if (row.channel === 'push') {
          if ((await pushToEveryDevice(db, senders.push!, row, { title: text.title, body: text.body, url: text.link, tag: row.notification_id }, isUrgent(kind))) === 0) {
            counts.dropped++;
            await markDeliveryDropped(db, row, 'every push subscription is gone');
            return;
          }
        } else {
          await senders[row.channel]!.send({ kind: 'notice', to: row.phone!, locale, topic: topicOf(kind), title: text.title, body: text.body, url: `${publicUrl}${text.link}` }, row.id);
        }
      } catch (err) {
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        if (err instanceof UndeliverableError) {
          counts.dropped++;
          await markDeliveryDropped(db, row, message);
          return;
        }
        counts.failed++;
        const last = row.attempts >= DELIVERY_POLICY.maxAttempts;
        await markDeliveryFailed(db, row, message, last ? null : retryAfterMinutes(row.attempts));
        (last ? log.error : log.warn).call(log, { err, deliveryId: row.id, channel: row.channel, attempts: row.attempts }, last ? 'delivery given up after the last attempt' : 'delivery not sent; will retry');
        return;
      }
      await markDeliverySent(db, row);
      counts.sent++;
    };
    for (let i = 0; i < batch.length; i += DELIVERY_POLICY.concurrency) {
      await Promise.all(batch.slice(i, i + DELIVERY_POLICY.concurrency).map(sendOne));
    }
    if (batch.length < DELIVERY_POLICY.batch) break;
  }
  return counts;
}

/**
 * Pushes to each of the user's subscriptions; deletes those their push service says are gone.
 * Answers how many took it; throws (a retry) only when none did and one failed.
 */
async function pushToEveryDevice(db: Db, push: PushSender, row: LeasedDelivery, payload: PushPayload, urgent: boolean): Promise<number> {
  let sent = 0;
  let failure: unknown;
  for (const subscription of await selectPushSubscriptions(db, row.user_id)) {
    try {
      if ((await push.send(subscription, payload, { urgent })) === 'gone') await deletePushSubscriptionById(db, subscription.id);
      else sent++;
    } catch (err) {
      failure = err;
    }
  }
  // A device that took it is not sent it again for another that failed.
  if (sent === 0 && failure) throw failure;
  return sent;
}

/** This process's channel worker: at once when a delivery is queued anywhere, and every 30 s. */
export async function startDeliveryWorker(opts: { database: Database; senders: ChannelSenders; publicUrl: string; log: FastifyBaseLogger; metrics?: JobMetrics }): Promise<{ stop(): Promise<void> }> {
  const { database, senders, publicUrl, log } = opts;
  const run = async () => ({ ...(await deliverDue(database.db, senders, publicUrl, log)), purged: await deleteDoneDeliveries(database.db, DELIVERY_POLICY.keepDays) });
  let job: ReturnType<typeof startPeriodicJob> | undefined;
  const unlisten = await database.listen(DELIVERY_CHANNEL, () => job?.kick(), () => job?.kick());
  job = startPeriodicJob({ name: 'notification deliveries', run, everyMs: 30_000, log, metrics: opts.metrics });
  return {
    async stop() {
      await unlisten();
      await job?.stop();
    },
  };
}

/** Deliveries given up after the last attempt, for the operators' console (oldest first, at most 200). */
export async function givenUpDeliveries(db: Db) {
  const rows = await selectGivenUpDeliveries(db, DELIVERY_POLICY.maxAttempts, 200);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel as Channel,
    to: r.channel === 'push' ? r.email : (r.phone ?? r.email),
    // The operators' console is in English (decision 066).
    subject: r.kind in NOTICE_KINDS ? noticeText(r.kind as NoticeKind, r.params as NoticeParams, wordsIn('en')).title : r.kind,
    attempts: r.attempts,
    last_error: r.last_error,
    created_at: r.created_at,
  }));
}

/** Sends a given-up delivery again from its first attempt, with the operator's transaction; false when it is not given up. */
export async function requeueDelivery(db: Db, id: string): Promise<boolean> {
  if (!(await requeueGivenUpDelivery(db, id, DELIVERY_POLICY.maxAttempts))) return false;
  await wakeDeliveryWorkers(db);
  return true;
}
