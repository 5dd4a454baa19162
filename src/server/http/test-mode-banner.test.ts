import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../domain/page-paths';
import { TEST_MODE_NOTICE } from '../../domain/test-mode';
import { render } from '../../web/entry-server';
import { signIn } from '../test/auth';
import { type TestContext, useTestApp } from '../test/app';
import { createListing } from '../test/listings';

// Production in test mode says so on every page (decision 040): each page type's HTML, rendered on
// the server or left to the browser, anonymous or signed in, found or not, carries the banner once,
// before the app's root; with Razorpay's keys no page does, nor does development's test mode.

const webDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>PawStay</title></head><body><div id="root"></div></body></html>');

const BANNER = '<aside class="test-mode-banner" aria-label="Test mode">';
const RAZORPAY = { RAZORPAY_KEY_ID: 'rzp_live_1DP5mmOlF5G5ag', RAZORPAY_KEY_SECRET: 'thisisasecret', RAZORPAY_WEBHOOK_SECRET: 'webhooksecret', OPERATOR_GSTIN: '24AAACC1206D1ZM' };

/** Every page of the app with its ids filled in, and a path that is no page. */
const everyPage = (listingId: string) => [...PAGE_PATHS.map((p) => p.replace(':id', p.startsWith('/messages') ? randomUUID() : listingId)), '/no-such-page', `/listing/${randomUUID()}`];

/** The pages' HTML for a visitor with `cookie` (none: anonymous), with their statuses. */
async function pagesFor(t: TestContext, pages: string[], cookie?: string) {
  return Promise.all(
    pages.map(async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      return { url, status: res.statusCode, html: res.body };
    }),
  );
}

const banners = (html: string) => html.split(BANNER).length - 1;

describe('production in test mode', () => {
  const t = useTestApp({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on' }, { webDir, renderPage: render });

  it('shows the banner on every page, server-rendered before the app, to visitors and members alike', async () => {
    const host = await signIn(t, 'banner-host@example.com');
    const listing = await createListing(t, host, { title: 'Banner test flat in Paldi' });
    const pages = everyPage(listing.id);
    const statuses = new Set<number>();
    for (const cookie of [undefined, host]) {
      for (const page of await pagesFor(t, pages, cookie)) {
        statuses.add(page.status);
        expect(banners(page.html), `${page.url} ${cookie ? 'signed in' : 'anonymous'}`).toBe(1);
        expect(page.html, page.url).toContain(`${BANNER}<p>${TEST_MODE_NOTICE}</p></aside><div id="root">`);
      }
    }
    // Found pages and not-found ones both.
    expect([...statuses].sort()).toEqual([200, 404]);
    // The pages the server renders keep their render beside the banner.
    const listingPage = (await pagesFor(t, [`/listing/${listing.id}`]))[0]!;
    expect(listingPage.html).toMatch(/<div id="root">[\s\S]*Banner test flat in Paldi/);
  });
});

describe('production with Razorpay', () => {
  const t = useTestApp({ NODE_ENV: 'production', ...RAZORPAY }, { webDir, renderPage: render });

  it('shows no banner on any page', async () => {
    const member = await signIn(t, 'banner-live@example.com');
    for (const cookie of [undefined, member]) {
      for (const page of await pagesFor(t, everyPage(randomUUID()), cookie)) {
        expect(page.html, page.url).not.toContain('test-mode-banner');
        expect(page.html, page.url).not.toContain(TEST_MODE_NOTICE);
      }
    }
  });
});

describe('development in test mode', () => {
  // `npm start`, the demo: its money places say test mode; its pages carry no banner (decision 040).
  const t = useTestApp({ NODE_ENV: 'development' }, { webDir, renderPage: render });

  it('shows no banner', async () => {
    for (const page of await pagesFor(t, everyPage(randomUUID()))) expect(page.html, page.url).not.toContain('test-mode-banner');
  });
});
