import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { useTestApp } from './test/app';
import { signIn } from './test/auth';
import { createListing } from './test/listings';

// The public reads' short cache (decision 016): kept between writes, never past one.
describe('public answers: the listing page and the search', () => {
  const t = useTestApp();
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const patch = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
  const search = async (city: string) => ((await get(`/api/search?city=${city}`)).json().results as { id: string; title: string }[]).map((r) => r.title);

  it('are kept between writes: a change made behind the app shows once something is written', async () => {
    const host = await signIn(t, 'host-kept@example.com');
    const listing = await createListing(t, host, { title: 'A kept garden flat', city: 'Keptpur' });
    expect((await get(`/api/listings/${listing.id}`)).json().title).toBe('A kept garden flat');
    expect(await search('Keptpur')).toEqual(['A kept garden flat']);

    await t.database.db.execute(sql`update listings set title = 'Renamed behind the app' where id = ${listing.id}`);
    expect((await get(`/api/listings/${listing.id}`)).json().title, 'kept').toBe('A kept garden flat');
    expect(await search('Keptpur'), 'kept').toEqual(['A kept garden flat']);

    // A write that cannot change them (a pet) keeps them; one that can (the host's name) does not.
    const pet = { name: 'Bruno', type: 'dog', size: 'm' };
    expect((await t.app.inject({ method: 'POST', url: '/api/pets', headers: { cookie: host }, payload: pet })).statusCode).toBe(201);
    expect((await get(`/api/listings/${listing.id}`)).json().title, 'kept after a pet').toBe('A kept garden flat');
    expect((await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: host }, payload: { name: 'Kavya' } })).statusCode).toBe(200);
    expect((await get(`/api/listings/${listing.id}`)).json().title).toBe('Renamed behind the app');
    expect(await search('Keptpur')).toEqual(['Renamed behind the app']);
  });

  it('are kept through writes that were refused or went nowhere', async () => {
    const host = await signIn(t, 'host-refused@example.com');
    const listing = await createListing(t, host, { title: 'A refused-write flat', city: 'Refusalpur' });
    expect((await get(`/api/listings/${listing.id}`)).json().title).toBe('A refused-write flat');
    await t.database.db.execute(sql`update listings set title = 'Renamed behind the app' where id = ${listing.id}`);
    expect((await patch(`/api/listings/${listing.id}`, host, { title: 'x' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/nowhere', payload: {} })).statusCode).toBe(404);
    expect((await get(`/api/listings/${listing.id}`)).json().title).toBe('A refused-write flat');
  });

  it("show a host's edit, and a pause, on the very next read", async () => {
    const host = await signIn(t, 'host-fresh@example.com');
    const listing = await createListing(t, host, { title: 'A fresh terrace home', city: 'Freshnagar' });
    expect((await get(`/api/listings/${listing.id}`)).json().title).toBe('A fresh terrace home');
    expect(await search('Freshnagar')).toEqual(['A fresh terrace home']);

    expect((await patch(`/api/listings/${listing.id}`, host, { title: 'A renamed terrace home' })).statusCode).toBe(200);
    expect((await get(`/api/listings/${listing.id}`)).json().title).toBe('A renamed terrace home');
    expect(await search('Freshnagar')).toEqual(['A renamed terrace home']);

    expect((await patch(`/api/listings/${listing.id}`, host, { status: 'inactive' })).statusCode).toBe(200);
    expect((await get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect(await search('Freshnagar')).toEqual([]);
  });

  it("never hand a host's own view to anyone else", async () => {
    const host = await signIn(t, 'host-own@example.com');
    const listing = await createListing(t, host, { title: 'An owned quiet flat' });
    expect((await get(`/api/listings/${listing.id}`, host)).json().is_owner).toBe(true);
    expect((await get(`/api/listings/${listing.id}`)).json().is_owner).toBe(false);
    expect((await get(`/api/listings/${listing.id}`, host)).json().is_owner).toBe(true);
    expect((await get(`/api/listings/${listing.id}`, await signIn(t, 'guest-own@example.com'))).json().is_owner).toBe(false);
  });

  it("are forgotten by another app process on the same database when this one takes a write", async () => {
    const other = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir }), database: t.database, mailer: { async send() {}, close() {} } });
    try {
      const host = await signIn(t, 'host-two-processes@example.com');
      const listing = await createListing(t, host, { title: 'A two-process flat' });
      const read = async () => (await other.inject({ method: 'GET', url: `/api/listings/${listing.id}` })).json().title as string;
      expect(await read()).toBe('A two-process flat');
      expect((await patch(`/api/listings/${listing.id}`, host, { title: 'A renamed two-process flat' })).statusCode).toBe(200);
      await expect.poll(read).toBe('A renamed two-process flat');
    } finally {
      await other.close();
    }
  });
});
