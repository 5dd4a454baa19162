// npm run bench:first-tap [-- <base URL>]: the time from a page's first paint to a press that
// works, as a visitor on a mid-range phone feels it (issues 18 and 36, decisions 018 and 047).
// Five presses: /search's "Show details" (its sheet opens), a listing's "Save to favorites" signed
// out (the sign-in dialog opens) and "Request to Book" signed in without dates (its toast says
// what is missing), /host's "Booking Requests" tab, signed in as a host (the tab is shown), and
// the home page's search (the results are painted). LOADS fresh loads each (default 10) with
// Lighthouse's mobile conditions applied by the browser: its slow 4G (562.5 ms per request,
// 1.47 Mbit/s down) and a processor 4x slower. The visitor presses the control as soon as it is
// on screen (painted: a tap before the first paint reaches no control), and again 600 ms after
// each press that did nothing, as people do. Prints each load, then per press the median and the
// worst of first paint → working press. Times are the first page's own (performance.now()).
// Against a running app (default http://localhost:3000, its demo data); no build of its own. The
// signed-in presses sign the demo users in through the development outbox, in DATA_DIR/outbox
// (DATA_DIR as the app's, default ./data). With --start instead of a URL it starts the built app
// itself (production, test-mode payments, the demo data in a fresh folder), as CI runs it for its
// report. Each load also says where its time went: how many of
// the app's scripts it fetched, when the first was asked for and the last arrived, and when the
// app said it was ready; TIMELINE=1 prints every request of each press's first load (start and
// end, in the page's clock). ONLY=<part of a press's name> runs the presses that match.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Browser, type Locator, type Page } from '@playwright/test';
import { requireBuild, signInThroughOutbox, startBuiltApp } from './support/built-app';

const START = process.argv.includes('--start');
const BASE = START ? 'http://127.0.0.1:3197' : (process.argv[2] ?? 'http://localhost:3000');
const LOADS = Number(process.env.LOADS ?? 10);
const DATA_DIR = START ? mkdtempSync(path.join(os.tmpdir(), 'pawstay-first-tap-')) : (process.env.DATA_DIR ?? './data');
const GIVE_UP_MS = 60_000;
const TAP_AGAIN_MS = 600;
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';
const SESSION_COOKIE = 'pawstay_session';
/** The demo guest and a demo host (src/server/db/seed/data.ts). */
const GUEST = 'aditi.sharma@demo.pawstay.in';
const HOST = 'rohan.patel@demo.pawstay.in';

/** Lighthouse's "mobile slow 4G" as DevTools throttling applies it (its throttling presets). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

type Press = {
  name: string;
  url: string;
  /** Signed in as this demo user, or signed out. */
  as?: string;
  find: (page: Page) => Locator;
  /** A JavaScript expression, true in the page once the press has visibly worked. */
  worked: string;
};

const VISIBLE = `(el) => Boolean(el) && el.getBoundingClientRect().width > 0`;
const A_DIALOG = `[...document.querySelectorAll('[role="dialog"]')].some(${VISIBLE})`;

type Request = { name: string; start: number; end: number };
type Load = { fcp: number; firstTap: number; effect: number | null; taps: number; ready: number | null; scripts: Request[]; requests: Request[] };

/**
 * Records, in every document of the tab (a press may navigate), the first page's first contentful
 * paint, each real tap, when the app said it was ready and when the press worked, in epoch
 * milliseconds, kept in sessionStorage across the navigation. Plain JavaScript in a string: tsx
 * (esbuild) wraps named functions it compiles in a `__name` helper that does not exist in the page.
 */
const recorder = (worked: string) => `
  const now = () => performance.timeOrigin + performance.now();
  const read = () => JSON.parse(sessionStorage.getItem('bench') || '{"taps":[]}');
  const write = (change) => sessionStorage.setItem('bench', JSON.stringify(Object.assign(read(), change)));
  if (read().origin === undefined) write({ origin: performance.timeOrigin });
  let painted = false;
  const check = () => {
    if (painted && read().effect === undefined && (${worked})) write({ effect: now() });
  };
  document.addEventListener('pawstay:app-ready', () => { if (read().ready === undefined) write({ ready: now() }); });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') {
      painted = true;
      if (read().fcp === undefined) write({ fcp: performance.timeOrigin + entry.startTime });
      check();
    }
  }).observe({ type: 'paint', buffered: true });
  addEventListener('pointerdown', (e) => { if (e.isTrusted) write({ taps: [...read().taps, performance.timeOrigin + e.timeStamp] }); }, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
`;

