#!/usr/bin/env node
// Full-page screenshots of every public page at phone (390 px) and desktop (1280 px) widths,
// plus a few interactive states, for design review.
//
//   node scripts/screenshots.mjs [baseUrl=http://localhost:3000] [outDir=screenshots]
//
// With OUTBOX=<the server's DATA_DIR>/outbox (a server without SMTP_URL), it also signs in through
// the dialog with the e-mailed code and shoots the signed-in pages.
//
// Uses Debian's Chromium (Playwright's own browser download cannot work here).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
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
  ['search', '/search?city=Ahmedabad'],
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
    // Across both months shown: at the end of a month, the first has fewer than seven days left.
    const days = page.getByRole('grid').locator('button:not([disabled])');
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

    if (process.env.OUTBOX) await signedInStates(page, device);

    await context.close();
  }
} finally {
  await browser.close();
}

if (problems.length) {
  console.error(`\n${problems.length} problem(s) seen while browsing:\n${problems.join('\n')}`);
  process.exitCode = 1;
}

function latestCode(email) {
  const dir = process.env.OUTBOX;
  const mails = readdirSync(dir).sort().map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
  return mails.filter((m) => m.to === email).at(-1)?.subject.slice(0, 6);
}

async function signedInStates(page, device) {
  const email = `shreya.${device}.${Date.now()}@example.com`;
  await page.goto(baseUrl + '/');
  await settle(page);
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page.getByRole('dialog').getByLabel('Email').fill(email);
  await page.screenshot({ path: path.join(outDir, `signin-email-${device}.png`) });
  await page.getByRole('dialog').getByRole('button', { name: 'Send OTP' }).click();
  await page.getByPlaceholder('Enter 6-digit code').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, `signin-otp-${device}.png`) });
  await page.getByPlaceholder('Enter 6-digit code').fill(latestCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menu').waitFor();
  await page.screenshot({ path: path.join(outDir, `account-menu-${device}.png`) });
  await page.keyboard.press('Escape');

  for (const [name, route] of [['dashboard', '/dashboard'], ['pets-empty', '/pets'], ['profile', '/profile'], ['messages', '/messages']]) {
    await page.goto(baseUrl + route);
    await page.locator('main h1').first().waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(outDir, `${name}-${device}.png`), fullPage: true });
  }
  await page.goto(baseUrl + '/pets');
  await page.getByRole('button', { name: 'Add Pet' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Bruno');
  await page.getByRole('dialog').getByLabel('Breed').fill('Indie');
  await page.getByRole('dialog').getByLabel('Notes').fill('Afraid of fireworks; loves the park and long evening walks.');
  await page.screenshot({ path: path.join(outDir, `pet-dialog-${device}.png`) });
  await page.getByRole('dialog').getByRole('button', { name: 'Add Pet' }).click();
  await page.getByTestId('pet-card').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, `pets-${device}.png`), fullPage: true });
}
