import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredSignIns } from '../auth/expired';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { startMailOutbox } from '../mail/outbox';
import { mailUnreadMessages } from '../modules/messages';
import { type ChannelSenders, startDeliveryWorker } from '../modules/notifications';
import { purgeOldPhoneCodes } from '../modules/profile';
import { runPaymentJob } from '../modules/payments';
import { sweepStayPhotos } from '../modules/stays';
import { deleteDueIdFiles } from '../modules/verification';
import type { Storage } from '../storage';
import type { PaymentProvider } from '../payments/provider';
import { startLifecycleJob } from './lifecycle';
import { type JobMetrics, startPeriodicJob } from './periodic';

// The app's background jobs, and when each runs: the modules own their steps, this is the
// schedule. Every job is safe to run in several processes at once.

/** Starts every job; `stop()` waits for the runs in progress, so the database is not closed under them. */
export async function startJobs(opts: {
  database: Database;
  mailer: Mailer;
  payments: PaymentProvider;
  /** The channels beyond e-mail: SMS and WhatsApp (their providers or the test mode). */
  channels: ChannelSenders;
  storage: Storage;
  config: Pick<Config, 'publicUrl' | 'operatorGstin'>;
  metrics?: JobMetrics;
  log: FastifyBaseLogger;
}): Promise<{ stop(): Promise<void> }> {
  const { database, mailer, payments, channels, storage, config, log, metrics } = opts;
  // Expires unanswered requests and completes past stays, then publishes due reviews, every minute.
  const lifecycle = startLifecycleJob({ db: database.db, publicUrl: config.publicUrl, testMode: payments.name === 'test', log, metrics });
  // Sends the queued notification e-mail: at once when one is queued, and retries (mail/outbox.ts).
  const outbox = await startMailOutbox({ database, mailer, log, metrics });
  // Sends the notices' WhatsApp and SMS (push to come): at once when one is queued, and retries.
  const deliveries = await startDeliveryWorker({ database, senders: channels, publicUrl: config.publicUrl, log, metrics });
  // E-mails whoever left a message unread for 15 minutes (at most hourly per conversation).
  const unreadMail = startPeriodicJob({
    name: 'unread-messages mail',
    run: () => mailUnreadMessages(database.db, { publicUrl: config.publicUrl }),
    everyMs: 60_000,
    log,
    metrics,
  });
  // Sends the refunds decided and asks the provider about payments and refunds pending 15 minutes.
  const paymentJob = startPeriodicJob({
    name: 'payments',
    run: () => runPaymentJob({ db: database.db, payments, publicUrl: config.publicUrl, log, operatorGstin: config.operatorGstin }),
    everyMs: 60_000,
    log,
    metrics,
  });
  // Test mode: the test gateway's webhooks, at once when one is queued, and their retries.
  const gatewayWebhooks = payments.webhooks && startPeriodicJob({ name: 'test gateway webhooks', run: () => payments.webhooks!.deliver(log), everyMs: 5_000, log, metrics });
  if (gatewayWebhooks) payments.webhooks!.onQueued(gatewayWebhooks.kick);
  // Deletes expired sessions and old sign-in codes, hourly.
  const signInSweep = startPeriodicJob({ name: 'expired sign-ins', run: async () => ({ ...(await deleteExpiredSignIns(database.db)), phoneCodes: await purgeOldPhoneCodes(database.db) }), everyMs: 3_600_000, log, metrics });
  // Deletes hosts' ID files 30 days after the decision on their verification, hourly.
  const idFileSweep = startPeriodicJob({ name: 'ID files due for deletion', run: () => deleteDueIdFiles(database.db, storage.idDocuments, log), everyMs: 3_600_000, log, metrics });
  // Deletes the stay photo files no update names (a request that failed after storing them), in
  // two looks an hour apart at least; every 6 hours, as it reads the whole store's list.
  const stayPhotoSweep = startPeriodicJob({ name: 'stay photo files no update names', run: () => sweepStayPhotos(database.db, storage.stayPhotos, log), everyMs: 6 * 3_600_000, log, metrics });
  return {
    async stop() {
      await lifecycle.stop();
      await stayPhotoSweep.stop();
      await unreadMail.stop();
      await signInSweep.stop();
      await idFileSweep.stop();
      await paymentJob.stop();
      await gatewayWebhooks?.stop();
      await outbox.stop();
      await deliveries.stop();
    },
  };
}
