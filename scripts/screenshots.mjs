#!/usr/bin/env node
// Full-page screenshots of every public page at phone (390 px) and desktop (1280 px) widths,
// plus a few interactive states, for design review.
//
//   node scripts/screenshots.mjs [baseUrl=http://localhost:3000] [outDir=screenshots]
//
// Uses Debian's Chromium (Playwright's own browser download cannot work here).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const baseUrl = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const outDir = path.resolve(process.argv[3] ?? 'screenshots');
mkdirSync(outDir, { recursive: true });

const PAGES = [
  ['home', '/'],
  ['about', '/about'],
  ['how-it-works', '/how-it-works'],
  ['faq', '/faq'],
  ['contact', '/contact'],
  ['host-guide', '/host/guide'],
  ['host-safety', '/host/safety'],
  ['not-found', '/no-such-page'],
];

const WIDTHS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
];

/** Scroll to the bottom and back so lazy images load, then wait for the network to settle. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Promise.all([...document.images].filter((i) => !i.complete).map((i) => new Promise((r) => { i.onload = i.onerror = r; }))));
  await page.evaluate(() => document.fonts.ready);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const problems = [];
try {
  for (const [device, viewport] of WIDTHS) {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`${device} ${page.url()}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`${device} ${page.url()}: ${m.text()}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${device} ${r.status()} ${r.url()}`));

    for (const [name, route] of PAGES) {
      await page.goto(baseUrl + route);
      await page.locator('main h1').first().waitFor();
      await settle(page);
      const file = path.join(outDir, `${name}-${device}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }

    // Interactive states.
    await page.goto(baseUrl + '/');
    await settle(page);
    await page.getByRole('button', { name: /add dates/i }).click();
    await page.getByRole('grid').first().waitFor();
    const days = page.getByRole('grid').first().locator('button:not([disabled])');
    await days.nth(3).click();
    await days.nth(6).click();
    await page.screenshot({ path: path.join(outDir, `home-datepicker-${device}.png`) });
    await page.keyboard.press('Escape');

    if (device === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(outDir, `menu-${device}.png`) });
      await page.keyboard.press('Escape');
    }

    await page.goto(baseUrl + '/contact');
    await settle(page);
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(outDir, `contact-errors-${device}.png`), fullPage: true });

    await context.close();
  }
} finally {
  await browser.close();
}

if (problems.length) {
  console.error(`\n${problems.length} problem(s) seen while browsing:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
