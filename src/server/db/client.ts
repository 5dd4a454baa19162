import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { CheckedPool, checkedPglite } from './transaction-check';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs one trivial query; throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * LISTEN on `channel`: `onNotify` gets each NOTIFY payload, after its transaction committed, in
   * commit order, from every process using the database. On a server the listening connection
   * is re-opened when it drops, and `onReconnect` is called: notifications sent meanwhile are
   * lost, so the listener should catch up from the data itself. Resolves to an unlisten function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** The pool's connections, for the metrics; absent on the embedded database (one, in process). */
  connections?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * The SQL migrations folder. In the source tree it sits beside this file; the server build
 * copies it beside the bundle (dist/server/migrations).
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

// Each one a migration creates: btree_gist (0001, holds), cube (0003, distance search).
const PGLITE_EXTENSIONS = { btree_gist, cube };

/** The embedded PostgreSQL (PGlite) stored in `dir`, or in memory when `dir` is undefined. */
export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite({ client: checkedPglite(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify) => {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      // One process holds the embedded database: its connection never drops.
      return client.listen(channel, onNotify);
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  // A server that stops answering fails a request after 10 s (and the readiness check sooner)
  // rather than holding it, and the connection the pool waits for, forever.
  const pool = new CheckedPool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // The readiness check's own connection: under load the pool may have none free for seconds,
  // and a busy process is not a broken one (every process would turn not ready at once).
  const pingPool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 60_000, connectionTimeoutMillis: 2_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  pingPool.on('error', () => {});
  const db = drizzleNodePg({ client: pool as unknown as pg.Pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pingPool.query('select 1');
    },
    listen: (channel, onNotify, onReconnect) => listenOnServer(url, channel, onNotify, onReconnect),
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([pool.end(), pingPool.end()]);
    },
  };
}

/**
 * LISTEN needs a connection of its own for as long as it listens (a pooled one would be handed
 * to other queries). When it drops (a server restart, a network blip) it is re-opened with
 * growing waits, and `onReconnect` lets the listener catch up on what it missed.
 */
async function listenOnServer(url: string, channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // keepAlive: a link that dies silently must end, or notifications would stop unnoticed.
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => {});
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      timer = setTimeout(() => void reconnect(0), 250);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };

  const reconnect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
      onReconnect?.();
    } catch {
      timer = setTimeout(() => void reconnect(attempt + 1), Math.min(250 * 2 ** attempt, 10_000));
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in `dataDir`. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite(path.join(opts.dataDir, 'pgdata'));
}

// Any fixed number, shared by every process of this app, so that only one migrates at a time.
const MIGRATION_LOCK_KEY = 7_263_001;

export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the drizzle instance is PGlite's here
    await migratePglite(database.db as any, { migrationsFolder: migrationsFolderPath });
    return;
  }
  // Several app processes may start at once against one server: an advisory lock held on one
  // connection serialises them, and the later ones find nothing left to apply.
  // biome-ignore lint/suspicious/noExplicitAny: reach the pool behind the drizzle instance
  const pool = (database.db as any).$client as pg.Pool;
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client: conn, schema }), {
      migrationsFolder: migrationsFolderPath,
    });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    conn.release();
  }
}
