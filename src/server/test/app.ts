import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openStorage, type Storage } from '../storage';
import type { Database } from '../db/client';
import type { MailMessage, Mailer } from '../mail/mailer';
import { deliverQueuedMail } from '../mail/outbox';
import type { RenderPage } from '../../domain/server-render';
import { createTestDatabase } from './database';
import { deliverDue } from '../modules/notifications';
import type { OutboxPhoneFile, PhoneSenders } from '../phone';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  /** Every message the app sent, in order. */
  mail: MailMessage[];
  /** What the app logged at error level (an unhandled error behind a 500), newest last. */
  serverErrors: string[];
  /** Make the next sends fail, as a mail server that is down would. */
  failMail(fail: boolean): void;
  /**
   * Sends the queued mail (mail/outbox.ts) to `mail`, as the server's outbox worker would. Every
   * `app.inject` of a request that may write does it before it returns, so a test reads the mail
   * at once (unless `deliverMailOnInject: false`); a test that queues mail some other way (a job)
   * calls it.
   */
  deliverMail(): Promise<{ sent: number; failed: number }>;
  /**
   * Sends the due WhatsApp and SMS deliveries through the app's senders (the test mode, unless
   * the test gives its own), as the server's channel worker would; run with `deliverMail`.
   */
  deliverChannels(): Promise<{ sent: number; failed: number; dropped: number }>;
  /** What the phone channels' test mode wrote to the outbox, oldest first. */
  phoneOutbox(): OutboxPhoneFile[];
  dataDir: string;
  /** The app's stores: on the disk under dataDir, or in the bucket the env names. */
  storage: Storage;
  /** The database's URL on a PostgreSQL server (undefined on the embedded one). */
  databaseUrl: string | undefined;
};

/**
 * The real app on a fresh database for the tests of one file: call at the top of a describe
 * block or file; the context is filled in beforeAll and torn down afterAll.
 */
export function useTestApp(
  env: Record<string, string> = {},
  opts: { webDir?: string; renderPage?: RenderPage; deliverMailOnInject?: boolean; phone?: () => PhoneSenders } = {},
): TestContext {
  const ctx = { mail: [] as MailMessage[], serverErrors: [] as string[] } as TestContext;
  let mailDown = false;
  beforeAll(async () => {
    ctx.dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-test-'));
    const database = await createTestDatabase();
    ctx.database = database;
    ctx.databaseUrl = database.url;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.dataDir, ...env });
    ctx.storage = openStorage(config);
    const mailer: Mailer = {
      async send(message) {
        if (mailDown) throw new Error('mail server unreachable');
        ctx.mail.push(message);
      },
      close() {},
    };
    ctx.failMail = (fail) => {
      mailDown = fail;
    };
    ctx.deliverMail = () => deliverQueuedMail(ctx.database.db, mailer, { error() {}, warn() {} });
    // Errors only: a test that meets a 500 can say what broke.
    const logger = pino({ level: 'error' }, { write: (line: string) => void ctx.serverErrors.push(line) });
    ctx.app = await buildApp({ config, database: ctx.database, mailer, storage: ctx.storage, webDir: opts.webDir, renderPage: opts.renderPage, logger, ...(opts.phone ? { phone: opts.phone() } : {}) });
    await ctx.app.ready();
    ctx.deliverChannels = () => deliverDue(ctx.database.db, ctx.app.channels, config.publicUrl, { error() {}, warn() {} });
    ctx.phoneOutbox = () => {
      const dir = path.join(ctx.dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      return readdirSync(dir).sort().map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxPhoneFile | { channel?: undefined }).filter((m): m is OutboxPhoneFile => m.channel !== undefined);
    };
    if (opts.deliverMailOnInject === false) return;
    const inject = ctx.app.inject.bind(ctx.app) as (o: InjectOptions) => Promise<LightMyRequestResponse>;
    ctx.app.inject = (async (o: InjectOptions) => {
      const res = await inject(o);
      if ((o.method ?? 'GET') !== 'GET') {
        await ctx.deliverMail();
        await ctx.deliverChannels();
      }
      return res;
    }) as FastifyInstance['inject'];
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    if (ctx.dataDir) rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}
