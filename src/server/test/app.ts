import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import type { MailMessage, Mailer } from '../mail/mailer';
import { createTestDatabase } from './database';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  /** Every message the app sent, in order. */
  mail: MailMessage[];
  /** Make the next sends fail, as a mail server that is down would. */
  failMail(fail: boolean): void;
  dataDir: string;
};

/**
 * The real app on a fresh database for the tests of one file: call at the top of a describe
 * block or file; the context is filled in beforeAll and torn down afterAll.
 */
export function useTestApp(env: Record<string, string> = {}, opts: { webDir?: string } = {}): TestContext {
  const ctx = { mail: [] as MailMessage[] } as TestContext;
  let mailDown = false;
  beforeAll(async () => {
    ctx.dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-test-'));
    ctx.database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.dataDir, ...env });
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
    ctx.app = await buildApp({ config, database: ctx.database, mailer, webDir: opts.webDir });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    if (ctx.dataDir) rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}
