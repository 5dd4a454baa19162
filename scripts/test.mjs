// `npm test`: every test, in the order that fails fastest.
//   1. types        tsc --noEmit, the domain alone against the language (tsconfig.domain.json),
//                   the service worker against the worker's globals (tsconfig.sw.json), and the
//                   layer rules (.dependency-cruiser.cjs)
//   2. unit + API   Vitest against the embedded database (PGlite)
//   3. API on PG    the server tests again against a PostgreSQL server: TEST_DATABASE_URL, or a
//                   throwaway cluster from /usr/lib/postgresql started here
//   4. browser      the production build, then Playwright in Chromium at phone and desktop widths
// `npm test -- unit pg` runs only the named steps (types, unit, pg, e2e).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, startCluster } from './pg-cluster.mjs';

const ALL = ['types', 'unit', 'pg', 'e2e'];
const wanted = process.argv.slice(2).filter((a) => ALL.includes(a));
const steps = wanted.length ? wanted : ALL;
const reports = path.resolve('.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => path.resolve('node_modules/.bin', name);

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// The names of failed tests, printed again at the very end: CI keeps only the tail of the log.
const failedTests = [];

function firstLine(text) {
  return String(text ?? '').split('\n').find((l) => l.trim()) ?? 'failed';
}

function countVitest(file, label) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const result of r.testResults ?? []) {
    const where = path.relative(process.cwd(), result.name);
    const failed = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failedTests.push(`${label}: ${where} › ${t.fullName}`);
    // A file that fails before any test runs (an import or a hook) has no failed test to name.
    if (!failed.length && result.status === 'failed') failedTests.push(`${label}: ${where} (${firstLine(result.message)})`);
  }
  return true;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failedTests.push(`browser [${t.projectName}]: ${spec.file ?? file}:${spec.line} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return true;
}

async function step(name, fn) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const ok = await fn();
  console.log(`${ok ? '✔' : '✖'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
}

function vitest(label, extraArgs, env) {
  const out = path.join(reports, `vitest-${label}.json`);
  return async () => {
    // A worker per core: Vitest's run-mode default leaves one idle (a single worker on 2 cores),
    // and the test files are independent (each has its own database), so they halve the step.
    const args = ['run', '--maxWorkers=100%', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...extraArgs];
    const code = await run(bin('vitest'), args, env);
    // A crash before the report is written still counts as a failure.
    if (!countVitest(out, label)) totals.failed += 1;
    return code === 0;
  };
}

if (steps.includes('types')) {
  await step('types: tsc --noEmit, the domain without DOM or Node types, the service worker with its own, and the layer rules (npm run boundaries)', async () => {
    const [types, domainTypes, workerTypes, boundaries] = await Promise.all([
      run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
      // A few seconds: the domain's files and zod's types alone.
      run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.domain.json']),
      // The service worker and what it imports, with the worker's globals instead of the DOM's.
      run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.sw.json']),
      run(bin('depcruise'), ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err-long']),
    ]);
    return types === 0 && domainTypes === 0 && workerTypes === 0 && boundaries === 0;
  });
}

if (steps.includes('unit')) {
  await step('unit and API tests on the embedded database (PGlite)', vitest('pglite', [], { TEST_DATABASE_URL: '' }));
}

if (steps.includes('pg')) {
  await step('API tests on a PostgreSQL server', async () => {
    let url = process.env.TEST_DATABASE_URL;
    let cluster;
    if (!url) {
      try {
        cluster = await startCluster();
        url = cluster.url;
        console.log(`  throwaway PostgreSQL cluster at ${url}`);
      } catch (err) {
        console.error(`  ${err.message}`);
        totals.failed += 1;
        return false;
      }
    }
    try {
      // The fuzz suite splits its runs per route between the two engines (security/fuzz.test.ts).
      return await vitest('postgres', ['src/server'], { TEST_DATABASE_URL: url })();
    } finally {
      cluster?.stop();
    }
  });
}

if (steps.includes('e2e')) {
  await step('browser tests (Playwright, Chromium)', async () => {
    if ((await run('npm', ['run', '--silent', 'build'])) !== 0) {
      totals.failed += 1;
      return false;
    }
    const out = path.join(reports, 'playwright.json');
    const code = await run(bin('playwright'), ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      E2E_PORT: String(await freePort()),
      E2E_SMTP_PORT: String(await freePort()),
    });
    if (!countPlaywright(out)) totals.failed += 1;
    return code === 0;
  });
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
for (const name of failedTests) console.log(`  ✖ ${name}`);
// The plain closing line that CI reads.
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
