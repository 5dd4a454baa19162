// Lighthouse on two or more builds, run for run in turn, for a change's figures (decisions 061,
// 062): `npx tsx scripts/lighthouse-ab.ts <dir> <dir> ...`, each dir holding a build (`dist/`,
// with `node_modules` beside it: copy dist/ aside before and after the change). Each build runs
// as `npm start` would in production with the demo data, one Chromium loads them in turn (N=6
// rounds, PAGE=/search?city=Ahmedabad), and it prints each run, then per build the median score,
// blocking time, FCP and LCP. Single runs on a 2-core machine vary by 10 points and more, and a
// busy hour moves every run: alternating the builds puts both through the same hour. Run it on an
// idle machine, never beside tests.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './pg-cluster.mjs';
import { type BuiltApp, startBuiltApp } from './support/built-app';
import { positiveNumberEnv } from './support/env';

const dirs = process.argv.slice(2);
const ROUNDS = Math.round(positiveNumberEnv('N', 6));
const PAGE = process.env.PAGE ?? '/search?city=Ahmedabad';
if (dirs.length < 2) {
  console.error('usage: npx tsx scripts/lighthouse-ab.ts <build dir> <build dir> [...]');
  process.exit(2);
}

type Run = { score: number; tbtMs: number; fcpMs: number; lcpMs: number };
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const dataDirs = dirs.map(() => mkdtempSync(path.join(os.tmpdir(), 'pawstay-ab-')));
const apps: BuiltApp[] = [];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const [i, dir] of dirs.entries()) {
    const port = await freePort();
    // startBuiltApp runs dist/server/main.js from the working directory: the build's own.
    process.chdir(path.resolve(dir));
    apps.push(await startBuiltApp(port, dataDirs[i]!, { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_DEMO: 'on' }));
    // A fresh process renders its first pages several times slower (lighthouse-audit.ts).
    for (let k = 0; k < 5; k++) await (await fetch(`${apps[i]!.url}${PAGE}`)).text();
  }
  const runs: Run[][] = dirs.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, app] of apps.entries()) {
      // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): once more.
      let result = await lighthouse(`${app.url}${PAGE}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result || result.lhr.runtimeError) result = await lighthouse(`${app.url}${PAGE}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${PAGE}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
      const audits = result.lhr.audits;
      const run = {
        score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      };
      runs[i]!.push(run);
      console.log(`${dirs[i]}: ${run.score}, TBT ${Math.round(run.tbtMs)} ms, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms`);
    }
  }
  console.log(`\n${PAGE}, ${ROUNDS} rounds`);
  for (const [i, dir] of dirs.entries()) {
    const of = (key: keyof Run) => Math.round(median(runs[i]!.map((run) => run[key])));
    console.log(`${dir}: median ${of('score')}, TBT ${of('tbtMs')} ms, FCP ${of('fcpMs')} ms, LCP ${of('lcpMs')} ms; ${runs[i]!.filter((run) => run.score >= 95).length} of ${ROUNDS} runs at 95 or more`);
  }
} finally {
  await chrome.kill();
  for (const app of apps) await app.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
