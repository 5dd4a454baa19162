import { describe, expect, it } from 'vitest';
import { signIn } from '../test/auth';
import { useTestApp } from '../test/app';
import { createListing } from '../test/listings';

// Issue 9: public GET answers carry an ETag, and a client that sends it back gets 304 with no body.

describe('ETags on public answers', () => {
  const t = useTestApp();

  it('tags a public listing and answers If-None-Match with 304 and no body', async () => {
    const host = await signIn(t, 'etag-host@example.com');
    const { id } = await createListing(t, host);
    const first = await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    // Weak: the same tag stands for the JSON in any encoding (br, gzip or none).
    expect(etag).toMatch(/^W\/"[\w-]{20,}"$/);

    const again = await t.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers['content-type']).toBeUndefined();
    // Weak comparison, and a list of tags, as browsers and proxies send them.
    for (const header of [etag.slice(2), `"other", ${etag}`, '*']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers: { 'if-none-match': header } })).statusCode).toBe(304);
    }

    // A change is a new tag, and the old one no longer matches.
    await t.app.inject({ method: 'PATCH', url: `/api/listings/${id}`, headers: { cookie: host }, payload: { nightly_price_inr: 1999 } });
    const changed = await t.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('gives a compressed answer and its 304 the same tag and the same Vary', async () => {
    const host = await signIn(t, 'etag-long@example.com');
    // Over the 1 KB compression threshold.
    const { id } = await createListing(t, host, { description: 'A calm home with a shaded garden and long walks. '.repeat(30) });
    const url = `/api/listings/${id}`;
    const headers = { 'accept-encoding': 'br, gzip' };
    const first = await t.app.inject({ method: 'GET', url, headers });
    expect(first.headers['content-encoding']).toBeDefined();
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode, again.body + t.serverErrors.join('\n')).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(String(again.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(again.headers.vary)).toMatch(/cookie/i);
    // HEAD is tagged as GET is.
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'if-none-match': etag } });
    expect(head.statusCode, t.serverErrors.join('\n')).toBe(304);
  });

  it('tags search results', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/search?city=Ahmedabad' });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/search?city=Ahmedabad', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('never tags a private answer, an error or a change', async () => {
    const cookie = await signIn(t, 'etag-guest@example.com');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect(me.headers.etag).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/api/listings/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const posted = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Asha', email: 'asha@example.com', subject: 'Hello there', message: 'A question about pets.' } });
    expect(posted.headers.etag).toBeUndefined();
  });
});
