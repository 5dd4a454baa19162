import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { metresBetween, PUBLIC_OFFSET_METRES } from '../../../domain/location';
import { render } from '../../../web/entry-server';
import { migrationsFolder } from '../../db/client';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing, validListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { payForStay } from '../payments/test-support';

// A host's home stays private (issues 23 and 34, PRODUCT.md section 8): the exact address and pin
// reach the host, and a guest whose stay is paid once they have something at stake, until it ends;
// every other answer has the locality, the city and a position a few hundred metres away, one per
// place whatever the host lists there.

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
    // visitor's, or a signed-in visitor's own (decision 047), which no cache may keep.
    // Vitest compiles each module of a page on its first import (Babel for Lingui's, decision 059),
    // which the built server never does: a first render of each compiles the page's code (and a
    // signed-in visitor's parts), so that compiling does not count against the render's 2 s
    // (server/http/server-render.ts) on a busy machine, as it did in CI.
    for (const cookie of [undefined, stranger]) await t.app.inject({ method: 'GET', url: `/listing/${created.id}`, headers: cookie ? { cookie } : {} });
    for (const cookie of [undefined, stranger]) {
      const page = await t.app.inject({ method: 'GET', url: `/listing/${created.id}`, headers: cookie ? { cookie } : {} });
      expect(page.statusCode).toBe(200);
      expect(page.body, "rendered on the server").toMatch(/<div id="root">[\s\S]*<h1[\s\S]*id="server-data"/);
      // Its position for the map is the moved one.
      expect(page.body).toContain(`"lat":${first.lat}`);
      expect(revealsHome(page.body)).toBe(false);
      expect(page.headers['cache-control']).toBe(cookie ? 'private, no-store' : 'no-cache');
    }
    // The host's own visit is rendered for the host, who may see their home: for them alone.
    const own = await t.app.inject({ method: 'GET', url: `/listing/${created.id}`, headers: { cookie: host } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
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

  it('reaches a paid guest only once they have something at stake: no full refund left, or 48 hours before check-in (decision 038)', async () => {
    const host = await signIn(t, 'privacy-host5@example.com');
    const guest = await signIn(t, 'privacy-guest5@example.com');
    await addPet(t, guest, { name: 'Bruno', size: 's' });
    const seen = async (listingId: string, bookingId: string) => {
      const page = (await call('GET', `/api/listings/${listingId}`, guest)).json();
      const card = (await call('GET', '/api/bookings', guest)).json().results.find((b: { id: string }) => b.id === bookingId);
      const detail = (await call('GET', `/api/bookings/${bookingId}`, guest)).json();
      expect(detail.listing).toEqual(card.listing);
      return { page: page.address, exact: page.exact_location, card: card.listing.address, from: card.listing.address_from };
    };
    const paidStay = async (policy: string, from: number) => {
      const listing = await createListing(t, host, { address: ADDRESS, ...HOME, cancellation_policy: policy });
      const booking = (await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(from), toDate: inDays(from + 2), size: 'small' })).json();
      expect((await call('POST', `/api/bookings/${booking.id}/accept`, host)).statusCode).toBe(200);
      await payForStay(t, guest, booking.id);
      return { listing: listing.id, booking: booking.id as string };
    };
    const moveTo = (bookingId: string, from: number) =>
      rawRows(t.database.db, sql`update bookings set start_date = ${inDays(from)}::date, end_date = ${inDays(from + 2)}::date where id = ${bookingId}`);
    const checkIn = (from: number) => new Date(`${inDays(from)}T14:00:00+05:30`).getTime();

    // Flexible, a month ahead: paid, and free to cancel in full for weeks: the locality only, and when.
    const flexible = await paidStay('flexible', 30);
    expect(await seen(flexible.listing, flexible.booking)).toEqual({ page: null, exact: false, card: null, from: new Date(checkIn(30) - 48 * 3_600_000).toISOString() });
    // Cancelling now would refund in full: nothing was bought with the payment but the dates.
    const outlook = (await call('GET', `/api/bookings/${flexible.booking}`, guest)).json();
    expect(outlook.can_cancel).toBe(true);
    // Tomorrow's check-in: within 48 hours.
    await moveTo(flexible.booking, 1);
    expect(await seen(flexible.listing, flexible.booking)).toEqual({ page: ADDRESS, exact: true, card: ADDRESS, from: null });

    // Moderate, a month ahead: hidden until the full refund ends, 5 days before check-in.
    const moderate = await paidStay('moderate', 30);
    expect((await seen(moderate.listing, moderate.booking)).from).toBe(new Date(checkIn(30) - 5 * 24 * 3_600_000 + 1).toISOString());
    expect((await seen(moderate.listing, moderate.booking)).card).toBeNull();
    await moveTo(moderate.booking, 4);
    expect(await seen(moderate.listing, moderate.booking)).toEqual({ page: ADDRESS, exact: true, card: ADDRESS, from: null });

    // Strict never refunds in full: the guest has half the stay at stake from the moment they pay.
    const strict = await paidStay('strict', 30);
    expect(await seen(strict.listing, strict.booking)).toEqual({ page: ADDRESS, exact: true, card: ADDRESS, from: null });

    // The host always sees it; an unpaid request never shows when.
    expect((await call('GET', `/api/bookings/${flexible.booking}`, host)).json().listing).toMatchObject({ address: ADDRESS, address_from: null });
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

  it('shows one public position for every listing of a host at one place, made one by one or at once, and kept when a pin is nudged (issue 34)', async () => {
    const host = await signIn(t, 'privacy-host6@example.com');
    const PLACE = { lat: 23.0311111, lng: 72.5311111 };
    const publicOf = async (id: string) => {
      const { lat, lng } = (await call('GET', `/api/listings/${id}`)).json() as { lat: number; lng: number };
      return { lat, lng };
    };
    // Six at one pin: three in turn, three at once.
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createListing(t, host, { ...PLACE, title: `Room ${i + 1} of the Satellite bungalow` }));
    made.push(...(await Promise.all([4, 5, 6].map((i) => createListing(t, host, { ...PLACE, title: `Room ${i} of the Satellite bungalow` })))));
    const positions = await Promise.all(made.map((l) => publicOf(l.id)));
    expect(new Set(positions.map((p) => `${p.lat},${p.lng}`)).size).toBe(1);
    const shared = positions[0]!;
    expect(metresBetween(PLACE, shared)).toBeGreaterThan(PUBLIC_OFFSET_METRES.min - 1);
    expect(metresBetween(PLACE, shared)).toBeLessThan(PUBLIC_OFFSET_METRES.max + 1);
    // An annexe 60 m away is the same place; another home 2 km away is not.
    const annexe = await createListing(t, host, { lat: PLACE.lat + 60 / 111_320, lng: PLACE.lng, title: 'The garden annexe of the bungalow' });
    expect(await publicOf(annexe.id)).toEqual(shared);
    const elsewhere = await createListing(t, host, { lat: PLACE.lat + 0.02, lng: PLACE.lng, title: 'A flat across the river, elsewhere' });
    expect(await publicOf(elsewhere.id)).not.toEqual(shared);
    // A pin nudged a few metres keeps its position: no second draw to cross with the first.
    expect((await call('PATCH', `/api/listings/${made[0]!.id}`, host, { lat: PLACE.lat + 0.0001 })).statusCode).toBe(200);
    expect(await publicOf(made[0]!.id)).toEqual(shared);
    // Search: the same distance and the same map position for all of them, so no order or area tells them apart.
    const near = (await call('GET', `/api/search?city=Ahmedabad&sort=distance&pageSize=100`)).json().results.filter((c: { title: string }) => c.title.includes('Satellite bungalow') || c.title.includes('garden annexe'));
    expect(near).toHaveLength(7);
    expect(new Set(near.map((c: { distance_km: number; lat: number; lng: number }) => `${c.distance_km} ${c.lat} ${c.lng}`)).size).toBe(1);
    // Another host's listing at the same pin is theirs to place: a position of its own.
    const neighbour = await createListing(t, await signIn(t, 'privacy-neighbour@example.com'), { ...PLACE, title: 'The neighbour’s flat at the same gate' });
    expect(await publicOf(neighbour.id)).not.toEqual(shared);
  });

  it('gives the listings placed before that rule one position per place (migration 0023)', async () => {
    const host = await signIn(t, 'privacy-host7@example.com');
    const PLACE = { lat: 23.0511111, lng: 72.5011111 };
    const older = await createListing(t, host, { ...PLACE, title: 'The older flat of the Thaltej house' });
    const newer = await createListing(t, host, { lat: PLACE.lat + 50 / 111_320, lng: PLACE.lng, title: 'The newer flat of the Thaltej house' });
    const apart = await createListing(t, host, { lat: PLACE.lat + 0.02, lng: PLACE.lng, title: 'A flat well away from the house' });
    // As before the rule: each its own draw.
    await rawRows(t.database.db, sql`update listings set lat = exact_lat + 0.0025, lng = exact_lng where id = ${newer.id}`);
    await rawRows(t.database.db, sql`update listings set created_at = now() - interval '1 day' where id = ${older.id}`);
    const positions = async () =>
      rawRows<{ id: string; lat: number; lng: number }>(t.database.db, sql`select id, lat, lng from listings where id in (${older.id}, ${newer.id}, ${apart.id})`);
    const before = Object.fromEntries((await positions()).map((r) => [r.id, { lat: r.lat, lng: r.lng }]));
    expect(before[newer.id]).not.toEqual(before[older.id]);
    const migration = readFileSync(path.join(migrationsFolder(), '0023_one-public-position-per-place.sql'), 'utf8');
    await t.database.db.execute(sql.raw(migration));
    const after = Object.fromEntries((await positions()).map((r) => [r.id, { lat: r.lat, lng: r.lng }]));
    expect(after).toEqual({ [older.id]: before[older.id], [newer.id]: before[older.id], [apart.id]: before[apart.id] });
  });

  it('takes the locality of a new listing sent without one from its address, never a door number', async () => {
    const host = await signIn(t, 'privacy-host4@example.com');
    const { locality: _l, ...withoutLocality } = validListing;
    const res = await t.app.inject({ method: 'POST', url: '/api/listings', headers: { cookie: host }, payload: { ...withoutLocality, address: ADDRESS } });
    expect(res.statusCode).toBe(201);
    expect(res.json().locality).toBe('Bodakdev');
    const anonymous = await call('GET', `/api/listings/${res.json().id}`);
    expect(revealsHome(anonymous.body)).toBe(false);
  });
});