type Recorded = { origin: number; fcp?: number; taps: number[]; effect?: number; ready?: number };
const recorded = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('bench') ?? '{"taps":[]}') as Recorded).catch(() => ({ origin: 0, taps: [] }) as Recorded);

async function visibleBox(page: Page, find: (page: Page) => Locator, until: number) {
  while (Date.now() < until) {
    // Not before the first paint: until then there is nothing on screen to tap.
    const painted = (await recorded(page)).fcp !== undefined;
    // Scrolled to first, as a visitor would, when it is further down the page (a listing's booking card on a phone).
    if (painted) await find(page).first().scrollIntoViewIfNeeded({ timeout: 500 }).catch(() => undefined);
    const box = painted ? await find(page).first().boundingBox().catch(() => null) : null;
    if (box && box.width > 0) return box;
    await page.waitForTimeout(50);
  }
  return null;
}

async function load(browser: Browser, press: Press, cookie: string | undefined): Promise<Load | null> {
  const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({ ...phone, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  try {
    if (cookie) await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: BASE }]);
    await context.addInitScript({ content: recorder(press.worked) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const until = Date.now() + GIVE_UP_MS;
    await page.goto(press.url, { waitUntil: 'commit' });
    const worked = async () => (await recorded(page)).effect !== undefined;
    let taps = 0;
    const start = page.url();
    // Pressed again while nothing shows, as long as the press has not taken the visitor elsewhere.
    while (Date.now() < until && page.url() === start) {
      const box = await visibleBox(page, press.find, until);
      if (!box || page.url() !== start) break;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2).catch(() => undefined);
      taps += 1;
      const waitUntil = Date.now() + TAP_AGAIN_MS;
      while (Date.now() < waitUntil && !(await worked())) await page.waitForTimeout(50);
      if (await worked()) break;
    }
    // A press replayed later, or a page on its way, may still work: give it the rest of the time.
    while (Date.now() < until && !(await worked())) await page.waitForTimeout(100);
    const bench = await recorded(page);
    if (bench.fcp === undefined || bench.taps.length === 0) return null;
    const clock = (epoch: number) => epoch - bench.origin;
    // The requests of the document the press ended in (the first one's, unless it navigated), in the first one's clock.
    const requests = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({ name: new URL(e.name).pathname, start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + (e as PerformanceResourceTiming).responseEnd })),
    );
    const inClock = requests.map((r) => ({ ...r, start: clock(r.start), end: clock(r.end) }));
    const scripts = inClock.filter((r) => r.name.startsWith('/assets/') && r.name.endsWith('.js'));
    return {
      fcp: clock(bench.fcp),
      firstTap: clock(bench.taps[0]!),
      effect: bench.effect === undefined ? null : clock(bench.effect),
      taps,
      ready: bench.ready === undefined ? null : clock(bench.ready),
      scripts,
      requests: inClock,
    };
  } finally {
    await context.close();
  }
}

