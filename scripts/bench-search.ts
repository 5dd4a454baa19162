// `npm run bench:search`: how fast GET /api/search is at scale. Not a test: it prints figures
// (docs/performance.md records them) and checks them against the targets of issue 6.
//
//   1. PostgreSQL 15: a throwaway cluster, migrated, loaded with 100,000 listings (scripts/bench/
//      data.ts), analysed; the real app in its own process; autocannon drives /api/search with
//      random realistic searches (scripts/bench/mixes.ts) at 50 connections.
//   2. The same searches' SQL run directly with pg (a Pool of 50) at the same concurrency: the
//      baseline the API is compared with.
//   3. EXPLAIN (ANALYZE, BUFFERS) of the slowest search among the mixes.
//   4. The same API load against PGlite with 5,000 listings.
//
// Environment (all optional): BENCH_SECONDS (30) and BENCH_WARMUP_SECONDS (5) per run,
// BENCH_CONNECTIONS (50), BENCH_LISTINGS (100000), BENCH_PGLITE_LISTINGS (5000),
// BENCH_ONLY=postgres|pglite, BENCH_DATABASE_URL: an existing database to use instead of a
// throwaway cluster (loaded unless it already holds listings; never dropped).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import autocannon, { type Result } from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { todayInIndia } from '../src/domain/dates';
import { type Database, openPglite, openPostgres, runMigrations } from '../src/server/db/client';
import { searchSql } from '../src/server/modules/listings/queries/search';
import { ownCpu, processCpuSeconds, serverCpu } from './bench/cpu';
import { benchDataStatements } from './bench/data';
import { type Mix, randomMixes } from './bench/mixes';
import { startCluster } from './pg-cluster.mjs';
import { positiveNumberEnv } from './support/env';

const SECONDS = positiveNumberEnv('BENCH_SECONDS', 30);
const WARMUP = positiveNumberEnv('BENCH_WARMUP_SECONDS', 5);
const CONNECTIONS = positiveNumberEnv('BENCH_CONNECTIONS', 50);
const LISTINGS = positiveNumberEnv('BENCH_LISTINGS', 100_000);
const PGLITE_LISTINGS = positiveNumberEnv('BENCH_PGLITE_LISTINGS', 5_000);
const ONLY = process.env.BENCH_ONLY;

/** Issue 6's targets for this 2-core machine. */
const TARGETS = { p99Ms: 50, postgresRps: 1500, apiShareOfSql: 0.6, pgliteRps: 500 };

type Figures = {
  rps: number;
  p50: number;
  p99: number;
  /** Requests that failed: connection errors, and timeouts (no answer within 10 s). */
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
  /** CPU milliseconds per request: the app's process, the database server's, the load generator's. */
  cpu?: { app?: number; db?: number; client: number };
};

const n = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (line = '') => console.log(line);
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const CORES = os.cpus().length;
const line = (label: string, f: Figures, unit = 'req/s') =>
  `  ${label.padEnd(22)} ${n(f.rps).padStart(6)} ${unit}   p50 ${n(f.p50, 1).padStart(6)} ms   p99 ${n(f.p99, 1).padStart(6)} ms   ` +
  `${n(f.total)} in ${SECONDS} s, errors ${f.errors}${f.timeouts ? ` (${f.timeouts} timeouts)` : ''}, non-2xx ${f.non2xx}`;
/** The CPU a request cost, and what the machine's cores could serve at that cost alone. */
function cpuLine(f: Figures): string {
  if (!f.cpu) return '';
  const { app, db, client } = f.cpu;
  const total = (app ?? 0) + (db ?? 0) + client;
  const parts = [app === undefined ? '' : `app ${n(app, 2)}`, db === undefined ? '' : `PostgreSQL ${n(db, 2)}`, `load generator ${n(client, 2)}`];
  // The app is one Node.js thread: it cannot use more than one core, whatever the machine has.
  const capacity = Math.min((CORES * 1000) / total, app ? 1000 / app : Number.POSITIVE_INFINITY);
  return `    CPU per request: ${parts.filter(Boolean).join(' + ')} = ${n(total, 2)} ms → at most ${n(capacity)}/s on ${CORES} otherwise idle cores`;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`  ${label}: ${n((performance.now() - started) / 1000, 1)} s`);
  return result;
}

// ------------------------------------------------------------------------------------------
// Data

/** Migrates, loads `listings` listings unless some are there already, and analyses. */
async function prepare(database: Database, run: (text: string) => Promise<unknown>, count: (text: string) => Promise<number>, listings: number) {
  await timed('migrations', () => runMigrations(database));
  const existing = await count('select count(*)::int as n from listings');
  if (existing > 0) {
    log(`  ${n(existing)} listings already there: not loading`);
  } else {
    for (const statement of benchDataStatements(listings)) await timed(statement.label, () => run(statement.sql));
  }
  // What autovacuum would have done by the time a real database had this much data.
  await timed('vacuum analyze', () => run('vacuum analyze'));
  log(`  ${n(await count('select count(*)::int as n from listings'))} listings, ${n(await count('select count(*)::int as n from calendar_holds'))} calendar holds, ` +
    `${n(await count('select count(*)::int as n from listing_photos'))} photos, ${n(await count('select count(*)::int as n from reviews'))} reviews`);
}

