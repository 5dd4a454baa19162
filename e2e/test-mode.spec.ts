import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BuiltApp, startBuiltApp } from '../scripts/support/built-app';
import { signInViaApi, uniqueEmail } from './auth-helpers';
import { expect, expectNoA11yViolations, test } from './fixtures';

// Test mode is visible wherever money is (issue 34, decision 040), at phone and desktop widths: a
// production server in test mode shows every visitor a banner on every page from its first paint,
// above the page, without moving it, and keeps it as the app changes pages in the browser; the
// tests' own server (test mode, not production) shows none; the host's Payouts tab says test mode.

/** A port nothing listens on now, for a server of this worker's own. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test.describe('production in test mode', () => {
  // One server for the tests of this block, in this worker.
  test.describe.configure({ mode: 'serial' });
  let app: BuiltApp | undefined;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-e2e-test-mode-'));
    const port = await freePort();
    app = await startBuiltApp(port, dataDir, { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', SEED_DEMO: 'off', PUBLIC_URL: `http://127.0.0.1:${port}` });
  });

  test.afterAll(async () => {
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('every page says no real money moves, at the top, from the first paint, and as the app changes pages', async ({ page }) => {
    const banner = page.getByRole('complementary', { name: 'Test mode' });
    for (const url of ['/', '/search?city=Ahmedabad', '/about', '/faq', '/dashboard', '/no-such-page']) {
      // In the HTML as it arrives, before any of the app's code runs.
      const res = await page.request.get(`${app!.url}${url}`);
      expect(await res.text(), url).toContain('<aside class="test-mode-banner" aria-label="Test mode"><p>Test mode: no real money moves</p></aside>');
      await page.goto(`${app!.url}${url}`);
      await expect(banner, url).toHaveText('Test mode: no real money moves');
      const box = (await banner.boundingBox())!;
      expect(box.y, url).toBe(0);
      expect(box.width, url).toBe(page.viewportSize()!.width);
      // The site's header sits right below it.
      const header = (await page.locator('header').first().boundingBox())!;
      expect(Math.round(header.y), url).toBe(Math.round(box.height));
    }
    await expectNoA11yViolations(page);
    // A page the app opens itself, without a new HTML page: the banner stays.
    await page.goto(`${app!.url}/about`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/question/i);
    await expect(banner).toHaveText('Test mode: no real money moves');
    await expect(banner).toHaveCount(1);
  });
});

test('outside production, test mode shows no banner: the money places say it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Test mode' })).toHaveCount(0);
});

test("the host's Payouts tab says that no real money moves", async ({ page }) => {
  await signInViaApi(page, uniqueEmail('test-mode-host'));
  await page.goto('/host?tab=payouts');
  const note = page.getByRole('region', { name: 'Test mode' });
  await expect(note).toContainText('Test mode: no real money moves');
  await expect(note).toContainText('nothing is paid to your account, and invoices and statements are marked TEST');
  await expect(page.getByRole('region', { name: 'Payout account' })).toBeVisible();
  await expectNoA11yViolations(page);
});
