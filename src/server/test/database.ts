import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client';

/**
 * A fresh, migrated, empty database for one test file (see global-setup.ts); on a server, with its
 * URL, so a test can open it again as a second app process would.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const blob = new Blob([readFileSync(source.templateFile)]);
    return openPglite(undefined, blob);
  }
  const name = `pawstay_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${source.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: source.adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`).finally(() => drop.end());
    },
  };
}
