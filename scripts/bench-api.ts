// `npm run bench:api`: how fast the two public reads of a visit are on the demo data, against
// issue 9's target: GET /api/listings/:id and GET /api/search with p99 under 50 ms at 50
// connections. Not a test: it prints figures (docs/performance.md records them) and exits 1 when
// a target is missed.
//
// The built app in production mode with the demo data, on a throwaway PostgreSQL 15 cluster when
// the binaries are there (the production configuration), else on the embedded database.
// autocannon sends each endpoint BENCH_WARMUP_SECONDS (5) of warm-up, then BENCH_SECONDS (20)
// measured, at BENCH_CONNECTIONS (50): a listing id drawn from every demo listing, or a search
// drawn from the search benchmark's realistic mixes (scripts/bench/mixes.ts). Requests carry no
// If-None-Match. It measures the app as it runs, with its short cache of public answers (decision
// 016), and then with that cache off, so that the figures computed in full stay in view.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { todayInIndia } from '../src/domain/dates';
import { randomMixes } from './bench/mixes';
import { findPgBin, freePort, startCluster } from './pg-cluster.mjs';
import { requireBuild, startBuiltApp } from './support/built-app';
import { positiveNumberEnv } from './support/env';

const SECONDS = positiveNumberEnv('BENCH_SECONDS', 20);
const WARMUP = positiveNumberEnv('BENCH_WARMUP_SECONDS', 5);
const CONNECTIONS = positiveNumberEnv('BENCH_CONNECTIONS', 50);
const TARGET_P99_MS = 50;

async function drive(url: string, paths: () => string, seconds: number): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
}

/** The app as it runs (answers kept, decision 016), then with every answer computed in full. */
const RUNS: { name: string; env: Record<string, string>; judged: boolean }[] = [
  { name: 'as the app runs (public answers kept 10 s, emptied by any write)', env: {}, judged: true },
  { name: 'every answer computed in full (ANSWER_CACHE_SECONDS=0), for comparison', env: { ANSWER_CACHE_SECONDS: '0' }, judged: false },
];

async function main(): Promise<number> {
  requireBuild('npm run bench:api');
  const cluster = findPgBin() ? await startCluster() : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-bench-api-'));
  const missed: string[] = [];
  try {
    for (const run of RUNS) {
      const port = await freePort();
      const app = await startBuiltApp(port, dataDir, {
        NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'on',
        ...run.env,
        ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      });
      try {
        const ids = ((await (await fetch(`${app.url}/api/search?city=Ahmedabad&pageSize=100`)).json()) as { results: { id: string }[] }).results.map((r) => r.id);
        if (ids.length === 0) throw new Error('the demo data has no listings to ask for');
        const mixes = randomMixes(2000, todayInIndia());
        const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
        const endpoints = [
          { name: 'GET /api/listings/:id', paths: () => `/api/listings/${pick(ids)}` },
          { name: 'GET /api/search', paths: () => `/api/search?${pick(mixes).query}` },
        ];
        console.log(
          `API benchmark, ${run.name}: the built app on ${cluster ? 'PostgreSQL 15' : 'the embedded database'} with the demo data (${ids.length} listings), ` +
            `${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per endpoint, ${os.cpus().length} cores shared with the load generator`,
        );
        for (const endpoint of endpoints) {
          await drive(app.url, endpoint.paths, WARMUP);
          const r = await drive(app.url, endpoint.paths, SECONDS);
          const failed = r.errors + r.timeouts + r.non2xx;
          console.log(
            `${endpoint.name}\n  ${Math.round(r.requests.average)} requests/s; latency p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, ` +
              `p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ${r['2xx']} answered 2xx, ${failed} not`,
          );
          if (failed > 0) missed.push(`${endpoint.name}: ${failed} requests failed or were not 2xx`);
          if (run.judged && r.latency.p99 >= TARGET_P99_MS) missed.push(`${endpoint.name}: p99 ${r.latency.p99} ms (target under ${TARGET_P99_MS} ms)`);
        }
        console.log('');
      } finally {
        await app.stop();
      }
    }
    console.log(missed.length === 0 ? `✔ both under ${TARGET_P99_MS} ms at p99 as the app runs` : `✖ ${missed.join('\n✖ ')}`);
    return missed.length === 0 ? 0 : 1;
  } finally {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
