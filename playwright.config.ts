import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The config is read by the runner and by each worker; the first read picks the port and the
// data directory and the workers inherit them through the environment.
process.env.E2E_PORT ??= '3310';
process.env.E2E_SMTP_PORT ??= '2525';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pawstay-e2e-'));
// An operator (the /ops console), made on the server before it starts, as `npm run operator` does.
process.env.E2E_OPERATOR_EMAIL ??= 'operator@e2e.example.com';
const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
/** Where the SMTP capture writes the mail the app sends (see e2e/smtp-capture.mjs). */
export const mailDir = path.join(process.env.E2E_DATA_DIR, 'captured-mail');
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's Chromium: Playwright's own browser download cannot work on this machine. Its headless
 * shell first (Debian's chromium-headless-shell, the same Blink and V8 as Playwright's own default
 * for headless runs): the full browser's headless mode composites every frame in software in a
 * process of its own, and the browser step took about 30% longer with it (decision 050).
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';

const launchOptions = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two, on CI and in a plain `npm test` alike (Playwright's default is half the cores: one on the
  // 2-core CI host, which took the browser step to 24 min). The tests are written for two browsers
  // on a busy 2-core host (fixtures.ts, ONCE_THE_APP_RUNS).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: '.tmp/test-results',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    // A failed test's trace keeps its actions, DOM snapshots and network, not the screencast: its
    // frames, encoded as every test runs (kept or not), took a third of the browser step (decision 050).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // No service worker, but where a test says it wants one (installable.spec.ts, push on the
    // settings page). Once the worker controls a page (it registers when the first view is idle,
    // so a later page of the same test, at a moment of the host's choosing), Playwright neither
    // routes nor reports that page's requests: a routed failure became a real answer in about one
    // run in four, and page.on('request') lists nothing. The worker's own behaviour is proven
    // where it is allowed.
    serviceWorkers: 'block',
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: [
    {
      command: 'node e2e/smtp-capture.mjs',
      port: smtpPort,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(smtpPort), MAIL_DIR: mailDir },
    },
    {
      // exec: the server itself is the process that Playwright stops at the end.
      command: `npx tsx scripts/operator.ts grant --create ${process.env.E2E_OPERATOR_EMAIL} && exec node dist/server/main.js`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
