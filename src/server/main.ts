import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, paymentsTestMode } from './config';
import { openDatabase, runMigrations } from './db/client';
import { seedDemoData } from './db/seed/seed';
import { createMailer } from './mail/mailer';
import { startJobs } from './jobs';
import { loadRenderer } from './http/server-render';
import { checkStorage, openStorage } from './storage';
import { backfillPhotoVariants } from './uploads/photo-store';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`PawStay cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const log = pino({ level: config.logLevel, base: { app: 'pawstay' } });
  const database = await openDatabase(config);
  log.info({ database: database.kind, dataDir: config.dataDir }, 'database opened');
  await runMigrations(database);

  await checkStorage(config);
  const storage = openStorage(config);
  log.info({ storage: config.storage.kind === 's3' ? `s3://${config.storage.bucket}` : config.dataDir, photosFrom: config.publicAssetUrl ?? '/uploads' }, 'storage opened');
  if (config.seedDemo) {
    const seeded = await seedDemoData(database.db, {
      photos: storage.photos,
      photosDir: config.demoPhotosDir,
      log,
      stays: { publicUrl: config.publicUrl, photos: storage.stayPhotos },
      testMode: paymentsTestMode(config),
      // A made-up number is given to the demo host only where no SMS or WhatsApp can reach it.
      phoneTestMode: config.phone.sms?.provider !== 'live' && config.phone.whatsapp?.provider !== 'live',
    });
    if (seeded) log.info(seeded, 'demo data loaded');
  }


  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log, logText: config.env !== 'production', publicUrl: config.publicUrl });
  // The bundle lives in dist/server with the web build beside it in dist/web; run from source
  // (npm run dev), the server still serves the last build, while Vite serves the live one.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDir = path.basename(here) === 'server' && path.basename(path.dirname(here)) === 'dist'
    ? path.resolve(here, '..', 'web')
    : path.resolve(here, '..', '..', 'dist', 'web');
  const renderPage = await loadRenderer(path.join(webDir, '..', 'ssr', 'entry-server.js'), log);
  const app = await buildApp({ config, database, mailer, storage, webDir, renderPage, logger: log });
  // The background jobs (jobs/index.ts): the booking lifecycle, the mail outbox, the unread-messages
  // mail and the sweep of expired sign-ins.
  const jobs = await startJobs({ database, mailer, payments: app.payments, channels: app.channels, storage, config, log, metrics: app.metrics });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness fails from now on; for DRAIN_SECONDS the process still serves everything, so a load
    // balancer that checks readiness stops sending it requests before it stops taking them.
    app.lifecycle.draining = true;
    if (config.drainMs > 0) {
      log.info({ signal, drainSeconds: config.drainMs / 1000 }, 'draining: not ready, still serving');
      await new Promise((r) => setTimeout(r, config.drainMs));
    }
    log.info({ signal }, 'stopping: finishing requests in flight');
    // A stuck request must not keep the process (and the embedded database) open forever.
    const force = setTimeout(() => {
      log.error('requests still running after 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await jobs.stop();
      mailer.close();
      await database.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // After the listen: on a large bucket the listing takes a while, and photos serve meanwhile.
  void backfillPhotoVariants(storage.photos, log).then(
    (backfilled) => backfilled && log.info({ backfilled }, 'made the photo variants that older photos lacked'),
    (err) => log.error({ err }, 'could not look for missing photo variants'),
  );
  if (config.payments.provider === 'test') {
    log.warn('payments: TEST MODE, the built-in test gateway; no real money moves (set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET for Razorpay)');
  } else {
    log.info({ keyId: config.payments.keyId }, `payments: Razorpay (${config.payments.keyId.startsWith('rzp_live_') ? 'live' : 'test'} keys)`);
  }
  log.info(`PawStay is ready at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error('PawStay failed to start:', err);
  process.exit(1);
});