// ------------------------------------------------------------------------------------------
// The app, in its own process

async function startApp(envVars: Record<string, string>): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'bench', 'serve.ts')], {
    env: { ...process.env, ...envVars, NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** autocannon at CONNECTIONS connections, each request a random mix. */
async function driveApi(port: number, mixes: Mix[], seconds: number): Promise<Figures> {
  const result: Result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: `/api/search?${mixes[Math.floor(Math.random() * mixes.length)]!.query}` }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total: result['2xx'] + result.non2xx,
  };
}

/** The API under load; `server`, when given, is a connection to its PostgreSQL (for its CPU). */
async function benchApi(label: string, envVars: Record<string, string>, mixes: Mix[], server?: pg.Client): Promise<Figures> {
  const app = await startApp(envVars);
  try {
    log(`  warm-up ${WARMUP} s (load average ${load()})`);
    await driveApi(app.port, mixes, WARMUP);
    const appCpu = processCpuSeconds(app.pid);
    const dbCpu = server ? await serverCpu(server) : undefined;
    const clientCpu = ownCpu();
    const figures = await driveApi(app.port, mixes, SECONDS);
    const ms = (seconds: number) => (seconds * 1000) / Math.max(1, figures.total);
    figures.cpu = { app: ms(processCpuSeconds(app.pid) - appCpu), ...(dbCpu ? { db: ms(await dbCpu()) } : {}), client: ms(clientCpu()) };
    log(line(label, figures));
    log(cpuLine(figures));
    return figures;
  } finally {
    await app.stop();
  }
}

// ------------------------------------------------------------------------------------------
// The baseline: the same SQL straight through pg

type Statement = { sql: string; params: unknown[] };
const dialect = new PgDialect();
const statementOf = (mix: Mix): Statement => dialect.sqlToQuery(searchSql(mix.params));

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : Number.NaN;
}

async function driveSql(pool: pg.Pool, statements: Statement[], seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const statement = statements[Math.floor(Math.random() * statements.length)]!;
        const started = performance.now();
        try {
          await pool.query(statement.sql, statement.params);
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, timeouts: 0, non2xx: 0, total: latencies.length };
}

async function benchSql(url: string, mixes: Mix[], server: pg.Client): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  try {
    const statements = mixes.map(statementOf);
    log(`  warm-up ${WARMUP} s (load average ${load()})`);
    await driveSql(pool, statements, WARMUP);
    const dbCpu = await serverCpu(server);
    const clientCpu = ownCpu();
    const figures = await driveSql(pool, statements, SECONDS);
    figures.cpu = { db: (1000 * (await dbCpu())) / figures.total, client: (1000 * clientCpu()) / figures.total };
    log(line('direct SQL (pg, 50)', figures, 'q/s  '));
    log(cpuLine(figures));
    return figures;
  } finally {
    await pool.end();
  }
}

/**
 * Finds the heaviest of the first `count` mixes by the server's own planning plus execution time
 * (best of 3, so that a neighbour's burst does not pick one), and explains it.
 */
async function explainHeaviest(url: string, mixes: Mix[], count = 300) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const timings: { mix: Mix; ms: number }[] = [];
    for (const mix of mixes.slice(0, count)) {
      const { sql, params } = statementOf(mix);
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        const plan = (await client.query(`explain (analyze, timing off, summary) ${sql}`, params)).rows as { 'QUERY PLAN': string }[];
        const text = plan.map((row) => row['QUERY PLAN']).join('\n');
        const ms = (label: string) => Number(new RegExp(`${label} Time: ([\\d.]+) ms`).exec(text)?.[1] ?? Number.NaN);
        best = Math.min(best, ms('Planning') + ms('Execution'));
      }
      timings.push({ mix, ms: best });
    }
    timings.sort((a, b) => b.ms - a.ms);
    const ms = timings.map((t) => t.ms).sort((a, b) => a - b);
    log(`  ${count} mixes alone, planning + execution in PostgreSQL, best of 3: median ${n(percentile(ms, 50), 2)} ms, p90 ${n(percentile(ms, 90), 2)} ms, slowest:`);
    for (const t of timings.slice(0, 5)) log(`    ${n(t.ms, 2).padStart(6)} ms  ?${t.mix.query}`);
    const heaviest = timings[0]!.mix;
    const { sql, params } = statementOf(heaviest);
    const plan = await client.query(`explain (analyze, buffers) ${sql}`, params);
    log(`\n  EXPLAIN (ANALYZE, BUFFERS) of the slowest: GET /api/search?${heaviest.query}`);
    log(`  parameters: ${JSON.stringify(params)}`);
    for (const row of plan.rows as { 'QUERY PLAN': string }[]) log(`    ${row['QUERY PLAN']}`);
  } finally {
    await client.end();
  }
}

