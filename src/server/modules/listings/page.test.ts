import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_COVER_SIZES, photoSrcSet, photoVariant } from '../../../domain/photos';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import type { TestContext } from '../../test/app';
import { signIn } from '../../test/auth';
import { createTestDatabase } from '../../test/database';
import { createListing, testJpeg, uploadPhotos } from '../../test/listings';

const INDEX = `<!doctype html><html lang="en-IN"><head><meta charset="UTF-8" /><meta name="description" content="PawStay" /><title>PawStay</title></head><body><div id="root"></div></body></html>`;

// The listing page as a link previewer fetches it: the built web app's index.html, served by the
// SPA fallback with the listing's tags. useTestApp serves no web app, so this file builds its own.
describe('GET /listing/:id (the HTML page)', () => {
  const t = { mail: [] as MailMessage[] } as TestContext;
  let webDir: string;
  beforeAll(async () => {
    t.dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-page-'));
    webDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    t.database = (await createTestDatabase()) as Database;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, PUBLIC_URL: 'https://pawstay.example' });
    t.app = (await buildApp({ config, database: t.database, mailer: { send: async (m) => void t.mail.push(m), close() {} }, webDir })) as FastifyInstance;
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app?.close();
    await t.database?.close();
    for (const dir of [t.dataDir, webDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("puts an active listing's title, description and cover photo in the page, escaped", async () => {
    const cookie = await signIn(t, 'og-host@example.com');
    const title = 'Cosy "flat"><script>alert(1)</script>';
    const listing = await createListing(t, cookie, { title, description: `${'A calm flat with a garden. '.repeat(10)}<b>bold</b>` });
    const photo = (await uploadPhotos(t, cookie, listing.id, [{ filename: 'a.jpg', content: await testJpeg() }], { alt: 'The garden' })).json().added[0];

    const res = await t.app.inject({ method: 'GET', url: `/listing/${listing.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>Cosy &quot;flat&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · PawStay</title>');
    expect(html).toContain('<meta property="og:title" content="Cosy &quot;flat&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(html).toContain(`<meta property="og:url" content="https://pawstay.example/listing/${listing.id}" />`);
    expect(html).toContain(`<meta property="og:image" content="https://pawstay.example${photo.url}" />`);
    expect(html).toContain('<meta property="og:image:alt" content="The garden" />');
    expect(html).toContain('<meta property="og:type" content="website" />');
    const description = /<meta property="og:description" content="([^"]*)" \/>/.exec(html)![1]!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^A calm flat with a garden\. A calm/);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // The cover, the page's largest paint, is fetched with the HTML rather than after the app's
    // code and data: the same srcset and sizes as the page's <img>, so it is fetched once.
    expect(html).toContain(
      `<link rel="preload" as="image" href="${photoVariant(photo.url, 'large')}" imagesrcset="${photoSrcSet(photo.url)}" imagesizes="${LISTING_COVER_SIZES}" fetchpriority="high" />`,
    );
  });

  it('answers 404 with the app for an unknown, malformed or paused listing, and leaves other pages alone', async () => {
    const cookie = await signIn(t, 'og-paused@example.com');
    const listing = await createListing(t, cookie);
    await t.app.inject({ method: 'PATCH', url: `/api/listings/${listing.id}`, headers: { cookie }, payload: { status: 'inactive' } });
    for (const url of [`/listing/${listing.id}`, '/listing/00000000-0000-4000-8000-000000000000', '/listing/not-an-id', "/listing/1'%20or%201=1"]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe(INDEX);
    }
    const search = await t.app.inject({ method: 'GET', url: '/search?city=Ahmedabad' });
    expect(search.statusCode).toBe(200);
    expect(search.body).toBe(INDEX);
  });
});
