// npm run audit:lighthouse: Lighthouse (mobile, its default simulated throttling) on the built
// app in production mode with the demo data, driving Debian's Chromium, on the home page, the
// search, a demo listing and the host dashboard signed in. Prints the four scores and LCP, TBT and
// CLS per page, keeps the JSON reports in .tmp/lighthouse/, and exits 1 when a score is under
// issue 9's budget (LIGHTHOUSE_ONLY=<part of a page's name> audits the pages that match). LIGHTHOUSE_RUNS=5 takes the median of five runs per page (Lighthouse's own
// advice for a score that varies from run to run; on this 2-core machine single runs of one build
// range over 10 points and more): a page is within the budget when most of its runs are, so it
// stops as soon as most have passed or failed. Each page is asked for a few times
// first, as a server in use would have been: a fresh process renders its first pages several
// times slower (nothing compiled yet), which is not what a visitor meets. Then whether Chromium
// finds the app installable (decision 057), which Lighthouse 12 no longer audits.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './pg-cluster.mjs';
import { requireBuild, signInThroughOutbox, startBuiltApp } from './support/built-app';
import { type CoreWait, measureCoreWait } from './support/core-wait';
import { positiveNumberEnv } from './support/env';
import { installabilityErrors } from './support/installability';
import { LOCALE_COOKIE, type Locale } from '../src/domain/locales';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.round(positiveNumberEnv('LIGHTHOUSE_RUNS', 1));
const REPORT_DIR = path.resolve('.tmp/lighthouse');

/** Issue 9's budget, in Lighthouse's 0-100 scores; SEO counts on public pages only. */
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
type Category = keyof typeof BUDGET;
const CATEGORIES = Object.keys(BUDGET) as Category[];

/** `language`: the page asked for in that language, as its cookie keeps a choice (decision 059). */
type Page = { name: string; path: string; signedIn: boolean; language?: Exclude<Locale, 'en'> };
type Result = { scores: Record<Category, number>; lcpMs: number; tbtMs: number; cls: number; wait: CoreWait | undefined };

/**
 * A host too crowded to judge the performance score (decision 019): the page's main thread waited
 * for a core more than a quarter of the time it ran. Lighthouse multiplies each observed task by
 * four, so at that wait a 12 ms task is simulated past the 50 ms that counts as blocking.
 */
const CROWDED = 0.25;
/** What is held instead on a crowded host: Core Web Vitals' "good", which the wait barely moves. */
const VITALS = { lcpMs: 2500, cls: 0.1 } as const;
const waitShare = (r: Result) => (r.wait && r.wait.runMs > 0 ? r.wait.waitMs / r.wait.runMs : 0);

/**
 * One Lighthouse run. Accessibility, best practices and SEO do not vary from run to run: a page's
 * first run scores them, and its later runs only measure performance and carry the first's
 * scores (`first`).
 */
async function audit(url: string, report: string, cookie: string | undefined, chrome: chromeLauncher.LaunchedChrome, first?: Result): Promise<Result> {
  const categories = first ? (['performance'] as Category[]) : CATEGORIES;
  const { result: runner, wait } = await measureCoreWait(chrome.pid, () =>
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    }),
  );
  if (!runner) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = runner.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  writeFileSync(path.join(REPORT_DIR, `${report}.json`), String(runner.report));
  const measured = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  return {
    scores: { ...first?.scores, ...measured } as Record<Category, number>,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    wait,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART on a busy machine): one more try. */
async function auditOnceMore(...args: Parameters<typeof audit>): Promise<Result> {
  try {
    return await audit(...args);
  } catch (err) {
    console.error(`  (${err instanceof Error ? err.message : String(err)}; trying once more)`);
    return audit(...args);
  }
}

/** The run with the median performance score (of two, the lower). */
function median(results: Result[]): Result {
  return [...results].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor((results.length - 1) / 2)]!;
}

/** The categories a page is held to: SEO on public pages only. */
const countedFor = (page: Page) => CATEGORIES.filter((c) => c !== 'seo' || !page.signedIn);
const withinBudget = (page: Page, r: Result) => countedFor(page).every((c) => r.scores[c] >= BUDGET[c]);

/** What keeps the page at `url` from being installed, asked of the audit's browser (the full one, a profile of its own). */
async function installability(url: string, chrome: chromeLauncher.LaunchedChrome): Promise<string[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(url);
    const errors = await installabilityErrors(page);
    await page.close();
    return errors;
  } finally {
    // Leaves the browser running: this only disconnects from it.
    await browser.close();
  }
}

/** Asks for `url` a few times, as visitors would have before: the server's first renders are slow. */
async function warmUp(url: string, cookie: string | undefined): Promise<void> {
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
}

