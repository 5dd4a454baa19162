import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/app';

describe('the HTTP app', () => {
  const t = useTestApp();

  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: expect.stringMatching(/pglite|postgres/) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/listings/featured'],
      ['DELETE', '/api/contact'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps API answers private unless the route marks them public', async () => {
    const pets = await t.app.inject({ method: 'GET', url: '/api/pets' });
    expect(pets.statusCode).toBe(401);
    expect(pets.headers['cache-control']).toBe('private, no-store');
    const search = await t.app.inject({ method: 'GET', url: '/api/search?city=Ahmedabad' });
    expect(search.headers['cache-control']).toBe('public, max-age=30');
  });

  it('keeps them private however the path is written, and never lets an error be public', async () => {
    // The router decodes %61 to "a": this reaches GET /api/pets.
    const encoded = await t.app.inject({ method: 'GET', url: '/%61pi/pets' });
    expect(encoded.statusCode).toBe(401);
    expect(encoded.headers['cache-control']).toBe('private, no-store');
    // A public route's refusal (an unknown listing) is not for a shared cache to keep.
    const missing = await t.app.inject({ method: 'GET', url: '/api/listings/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });

  it('allows map tiles from the configured tile server only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(String(res.headers['content-security-policy'])).toContain('img-src \'self\' data: blob: https://tile.openstreetmap.org');
  });

  it('compresses larger responses', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/contact', '/api/listings/featured', '/api/config']),
    );
  });

  it('answers the featured listings in the card shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/listings/featured' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: expect.any(Array) });
  });
});

describe('text PostgreSQL cannot store', () => {
  const t = useTestApp();

  it('refuses a NUL character anywhere in a body or query with a 400, not a 500', async () => {
    const { signIn } = await import('./test/auth');
    const cookie = await signIn(t, 'nul@example.com');
    const cases = [
      { method: 'POST' as const, url: '/api/pets', payload: { name: 'Bru\u0000no', type: 'dog', size: 'm' } },
      { method: 'PATCH' as const, url: '/api/me', payload: { name: 'A\u0000' } },
      { method: 'POST' as const, url: '/api/contact', payload: { name: 'Asha', email: 'a@example.com', subject: 'Hello there', message: 'Nul \u0000 inside this' } },
      { method: 'POST' as const, url: '/api/pets', payload: { name: 'Ok', type: 'dog', size: 'm', notes: ['x\u0000'] } },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ ...c, headers: { cookie } });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json().error.code).toBe('invalid_text');
    }
    const query = await t.app.inject({ method: 'GET', url: '/api/listings/featured?x=%00' });
    expect(query.statusCode).toBe(400);
  });
});