// ------------------------------------------------------------------------------------------

async function benchPostgres(mixes: Mix[]) {
  log(`\n▶ PostgreSQL 15, ${n(LISTINGS)} listings`);
  const given = process.env.BENCH_DATABASE_URL;
  const cluster = given ? undefined : await startCluster();
  const url = given ?? cluster!.url;
  try {
    const database = await openPostgres(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const version = (await client.query('show server_version')).rows[0].server_version;
    try {
      await prepare(database, (text) => client.query(text), async (text) => (await client.query(text)).rows[0].n, LISTINGS);
    } finally {
      await client.end();
      await database.close();
    }
    const monitor = new pg.Client({ connectionString: url });
    await monitor.connect();
    try {
      log(`\n  API on PostgreSQL ${version}, ${CONNECTIONS} connections, ${SECONDS} s`);
      const api = await benchApi('API /api/search', { BENCH_DATABASE_URL: url }, mixes, monitor);
      log(`\n  The same SQL directly, ${CONNECTIONS} connections, ${SECONDS} s`);
      const direct = await benchSql(url, mixes, monitor);
      log('');
      await explainHeaviest(url, mixes);
      return { api, direct };
    } finally {
      await monitor.end();
    }
  } finally {
    cluster?.stop();
  }
}

async function benchPglite(mixes: Mix[]) {
  log(`\n▶ PGlite (embedded), ${n(PGLITE_LISTINGS)} listings`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-bench-pglite-'));
  try {
    const database = await openPglite(dir);
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite client behind the drizzle instance
    const client = (database.db as any).$client as PGlite;
    try {
      await prepare(database, (text) => client.exec(text), async (text) => (await client.query<{ n: number }>(text)).rows[0]!.n, PGLITE_LISTINGS);
    } finally {
      await database.close();
    }
    log(`\n  API on PGlite, ${CONNECTIONS} connections, ${SECONDS} s`);
    return await benchApi('API /api/search', { BENCH_PGLITE_DIR: dir }, mixes);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function main() {
  const cpus = os.cpus();
  log(`PawStay search benchmark: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), ${n(os.totalmem() / 2 ** 30, 1)} GB, Node ${process.version}`);
  log(`load average before: ${load()} (other processes on the machine share its cores)`);
  const mixes = randomMixes(2000, todayInIndia());
  log(`${n(mixes.length)} random searches, for example ?${mixes[0]!.query}`);

  const postgres = ONLY === 'pglite' ? undefined : await benchPostgres(mixes);
  const pglite = ONLY === 'postgres' ? undefined : await benchPglite(mixes);

  log('\n▶ Summary');
  if (postgres) {
    const share = postgres.api.rps / postgres.direct.rps;
    log(line('PostgreSQL: API', postgres.api));
    log(cpuLine(postgres.api));
    log(line('PostgreSQL: direct SQL', postgres.direct, 'q/s  '));
    log(cpuLine(postgres.direct));
    log(`  PostgreSQL p99 ≤ ${TARGETS.p99Ms} ms: ${n(postgres.api.p99, 1)} ms, ${verdict(postgres.api.p99 <= TARGETS.p99Ms)}`);
    log(`  PostgreSQL ≥ ${n(TARGETS.postgresRps)} req/s: ${n(postgres.api.rps)}, ${verdict(postgres.api.rps >= TARGETS.postgresRps)}`);
    log(`  API ≥ ${TARGETS.apiShareOfSql * 100}% of direct SQL: ${n(share * 100)}%, ${verdict(share >= TARGETS.apiShareOfSql)}`);
    const cpuOf = (f: Figures) => (f.cpu ? (f.cpu.app ?? 0) + (f.cpu.db ?? 0) + f.cpu.client : Number.NaN);
    log(`    (by CPU per request, which neighbours' load does not skew: ${n((100 * cpuOf(postgres.direct)) / cpuOf(postgres.api))}%)`);
    log(`  zero errors: ${postgres.api.errors + postgres.api.non2xx + postgres.direct.errors}, ${verdict(postgres.api.errors + postgres.api.non2xx + postgres.direct.errors === 0)}`);
  }
  if (pglite) {
    log(line('PGlite: API', pglite));
    log(cpuLine(pglite));
    log(`  PGlite ≥ ${TARGETS.pgliteRps} req/s: ${n(pglite.rps)}, ${verdict(pglite.rps >= TARGETS.pgliteRps)}; errors ${pglite.errors + pglite.non2xx}`);
  }
  log(`load average after: ${load()}`);
}

await main();