const ms = (n: number) => `${Math.round(n)}`.padStart(6);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  if (!START) return measure();
  requireBuild('npm run bench:first-tap -- --start');
  const app = await startBuiltApp(3197, DATA_DIR, { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', PUBLIC_URL: BASE, SEED_DEMO: 'on' });
  try {
    await measure();
  } finally {
    await app.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

async function measure() {
  const search = await fetch(`${BASE}/api/search?city=Ahmedabad`);
  if (!search.ok) throw new Error(`${BASE}/api/search answered ${search.status}: is the app running with its demo data?`);
  const listingId = ((await search.json()) as { results: { id: string }[] }).results[0]?.id;
  if (!listingId) throw new Error('no listing in Ahmedabad to open');
  const all: Press[] = [
    { name: '/search: Show details', url: `${BASE}/search?city=Ahmedabad`, find: (p) => p.getByRole('button', { name: /^Show details for/ }), worked: A_DIALOG },
    {
      name: 'a listing: Save to favorites (signed out)',
      url: `${BASE}/listing/${listingId}`,
      find: (p) => p.getByRole('button', { name: 'Save to favorites', exact: true }),
      worked: A_DIALOG,
    },
    {
      name: 'a listing: Request to Book (signed in)',
      url: `${BASE}/listing/${listingId}`,
      as: GUEST,
      find: (p) => p.getByRole('button', { name: 'Request to Book' }),
      worked: `[...document.querySelectorAll('[data-sonner-toast]')].some(${VISIBLE})`,
    },
    {
      name: '/host: the Booking Requests tab',
      url: `${BASE}/host`,
      as: HOST,
      find: (p) => p.getByRole('tab', { name: /Booking Requests/ }),
      worked: `[...document.querySelectorAll('[role="tab"][aria-selected="true"]')].some((tab) => tab.textContent.includes('Booking Requests'))`,
    },
    {
      name: '/: the search box\'s Search',
      url: `${BASE}/`,
      find: (p) => p.locator('form[role="search"] button[type="submit"]'),
      worked: `location.pathname === '/search' && (${VISIBLE})(document.querySelector('[data-testid="listing-card"]'))`,
    },
  ];
  const presses = all.filter((press) => !process.env.ONLY || press.name.includes(process.env.ONLY));
  // One session per demo user for every load: a sign-in per load would be rate-limited.
  const cookies = new Map<string, string>();
  for (const email of new Set(presses.flatMap((p) => (p.as ? [p.as] : [])))) {
    const { cookie } = await signInThroughOutbox({ url: BASE }, DATA_DIR, email);
    cookies.set(email, cookie.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.slice(SESSION_COOKIE.length + 1));
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  type Row = Omit<Load, 'scripts' | 'requests'> & { scripts: number };
  const summary: Record<string, { loads: (Row | null)[]; p50: number | null; worst: number | null }> = {};
  try {
    for (const press of presses) {
      console.log(`\n${press.name} (${LOADS} loads)\n  load    fcp  1st tap  working  taps  paint→working   scripts (asked → all in)   app ready`);
      const loads: (Load | null)[] = [];
      for (let i = 1; i <= LOADS; i++) {
        const result = await load(browser, press, press.as && cookies.get(press.as));
        loads.push(result);
        if (!result || result.effect === null) console.log(`  ${String(i).padStart(4)}  no working press in ${GIVE_UP_MS / 1000} s`);
        else
          console.log(
            `  ${String(i).padStart(4)} ${ms(result.fcp)}   ${ms(result.firstTap)}   ${ms(result.effect)}  ${String(result.taps).padStart(4)}   ${ms(result.effect - result.fcp)}` +
              `   ${String(result.scripts.length).padStart(3)} (${ms(Math.min(...result.scripts.map((r) => r.start)))} → ${ms(Math.max(...result.scripts.map((r) => r.end)))})` +
              `   ${result.ready === null ? '     -' : ms(result.ready)}`,
          );
        if (result && i === 1 && process.env.TIMELINE === '1')
          for (const r of [...result.requests].sort((a, b) => a.start - b.start)) console.log(`        ${ms(r.start)} ${ms(r.end)}  ${r.name}`);
      }
      const worked = loads.filter((l): l is Load & { effect: number } => l !== null && l.effect !== null).map((l) => l.effect - l.fcp);
      const failed = loads.length - worked.length;
      const rows = loads.map((l) => l && { fcp: l.fcp, firstTap: l.firstTap, effect: l.effect, taps: l.taps, ready: l.ready, scripts: l.scripts.length });
      summary[press.name] = { loads: rows, p50: worked.length ? median(worked) : null, worst: failed ? null : Math.max(...worked) };
      console.log(`  first paint → working press: p50 ${worked.length ? Math.round(median(worked)) : '-'} ms, worst ${failed ? `${failed} never worked` : `${Math.round(Math.max(...worked))} ms`}`);
    }
  } finally {
    await browser.close();
  }
  console.log(`\n${JSON.stringify({ base: BASE, loads: LOADS, summary })}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
