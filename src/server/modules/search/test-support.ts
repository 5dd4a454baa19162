import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StaySize } from '../../../domain/pet-sizes';
import { searchAnswerSchema } from '../../../domain/contracts/search';
import type { TestContext } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { addPet, api, inDays, userIdOf } from '../bookings/test-support';

// A small known world for the search tests: every expectation is computed from this table in
// JavaScript and compared with what the API found, so "every result satisfies every filter" and
// "nothing that satisfies them is missing" are both checked.

export type Fixture = {
  key: string;
  city: string;
  price: number;
  sizes: StaySize[];
  verified: boolean;
  lat: number;
  lng: number;
  active: boolean;
  /** Published listing reviews' stars. */
  reviews: number[];
};

const f = (key: string, city: string, price: number, sizes: StaySize[], verified: boolean, lat: number, lng: number, reviews: number[] = [], active = true): Fixture =>
  ({ key, city, price, sizes, verified, lat, lng, active, reviews });

export const FIXTURES: Fixture[] = [
  f('A1', 'Ahmedabad', 800, ['small'], true, 23.03, 72.57, [3]),
  f('A2', 'Ahmedabad', 1500, ['small', 'medium'], false, 23.05, 72.52, [5, 4]),
  f('A3', 'ahmedabad', 2500, ['small', 'medium', 'large'], true, 22.99, 72.6, [5, 4, 5, 4]),
  f('A4', 'AHMEDABAD', 3000, ['medium', 'large'], false, 23.1, 72.58),
  f('A5', 'Ahmedabad', 5000, ['large'], true, 23.02, 72.5),
  f('A6', 'Ahmedabad', 1500, ['small', 'medium', 'large'], false, 23.04, 72.56, [5]),
  f('A7', 'Ahmedabad', 1200, ['small', 'large'], true, 23.0, 72.55, [5, 5], false),
  f('A8', 'Ahmedabad', 2500, ['small', 'medium'], true, 23.06, 72.61, [5, 4]),
  f('G1', 'Gandhinagar', 1800, ['small', 'medium', 'large'], true, 23.22, 72.64, [4]),
  f('G2', 'Gandhinagar', 900, ['medium'], false, 23.2, 72.65),
  f('V1', 'Vadodara', 2000, ['small', 'medium'], true, 22.31, 73.18),
  f('S1', 'Surat', 1700, ['small', 'medium', 'large'], false, 21.17, 72.83, [2]),
];

/** The stay A2 has accepted and the night A6's host blocked, in days from today. */
export const A2_STAY = { from: 10, to: 13 };
export const A6_BLOCKED = 20;

export type World = { ids: Record<string, string>; keyOf: Record<string, string>; host: string; hostId: string };

/** Creates FIXTURES through the API (plus SQL for what only we may set: verified, reviews). */
export async function buildWorld(t: TestContext): Promise<World> {
  const call = api(t);
  const host = await signIn(t, 'search-host@example.com');
  await call('PATCH', '/api/me', host, { name: 'Asha Patel' });
  const hostId = await userIdOf(t, host);
  const guest = await signIn(t, 'search-guest@example.com');
  const guestId = await userIdOf(t, guest);
  await addPet(t, guest, { name: 'Bruno', size: 's' });
  const ids: Record<string, string> = {};
  for (const x of FIXTURES) {
    const listing = await createListing(t, host, {
      title: `Search fixture ${x.key} stay`,
      city: x.city,
      nightly_price_inr: x.price,
      size_supported: x.sizes,
      lat: x.lat,
      lng: x.lng,
    });
    ids[x.key] = listing.id;
    // Search reads the public position (domain/location.ts); the fixtures put it where their
    // figures (areas, distances) expect it, rather than a random few hundred metres away.
    await t.database.db.execute(sql`update listings set lat = exact_lat, lng = exact_lng where id = ${listing.id}`);
    if (x.verified) await t.database.db.execute(sql`update listings set verified = true where id = ${listing.id}`);
    for (const [i, stars] of x.reviews.entries()) {
      await t.database.db.execute(sql`
        with b as (
          insert into bookings (listing_id, owner_id, start_date, end_date, nights, size, price_subtotal_paise, taxes_paise, platform_fee_paise, total_paise, status)
          values (${listing.id}, ${guestId}, current_date - ${40 + i * 3}::int, current_date - ${39 + i * 3}::int, 1, 'small', 100000, 5000, 5000, 105000, 'completed')
          returning id)
        insert into reviews (booking_id, listing_id, author_id, subject_id, kind, rating, body, published_at)
        select b.id, ${listing.id}, ${guestId}, ${hostId}, 'listing', ${stars}, 'Lovely', now() from b
      `);
    }
    if (!x.active) expect((await call('PATCH', `/api/listings/${listing.id}`, host, { status: 'inactive' })).statusCode).toBe(200);
  }
  // A2: an accepted stay. A6: a blocked night.
  const request = await call('POST', '/api/bookings/create', guest, { listingId: ids.A2, fromDate: inDays(A2_STAY.from), toDate: inDays(A2_STAY.to), size: 'small' });
  expect(request.statusCode).toBe(201);
  expect((await call('POST', `/api/bookings/${request.json().id}/accept`, host)).statusCode).toBe(200);
  const blocked = await call('POST', `/api/listings/${ids.A6}/blocked-dates`, host, { from: inDays(A6_BLOCKED), to: inDays(A6_BLOCKED) });
  expect(blocked.statusCode).toBe(200);
  const keyOf = Object.fromEntries(Object.entries(ids).map(([k, id]) => [id, k]));
  return { ids, keyOf, host, hostId };
}

export type Card = ReturnType<typeof searchAnswerSchema.parse>['results'][number];
export type SearchAnswer = ReturnType<typeof searchAnswerSchema.parse>;

/**
 * GET /api/search with `query`; asserts a 200 whose body has exactly the documented shape and
 * exactly SPEC.md's card fields (strict: no extra field anywhere).
 */
export async function search(t: TestContext, query: Record<string, string | number> | string = {}): Promise<SearchAnswer> {
  const qs = typeof query === 'string' ? query : new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.inject({ method: 'GET', url: `/api/search${qs ? `?${qs}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = res.json();
  const strictCard = searchAnswerSchema.shape.results.element.strict().extend({
    photos: searchAnswerSchema.shape.results.element.shape.photos.element.strict().array(),
    host: searchAnswerSchema.shape.results.element.shape.host.strict(),
  });
  expect(() => searchAnswerSchema.strict().extend({ results: strictCard.array() }).parse(body)).not.toThrow();
  return body;
}

/** The 400 answer of GET /api/search?`qs`: its message and fields. */
export async function refused(t: TestContext, qs: string): Promise<{ message: string; fields?: Record<string, string>; code: string }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${qs}` });
  expect(res.statusCode, `${qs}: ${res.body}`).toBe(400);
  return res.json().error;
}
