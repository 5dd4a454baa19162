// The real app for the search benchmark, in its own process (the load generator must not share
// its event loop): buildApp without a logger, as the tests run it, against BENCH_DATABASE_URL (a
// PostgreSQL server) or BENCH_PGLITE_DIR (an embedded database the parent loaded and closed).
// Prints "listening <port>" once it accepts requests; SIGTERM closes it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite, openPostgres } from '../../src/server/db/client';

const url = process.env.BENCH_DATABASE_URL;
const pgliteDir = process.env.BENCH_PGLITE_DIR;
const database = url ? await openPostgres(url) : await openPglite(pgliteDir);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-bench-app-'));
// Every search computed in full: this measures the search itself, not the app's short cache of
// answers (decision 016; npm run bench:api measures both).
const config = loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1', SEED_DEMO: 'off', ANSWER_CACHE_SECONDS: '0' });
const app = await buildApp({ config, database, mailer: { async send() {}, close() {} } });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
