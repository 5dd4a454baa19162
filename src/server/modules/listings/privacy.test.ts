import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { metresBetween, PUBLIC_OFFSET_METRES } from '../../../domain/location';
import { render } from '../../../web/entry-server';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing, validListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { payForStay } from '../payments/test-support';

// A host's home stays private until a stay there is paid (issue 23, PRODUCT.md section 8): the
// exact address and pin reach the host, and a guest whose stay is confirmed until it ends; every
// other answer has the locality, the city and a position a few hundred metres away.

const HOME = { lat: 23.0412345, lng: 72.5123456 };
/** The app's HTML, for the server to render the listing's page into (decision 013). */
const webDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>PawStay</title></head><body><div id="root"></div></body></html>');
const ADDRESS = 'Flat 7B, Sunrise Towers, Judges Bungalow Road, Bodakdev, Ahmedabad 380054';

describe("a host's home", () => {
  const t = useTestApp({}, { webDir, renderPage: render });
  const call = api(t);

  /**
   * Whether `body` gives away the home: its address, its street, or its pin. (One coordinate of
   * the moved position may share its first decimals with the home's, when the move is along the
   * other: the distance checks say how far it is.)
   */
  const revealsHome = (body: string) =>
    body.includes('Sunrise Towers') || body.includes('380054') || body.includes(String(HOME.lat)) || body.includes(String(HOME.lng));

  it('is only its locality and a moved position to anyone but its host: the listing, its page, search, the home page, the cached answer', async () => {
    const host = await signIn(t, 'privacy-host@example.com');
    const created = await createListing(t, host, { address: ADDRESS, ...HOME });
    // The host's own answer has it all.
    expect(created).toMatchObject({ address: ADDRESS, locality: 'Bodakdev', ...HOME, exact_location: true, is_owner: true });

    const stranger = await signIn(t, 'privacy-stranger@example.com');
    for (const cookie of [undefined, stranger, undefined]) {
      // Signed out twice: the second answer is the cached one.
      const res = await call('GET', `/api/listings/${created.id}`, cookie);
      expect(res.statusCode).toBe(200);
      const listing = res.json();
      expect(listing).toMatchObject({ address: null, locality: 'Bodakdev', city: 'Ahmedabad', exact_location: false });
      const metres = metresBetween(HOME, listing);
      expect(metres).toBeGreaterThan(PUBLIC_OFFSET_METRES.min - 1);
      expect(metres).toBeLessThan(PUBLIC_OFFSET_METRES.max + 1);
      expect(revealsHome(res.body)).toBe(false);
    }
    // The same moved position every time: asking again tells nothing more.
    const first = (await call('GET', `/api/listings/${created.id}`)).json();
    expect((await call('GET', `/api/listings/${created.id}`, stranger)).json()).toMatchObject({ lat: first.lat, lng: first.lng });

    for (const url of ['/api/search?city=Ahmedabad&pageSize=100', `/api/search?north=${HOME.lat + 0.001}&south=${HOME.lat - 0.001}&east=${HOME.lng + 0.001}&west=${HOME.lng - 0.001}`, '/api/listings/featured']) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(revealsHome(res.body), url).toBe(false);
    }
    const card = (await call('GET', '/api/search?city=Ahmedabad&pageSize=100')).json().results.find((c: { id: string }) => c.id === created.id);
    expect(card).toMatchObject({ lat: first.lat, lng: first.lng });

    // The page as the server renders it, with its data for the browser, and its preview tags: any
    // visitor's, the host's own visit included (the browser adds what the host may see).
    for (const cookie of [undefined, stranger, host]) {
      const page = await t.app.inject({ method: 'GET', url: `/listing/${created.id}`, headers: cookie ? { cookie } : {} });
      expect(page.statusCode).toBe(200);
      expect(page.body, 'rendered on the server').toMatch(/<div id="root">[\s\S]*<h1[\s\S]*id="server-data"/);
      // Its position for the map is the moved one.
      expect(page.body).toContain(`"lat":${first.lat}`);
      expect(revealsHome(page.body)).toBe(false);
    }
  });

  it("reaches a guest from the day their stay is paid until its last day, on the listing and on their booking", async () => {
    const host = await signIn(t, 'privacy-host2@example.com');
    const listing = await createListing(t, host, { address: ADDRESS, ...HOME });
    const guest = await signIn(t, 'privacy-guest@example.com');
    await addPet(t, guest, { name: 'Bruno', size: 's' });
    const booking = (await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(3), toDate: inDays(5), size: 'small' })).json();
    const seen = async () => {
      const page = (await call('GET', `/api/listings/${listing.id}`, guest)).json();
      const card = (await call('GET', '/api/bookings', guest)).json().results.find((b: { id: string }) => b.id === booking.id);
      return { page: page.address, exact: page.exact_location, card: card.listing.address };
    };
    expect(await seen()).toEqual({ page: null, exact: false, card: null }); // requested
    await call('POST', `/api/bookings/${booking.id}/accept`, host);
    expect(await seen()).toEqual({ page: null, exact: false, card: null }); // awaiting payment
    await payForStay(t, guest, booking.id);
    expect(await seen()).toEqual({ page: ADDRESS, exact: true, card: ADDRESS });
    expect((await call('GET', `/api/listings/${listing.id}`, guest)).json()).toMatchObject(HOME);
    expect((await call('GET', `/api/bookings/${booking.id}`, guest)).json().listing.address).toBe(ADDRESS);
    // Another guest, and the host's view of the booking.
    expect((await call('GET', `/api/listings/${listing.id}`, await signIn(t, 'privacy-other@example.com'))).json().address).toBeNull();
    expect((await call('GET', `/api/bookings/${booking.id}`, host)).json().listing.address).toBe(ADDRESS);

    // The stay's last day, then the day after.
    await rawRows(t.database.db, sql`update bookings set start_date = ${inDays(-2)}::date, end_date = ${inDays(0)}::date where id = ${booking.id}`);
    expect(await seen()).toEqual({ page: ADDRESS, exact: true, card: ADDRESS });
    await rawRows(t.database.db, sql`update bookings set start_date = ${inDays(-3)}::date, end_date = ${inDays(-1)}::date where id = ${booking.id}`);
    expect(await seen()).toEqual({ page: null, exact: false, card: null });
  });

  it('keeps its moved position when the host saves it again, and draws a new one only when the pin moves', async () => {
    const host = await signIn(t, 'privacy-host3@example.com');
    const listing = await createListing(t, host, { address: ADDRESS, ...HOME });
    const publicOf = async () => (await rawRows<{ lat: number; lng: number }>(t.database.db, sql`select lat, lng from listings where id = ${listing.id}`))[0]!;
    const before = await publicOf();
    const { id: _id, ...body } = { id: listing.id, ...validListing, address: ADDRESS, ...HOME, title: 'Sunny flat with a garden, renamed' };
    expect((await call('PATCH', `/api/listings/${listing.id}`, host, body)).statusCode).toBe(200);
    expect(await publicOf()).toEqual(before);
    const moved = { lat: HOME.lat + 0.01, lng: HOME.lng };
    expect((await call('PATCH', `/api/listings/${listing.id}`, host, moved)).json()).toMatchObject({ ...moved, exact_location: true });
    const after = await publicOf();
    expect(after).not.toEqual(before);
    expect(metresBetween(moved, after)).toBeLessThan(PUBLIC_OFFSET_METRES.max + 1);
  });

  it('asks for the locality of a new listing', async () => {
    const host = await signIn(t, 'privacy-host4@example.com');
    const { locality: _l, ...withoutLocality } = validListing;
    const res = await t.app.inject({ method: 'POST', url: '/api/listings', headers: { cookie: host }, payload: withoutLocality });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.locality).toBe('Locality is required');
  });
});