async function main(): Promise<number> {
  requireBuild('npm run audit:lighthouse');
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-lighthouse-'));
  const port = await freePort();
  const app = await startBuiltApp(port, dataDir, { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_DEMO: 'on' });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const search = (await (await fetch(`${app.url}/api/search?city=Ahmedabad`)).json()) as { results: { id: string }[] };
    const host = await signInThroughOutbox(app, dataDir, 'lighthouse-host@example.com');
    const pages: Page[] = [
      { name: 'Home', path: '/', signedIn: false },
      { name: 'Search', path: '/search?city=Ahmedabad', signedIn: false },
      // Issue 39: a page in Gujarati, with its catalogue and font, within the same budget.
      { name: 'Search in Gujarati', path: '/search?city=Ahmedabad', signedIn: false, language: 'gu' as const },
      { name: 'Listing', path: `/listing/${search.results[0]!.id}`, signedIn: false },
      { name: 'Host dashboard', path: '/host', signedIn: true },
    ].filter((page) => !process.env.LIGHTHOUSE_ONLY || page.name.toLowerCase().includes(process.env.LIGHTHOUSE_ONLY.toLowerCase()));
    console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}on ${app.url}, mobile, simulated throttling\n`);
    const failures: string[] = [];
    const unjudged: string[] = [];
    const majority = Math.floor(RUNS / 2) + 1;
    for (const page of pages) {
      const cookie = [page.signedIn ? host.cookie : undefined, page.language ? `${LOCALE_COOKIE}=${page.language}` : undefined].filter(Boolean).join('; ') || undefined;
      await warmUp(`${app.url}${page.path}`, cookie);
      const runs: Result[] = [];
      // Most runs decide: once most have passed, or most have failed, the rest cannot change it.
      while (runs.length < RUNS && runs.filter((r) => withinBudget(page, r)).length < majority && runs.filter((r) => !withinBudget(page, r)).length < majority) {
        // The first run's other scores are carried only when within the budget: a failure there
        // (a console error under load, say) is measured again rather than inherited.
        const carried = runs[0] && countedFor(page).every((c) => c === 'performance' || runs[0]!.scores[c] >= BUDGET[c]) ? runs[0] : undefined;
        runs.push(await auditOnceMore(`${app.url}${page.path}`, `${page.name.toLowerCase().replace(/\W+/g, '-')}-${runs.length + 1}`, cookie, chrome, carried));
      }
      const r = median(runs);
      // On a crowded host a performance score under the budget measures the host as much as the
      // page: then only the other categories and the vitals decide, and the log says so.
      const crowded = runs.filter((run) => waitShare(run) > CROWDED).length >= majority;
      const othersWithin = countedFor(page).every((c) => c === 'performance' || r.scores[c] >= BUDGET[c]);
      const vitalsWithin = r.lcpMs <= VITALS.lcpMs && r.cls <= VITALS.cls;
      const judged = runs.filter((run) => withinBudget(page, run)).length >= majority;
      const passed = judged || (crowded && othersWithin && vitalsWithin);
      const scores = countedFor(page)
        .map((c) => `${c} ${r.scores[c]}${r.scores[c] < BUDGET[c] ? ` ✖ (budget ${BUDGET[c]})` : ''}`)
        .join(', ');
      const performance = runs.map((run) => run.scores.performance).join(', ');
      const waits = runs.map((run) => (run.wait ? `${Math.round(waitShare(run) * 100)}%` : 'unknown')).join(', ');
      console.log(`${page.name} (${page.path})\n  ${scores}\n  LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}; performance over the runs: ${performance}`);
      console.log(`  the page's main thread waited for a core, as a share of its time on one: ${waits}`);
      if (!judged && passed) {
        const message = `${page.name}: performance ${r.scores.performance} < ${BUDGET.performance} NOT JUDGED: the host was crowded (main thread waiting over ${CROWDED * 100}% of its running time in most runs); LCP ${(r.lcpMs / 1000).toFixed(2)} s and CLS ${r.cls.toFixed(3)} within Core Web Vitals' good`;
        unjudged.push(message);
        console.log(`  ⚠ ${message}`);
      }
      if (!passed) failures.push(`${page.name}: ${countedFor(page).filter((c) => r.scores[c] < BUDGET[c]).map((c) => `${c} ${r.scores[c]} < ${BUDGET[c]}`).join(', ') || 'most runs under the budget'}`);
    }
    const notInstallable = await installability(`${app.url}/`, chrome);
    console.log(`Installable (Chromium's installability check of the home page): ${notInstallable.length === 0 ? 'yes' : `no ✖ (${notInstallable.join(', ')})`}`);
    if (notInstallable.length > 0) failures.push(`not installable: ${notInstallable.join(', ')}`);
    if (failures.length > 0) console.log(`\n✖ under the budget:\n  ${failures.join('\n  ')}`);
    else if (unjudged.length > 0) console.log(`\n⚠ within the budget except the performance score, which this crowded host could not judge (decision 019):\n  ${unjudged.join('\n  ')}`);
    else console.log('\n✔ every page within the budget');
    console.log(`reports: ${path.relative(process.cwd(), REPORT_DIR)}/`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    await chrome.kill();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
