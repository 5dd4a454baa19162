import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../test/rows';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import type { ListingDetail } from '../../../domain/contracts/listing';

type Method = 'GET' | 'PUT' | 'DELETE' | 'PATCH';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('/api/favorites', () => {
  const t = useTestApp();
  const call = (method: Method, url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const save = (cookie: string, id: string) => call('PUT', `/api/favorites/${id}`, cookie);
  const forget = (cookie: string, id: string) => call('DELETE', `/api/favorites/${id}`, cookie);
  const ids = async (cookie: string): Promise<string[]> => (await call('GET', '/api/favorites/ids', cookie)).json().ids;
  const cards = async (cookie: string): Promise<{ id: string }[]> => (await call('GET', '/api/favorites', cookie)).json().results;
  /** The stored rows of `cookie`'s user for a listing, not trusting the API's own answer. */
  const rowsOf = async (cookie: string, listingId: string) => {
    const userId: string = (await call('GET', '/api/me', cookie)).json().id;
    const [row] = await rawRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from favorites where user_id = ${userId} and listing_id = ${listingId}`,
    );
    return row!.n;
  };

  let host: string;
  let listings: ListingDetail[];
  beforeAll(async () => {
    host = await signIn(t, 'fav-host@example.com');
    await call('PATCH', '/api/me', host, { name: 'Asha Patel' });
    listings = [];
    for (const title of ['Garden flat for big dogs', 'Quiet cat-friendly studio', 'Riverside home with a yard']) {
      listings.push(await createListing(t, host, { title }));
    }
  });

  it('needs a session for every route, before looking at the id', async () => {
    for (const [method, url] of [
      ['GET', '/api/favorites'],
      ['GET', '/api/favorites/ids'],
      ['PUT', `/api/favorites/${UNKNOWN}`],
      ['DELETE', `/api/favorites/${UNKNOWN}`],
      ['PUT', '/api/favorites/not-a-uuid'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('saves, lists and forgets a listing', async () => {
    const me = await signIn(t, 'fav-basic@example.com');
    expect(await cards(me)).toEqual([]);
    expect(await ids(me)).toEqual([]);
    const saved = await save(me, listings[0]!.id);
    expect(saved.statusCode).toBe(204);
    expect(saved.body).toBe('');
    expect(await ids(me)).toEqual([listings[0]!.id]);
    expect((await cards(me)).map((c) => c.id)).toEqual([listings[0]!.id]);
    expect((await forget(me, listings[0]!.id)).statusCode).toBe(204);
    expect(await ids(me)).toEqual([]);
    expect(await cards(me)).toEqual([]);
  });

  it('is idempotent both ways', async () => {
    const me = await signIn(t, 'fav-idem@example.com');
    const id = listings[1]!.id;
    for (let i = 0; i < 3; i++) expect((await save(me, id)).statusCode).toBe(204);
    expect(await ids(me)).toEqual([id]);
    expect(await rowsOf(me, id)).toBe(1);
    for (let i = 0; i < 3; i++) expect((await forget(me, id)).statusCode).toBe(204);
    expect(await ids(me)).toEqual([]);
    // Forgetting a listing that does not exist is no error either: the end state is the same.
    expect((await forget(me, UNKNOWN)).statusCode).toBe(204);
  });

  it('lists the newest saved first, and saving again does not move a listing up', async () => {
    const me = await signIn(t, 'fav-order@example.com');
    const [a, b, c] = listings.map((l) => l.id) as [string, string, string];
    await save(me, b);
    await save(me, a);
    await save(me, c);
    expect((await cards(me)).map((x) => x.id)).toEqual([c, a, b]);
    expect(await ids(me)).toEqual([c, a, b]);
    await save(me, b);
    expect((await cards(me)).map((x) => x.id)).toEqual([c, a, b]);
    await forget(me, a);
    await save(me, a);
    expect((await cards(me)).map((x) => x.id)).toEqual([a, c, b]);
  });

  it("keeps each user's favorites their own", async () => {
    const a = await signIn(t, 'fav-a@example.com');
    const b = await signIn(t, 'fav-b@example.com');
    const id = listings[2]!.id;
    await save(a, id);
    expect(await ids(b)).toEqual([]);
    expect(await cards(b)).toEqual([]);
    expect((await forget(b, id)).statusCode).toBe(204);
    expect(await ids(a)).toEqual([id]);
    await save(b, id);
    await forget(b, id);
    expect(await ids(a)).toEqual([id]);
    expect(await ids(b)).toEqual([]);
  });

  it('answers 404 for an unknown listing and 400 for a malformed id, with the error shape', async () => {
    const me = await signIn(t, 'fav-bad@example.com');
    const unknown = await save(me, UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Listing not found' } });
    for (const bad of ['not-a-uuid', '123', `${UNKNOWN}x`, "x' or 1=1 --"]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await call(method, `/api/favorites/${encodeURIComponent(bad)}`, me);
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'validation_failed', message: 'Invalid listing id' });
      }
    }
    expect(await ids(me)).toEqual([]);
  });

  it('refuses to save a paused listing, and hides a saved one until it is active again', async () => {
    const me = await signIn(t, 'fav-paused@example.com');
    const listing = await createListing(t, host, { title: 'Paused stay near the lake' });
    await save(me, listing.id);
    await call('PATCH', `/api/listings/${listing.id}`, host, { status: 'inactive' });
    expect(await cards(me)).toEqual([]);
    expect(await ids(me)).toEqual([listing.id]);
    expect((await save(me, listing.id)).statusCode).toBe(404);
    const other = await signIn(t, 'fav-paused-2@example.com');
    expect((await save(other, listing.id)).statusCode).toBe(404);
    await call('PATCH', `/api/listings/${listing.id}`, host, { status: 'active' });
    expect((await cards(me)).map((c) => c.id)).toEqual([listing.id]);
  });

  it('ends 50 parallel toggles in one consistent state: saved once or not at all, never a 5xx', async () => {
    const me = await signIn(t, 'fav-race@example.com');
    const id = listings[0]!.id;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? forget(me, id) : save(me, id))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(204));
    const n = await rowsOf(me, id);
    expect(n).toBeLessThanOrEqual(1);
    expect(await ids(me)).toEqual(n ? [id] : []);
    // And the state is still usable afterwards.
    await save(me, id);
    expect(await ids(me)).toEqual([id]);
  });

  it('answers the very cards search answers', async () => {
    const me = await signIn(t, 'fav-card@example.com');
    const id = listings[1]!.id;
    await save(me, id);
    const [card] = (await call('GET', '/api/favorites', me)).json().results;
    const found = (await call('GET', '/api/search?city=Ahmedabad&pageSize=100', me)).json().results.find((c: { id: string }) => c.id === id);
    expect(Object.keys(card).sort()).toEqual(Object.keys(found).sort());
    // Favorites span cities and have no searched place, so no distance; everything else is equal.
    expect(card).toEqual({ ...found, distance_km: null });
    expect(card).toMatchObject({ title: 'Quiet cat-friendly studio', host: { name: 'Asha Patel' }, price_per_night: 1500 });
  });

  it('keeps the answers private and documents every route', async () => {
    const me = await signIn(t, 'fav-doc@example.com');
    expect((await call('GET', '/api/favorites', me)).headers['cache-control']).toBe('private, no-store');
    expect((await call('GET', '/api/favorites/ids', me)).headers['cache-control']).toBe('private, no-store');
    const paths = (await call('GET', '/api/openapi.json')).json().paths;
    expect(paths['/api/favorites'].get.tags).toEqual(['favorites']);
    expect(paths['/api/favorites/ids'].get.summary).toBeTruthy();
    expect(Object.keys(paths['/api/favorites/{listingId}']).sort()).toEqual(['delete', 'put']);
  });
});
