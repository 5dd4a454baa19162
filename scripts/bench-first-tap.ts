// npm run bench:first-tap [-- <base URL>]: the time from a page's first paint to a tap that
// works, as a visitor on a mid-range phone feels it (issue 18, decision 018). For the search (a
// result's "Show details") and a listing ("Save to favorites", signed out: the sign-in dialog),
// LOADS fresh loads each (default 10) with Lighthouse's mobile conditions applied by the browser:
// its slow 4G (562.5 ms per request, 1.47 Mbit/s down) and a processor 4x slower. The visitor
// taps the control as soon as it is on screen, and taps again 600 ms after each tap that did
// nothing, as people do, until its dialog opens. Prints each load, then per page the median and
// the worst of first paint → working tap. Times are the page's own (performance.now()).
// Against a running app (default http://localhost:3000, its demo data); no build of its own.
// Each load also says where its time went: how many of the app's scripts it fetched, when the
// first was asked for and the last arrived, and when the app said it was ready; TIMELINE=1 prints
// every request of each page's first load (start and end, in the page's clock).
import { existsSync } from 'node:fs';
import { chromium, devices, type Browser, type Page } from '@playwright/test';

const BASE = process.argv[2] ?? 'http://localhost:3000';
const LOADS = Number(process.env.LOADS ?? 10);
const GIVE_UP_MS = 60_000;
const TAP_AGAIN_MS = 600;
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

/** Lighthouse's "mobile slow 4G" as DevTools throttling applies it (its throttling presets). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

type Request = { name: string; start: number; end: number };
type Load = { fcp: number; firstTap: number; effect: number | null; taps: number; ready: number | null; scripts: Request[]; requests: Request[] };

/**
 * Records, in the page's clock, its first contentful paint, each real tap and the first visible
 * dialog. Plain JavaScript in a string: tsx (esbuild) wraps named functions it compiles in a
 * `__name` helper that does not exist in the page, so a compiled function would stop at the
 * first one, before it watches for the dialog.
 */
const RECORDER = `
  window.bench = { taps: [] };
  document.addEventListener('pawstay:app-ready', () => { window.bench.ready ??= performance.now(); });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.bench.fcp ??= entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  addEventListener('pointerdown', (e) => e.isTrusted && window.bench.taps.push(e.timeStamp), true);
  new MutationObserver(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (window.bench.effect === undefined && dialog && dialog.getBoundingClientRect().width > 0) window.bench.effect = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
`;

async function visibleBox(page: Page, find: (page: Page) => ReturnType<Page['locator']>, until: number) {
  while (Date.now() < until) {
    const box = await find(page).first().boundingBox().catch(() => null);
    if (box && box.width > 0) return box;
    await page.waitForTimeout(50);
  }
  return null;
}

async function load(browser: Browser, url: string, find: (page: Page) => ReturnType<Page['locator']>): Promise<Load | null> {
  const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({ ...phone, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  try {
    await context.addInitScript({ content: RECORDER });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const until = Date.now() + GIVE_UP_MS;
    await page.goto(url, { waitUntil: 'commit' });
    const opened = () => page.evaluate(() => (window as unknown as { bench: { effect?: number } }).bench.effect !== undefined);
    let taps = 0;
    while (Date.now() < until) {
      const box = await visibleBox(page, find, until);
      if (!box) break;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      taps += 1;
      const waitUntil = Date.now() + TAP_AGAIN_MS;
      while (Date.now() < waitUntil && !(await opened())) await page.waitForTimeout(50);
      if (await opened()) break;
    }
    // A tap replayed later may still open the dialog: give it the rest of the time.
    while (Date.now() < until && !(await opened())) await page.waitForTimeout(100);
    const bench = await page.evaluate(() => (window as unknown as { bench: { fcp?: number; taps: number[]; effect?: number; ready?: number } }).bench);
    if (bench.fcp === undefined || bench.taps.length === 0) return null;
    const requests = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
    );
    const scripts = requests.filter((r) => r.name.startsWith('/assets/') && r.name.endsWith('.js'));
    return { fcp: bench.fcp, firstTap: bench.taps[0]!, effect: bench.effect ?? null, taps, ready: bench.ready ?? null, scripts, requests };
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
  const search = await fetch(`${BASE}/api/search?city=Ahmedabad`);
  if (!search.ok) throw new Error(`${BASE}/api/search answered ${search.status}: is the app running with its demo data?`);
  const listingId = ((await search.json()) as { results: { id: string }[] }).results[0]?.id;
  if (!listingId) throw new Error('no listing in Ahmedabad to open');
  const pages = [
    { name: '/search', url: `${BASE}/search?city=Ahmedabad`, find: (p: Page) => p.getByRole('button', { name: /^Show details for/ }) },
    { name: '/listing/:id', url: `${BASE}/listing/${listingId}`, find: (p: Page) => p.getByRole('button', { name: 'Save to favorites', exact: true }) },
  ];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  type Row = Omit<Load, 'scripts' | 'requests'> & { scripts: number };
  const summary: Record<string, { loads: (Row | null)[]; p50: number | null; worst: number | null }> = {};
  try {
    for (const { name, url, find } of pages) {
      console.log(`\n${name} (${LOADS} loads)\n  load    fcp  1st tap  working  taps  paint→working   scripts (asked → all in)   app ready`);
      const loads: (Load | null)[] = [];
      for (let i = 1; i <= LOADS; i++) {
        const result = await load(browser, url, find);
        loads.push(result);
        if (!result || result.effect === null) console.log(`  ${String(i).padStart(4)}  no working tap in ${GIVE_UP_MS / 1000} s`);
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
      summary[name] = { loads: rows, p50: worked.length ? median(worked) : null, worst: failed ? null : Math.max(...worked) };
      console.log(`  first paint → working tap: p50 ${worked.length ? Math.round(median(worked)) : '-'} ms, worst ${failed ? `${failed} never worked` : `${Math.round(Math.max(...worked))} ms`}`);
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
