import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';
import { openPglite, runMigrations } from './client';
import { rawRows } from '../test/rows';

// `npm run backup` / `npm run restore` for the embedded database: a round trip keeps every row,
// and neither side touches a database another process may have open or one that exists.

const dir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded database backups', () => {
  it('restores exactly what was backed up, into a new directory', async () => {
    const source = path.join(dir, 'source');
    const db = await openPglite(source);
    await runMigrations(db);
    await db.db.execute(sql`insert into users (email, name) values ('backup@example.com', 'Backed Up')`);
    await db.close();

    const archive = path.join(dir, 'pawstay.tar.gz');
    await backupPglite(source, archive);

    const target = path.join(dir, 'target');
    await restorePglite(archive, target);
    const restored = await openPglite(target);
    const rows = await rawRows<{ email: string; name: string }>(restored.db, sql`select email, name from users`);
    // Migrations are part of the copy: running them again finds nothing to do.
    await runMigrations(restored);
    await restored.close();
    expect(rows).toEqual([{ email: 'backup@example.com', name: 'Backed Up' }]);
    // Two fresh embedded databases (initdb and every migration, then a restore): 10-20 s each on
    // a busy 2-core host, which the 30 s default did not always leave room for.
  }, 120_000);

  it('refuses to copy a database that is open (its lock file exists)', async () => {
    const open = path.join(dir, 'open');
    const db = await openPglite(open);
    try {
      await expect(backupPglite(open, path.join(dir, 'never.tar.gz'))).rejects.toThrow(/in use/);
    } finally {
      await db.close();
    }
  });

  it('never restores over an existing database', async () => {
    const occupied = path.join(dir, 'occupied');
    const db = await openPglite(occupied);
    await db.close();
    writeFileSync(path.join(dir, 'any.tar.gz'), '');
    await expect(restorePglite(path.join(dir, 'any.tar.gz'), occupied)).rejects.toThrow(/not empty/);
  });
});

describe('PostgreSQL server backups', () => {
  const source = inject('testDatabase');
  it.skipIf(source.kind === 'pglite')('pg_dump and pg_restore round-trip every row (PostgreSQL)', async () => {
    if (source.kind !== 'postgres') return;
    const admin = new pg.Client({ connectionString: source.adminUrl });
    await admin.connect();
    const names = [`pawstay_bk_${randomBytes(4).toString('hex')}`, `pawstay_rs_${randomBytes(4).toString('hex')}`];
    const urlOf = (name: string) => Object.assign(new URL(source.adminUrl), { pathname: `/${name}` }).toString();
    try {
      await admin.query(`create database ${names[0]} template ${source.template}`);
      await admin.query(`create database ${names[1]}`);
      const from = new pg.Client({ connectionString: urlOf(names[0]!) });
      await from.connect();
      await from.query(`insert into users (email, name) values ('pg-backup@example.com', 'On a Server')`);
      await from.end();

      const file = path.join(dir, 'server.dump');
      backupPostgres(urlOf(names[0]!), file);
      restorePostgres(file, urlOf(names[1]!));

      const to = new pg.Client({ connectionString: urlOf(names[1]!) });
      await to.connect();
      const { rows } = await to.query(`select email, name from users`);
      await to.end();
      expect(rows).toEqual([{ email: 'pg-backup@example.com', name: 'On a Server' }]);
    } finally {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
