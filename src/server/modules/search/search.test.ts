import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cityCentre, type LatLng } from '../../../domain/cities';
import type { StaySize } from '../../../domain/pet-sizes';
import { SEARCH_LIMITS } from '../../../domain/contracts/search';
import { useTestApp } from '../../test/app';
import { inDays } from '../bookings/test-support';
import { A2_STAY, A6_BLOCKED, buildWorld, type Card, FIXTURES, type Fixture, search, type World } from './test-support';

type Query = {
  city?: string;
  minPrice?: number;
  maxPrice?: number;
  size?: StaySize[];
  verified?: boolean;
  /** Days from today. */
  dates?: [number, number];
  bounds?: { north: number; south: number; east: number; west: number };
};

const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];

/** What PRODUCT.md's rules say the search must find among FIXTURES. */
function expectedKeys(q: Query): string[] {
  const available = (x: Fixture) =>
    !q.dates ||
    !((x.key === 'A2' && overlaps(q.dates, [A2_STAY.from, A2_STAY.to])) || (x.key === 'A6' && overlaps(q.dates, [A6_BLOCKED, A6_BLOCKED + 1])));
  const b = q.bounds;
  return FIXTURES.filter(
    (x) =>
      x.active &&
      (b ? x.lat >= b.south && x.lat <= b.north && x.lng >= b.west && x.lng <= b.east : x.city.toLowerCase() === (q.city ?? 'Ahmedabad').trim().toLowerCase()) &&
      (q.minPrice === undefined || x.price >= q.minPrice) &&
      (q.maxPrice === undefined || x.price <= q.maxPrice) &&
      (q.size ?? []).every((s) => x.sizes.includes(s)) &&
      (!q.verified || x.verified) &&
      available(x),
  )
    .map((x) => x.key)
    .sort();
}

function toParams(q: Query): Record<string, string | number> {
  return {
    ...(q.city === undefined ? {} : { city: q.city }),
    ...(q.minPrice === undefined ? {} : { minPrice: q.minPrice }),
    ...(q.maxPrice === undefined ? {} : { maxPrice: q.maxPrice }),
    ...(q.size ? { size: q.size.join(',') } : {}),
    ...(q.verified ? { verified: 'true' } : {}),
    ...(q.dates ? { from: inDays(q.dates[0]), to: inDays(q.dates[1]) } : {}),
    ...(q.bounds ?? {}),
  };
}

function haversineKm(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

const AHMEDABAD = cityCentre('Ahmedabad')!;

describe('GET /api/search', () => {
  const t = useTestApp();
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(t);
  });
  const keys = (cards: Card[]) => cards.map((c) => w.keyOf[c.id]!);
  const sortedKeys = (cards: Card[]) => keys(cards).sort();
  const fixture = (card: Card) => FIXTURES.find((x) => x.key === w.keyOf[card.id])!;

  /** Runs `q`, checks the answer is exactly the expected set, and that every card satisfies `q`. */
  async function check(q: Query) {
    const body = await search(t, toParams(q));
    expect(sortedKeys(body.results), JSON.stringify(q)).toEqual(expectedKeys(q));
    expect(body.total).toBe(body.results.length);
    for (const card of body.results) {
      if (q.minPrice !== undefined) expect(card.price_per_night).toBeGreaterThanOrEqual(q.minPrice);
      if (q.maxPrice !== undefined) expect(card.price_per_night).toBeLessThanOrEqual(q.maxPrice);
      for (const size of q.size ?? []) expect(card.size_supported).toContain(size);
      if (q.verified) expect(card.verified).toBe(true);
      if (q.bounds) {
        expect(card.lat).toBeGreaterThanOrEqual(q.bounds.south);
        expect(card.lat).toBeLessThanOrEqual(q.bounds.north);
        expect(card.lng).toBeGreaterThanOrEqual(q.bounds.west);
        expect(card.lng).toBeLessThanOrEqual(q.bounds.east);
      } else {
        expect(card.city.toLowerCase()).toBe((q.city ?? 'Ahmedabad').trim().toLowerCase());
      }
    }
    return body;
  }

  it('answers cards with exactly the fields SPEC.md names, the paging figures and a short public cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search' });
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const body = await search(t);
    expect(body).toMatchObject({ total: 7, totalCapped: false, page: 1, pageSize: 24 });
    const a3 = body.results.find((c) => c.id === w.ids.A3)!;
    expect(a3).toEqual({
      id: w.ids.A3,
      title: 'Search fixture A3 stay',
      city: 'ahmedabad',
      price_per_night: 2500,
      lat: 22.99,
      lng: 72.6,
      photos: [],
      verified: true,
      rating: 4.5,
      reviews_count: 4,
      distance_km: Math.round(haversineKm(AHMEDABAD, { lat: 22.99, lng: 72.6 }) * 10) / 10,
      size_supported: ['small', 'medium', 'large'],
      amenities: ['Fenced garden', 'WiFi'],
      host: { name: 'Asha Patel' },
    });
  });

  it('finds Ahmedabad by default, any city case-insensitively, and never a paused listing', async () => {
    const all = await check({});
    expect(keys(all.results)).not.toContain('A7');
    for (const city of ['AHMEDABAD', 'ahmedabad', '  Ahmedabad  ']) expect(sortedKeys((await search(t, { city })).results)).toEqual(sortedKeys(all.results));
    await check({ city: 'Gandhinagar' });
    await check({ city: 'vadodara' });
    await check({ city: 'Surat' });
    await check({ city: 'Nowhere' });
    // Paused: in no search at all, whatever the filters.
    const everywhere = await search(t, { north: 90, south: -90, east: 180, west: -180, pageSize: 100 });
    expect(everywhere.total).toBe(FIXTURES.filter((x) => x.active).length);
    expect(keys(everywhere.results)).not.toContain('A7');
  });

  it('filters by price, inclusive at both ends', async () => {
    await check({ minPrice: 1500 });
    await check({ maxPrice: 1500 });
    await check({ minPrice: 1500, maxPrice: 2500 });
    await check({ minPrice: 1501, maxPrice: 2499 });
    await check({ minPrice: 0, maxPrice: 100000 });
    await check({ minPrice: 5000, maxPrice: 5000 });
  });

  it('keeps listings that accept every size asked for', async () => {
    for (const size of [['small'], ['medium'], ['large'], ['small', 'large'], ['medium', 'large'], ['small', 'medium', 'large']] as StaySize[][]) {
      await check({ size });
    }
    // Order and case do not matter.
    expect(sortedKeys((await search(t, { size: 'Large,small' })).results)).toEqual(expectedKeys({ size: ['small', 'large'] }));
  });

  it('keeps verified hosts only with verified=true', async () => {
    await check({ verified: true });
    expect((await search(t, { verified: 'false' })).total).toBe(expectedKeys({}).length);
  });

  it('leaves out a listing with an accepted stay or a blocked night in the range, and only then', async () => {
    const ranges: [number, number][] = [
      [A2_STAY.from, A2_STAY.to], // the stay itself
      [A2_STAY.from + 2, A2_STAY.to + 1], // its last night
      [A2_STAY.to, A2_STAY.to + 2], // check-in on its check-out day: free
      [A2_STAY.from - 2, A2_STAY.from], // check-out on its check-in day: free
      [A6_BLOCKED, A6_BLOCKED + 1], // the blocked night
      [A6_BLOCKED - 1, A6_BLOCKED], // the night before it
      [A6_BLOCKED + 1, A6_BLOCKED + 4],
      [A6_BLOCKED - 10, A6_BLOCKED + 5], // both
      [0, 30],
    ];
    for (const dates of ranges) await check({ dates });
    const blocked = await search(t, toParams({ dates: [A6_BLOCKED, A6_BLOCKED + 1] }));
    expect(keys(blocked.results)).not.toContain('A6');
    expect(keys(blocked.results)).toContain('A2');
    const stay = await search(t, toParams({ dates: [A2_STAY.from, A2_STAY.to] }));
    expect(keys(stay.results)).not.toContain('A2');
    expect(keys(stay.results)).toContain('A6');
  });

  it('searches the visible map area instead of the city, edges included', async () => {
    const bounds = { north: 23.25, south: 23.04, east: 72.7, west: 72.5 };
    const body = await check({ bounds });
    expect(sortedKeys(body.results)).toEqual(['A2', 'A4', 'A6', 'A8', 'G1', 'G2']);
    // The city does not filter any more; it is where distances are measured from.
    const fromVadodara = await check({ bounds, city: 'Vadodara' });
    const vadodara = cityCentre('Vadodara')!;
    for (const card of fromVadodara.results) {
      expect(card.distance_km).toBe(Math.round(haversineKm(vadodara, card) * 10) / 10);
    }
    // A city without a known centre: from the centre of the area.
    const middle = { lat: (bounds.north + bounds.south) / 2, lng: (bounds.east + bounds.west) / 2 };
    for (const card of (await search(t, { ...bounds, city: 'Surat' })).results) {
      expect(card.distance_km).toBe(Math.round(haversineKm(middle, card) * 10) / 10);
    }
    await check({ bounds: { north: 23.05, south: 23.0, east: 72.6, west: 72.5 } });
    await check({ bounds: { north: 10, south: 9, east: 80, west: 79 } });
  });

  it('combines every filter: each result satisfies all of them, and none is missing', async () => {
    const queries: Query[] = [
      { minPrice: 1000, maxPrice: 3000, size: ['small'], verified: true },
      { minPrice: 1000, maxPrice: 3000, size: ['small', 'medium'], dates: [A2_STAY.from, A2_STAY.to] },
      { city: 'ahmedabad', maxPrice: 2500, size: ['medium'], dates: [A6_BLOCKED, A6_BLOCKED + 2] },
      { city: 'Gandhinagar', minPrice: 500, size: ['large'], verified: true, dates: [5, 8] },
      { bounds: { north: 23.3, south: 22.9, east: 72.7, west: 72.4 }, size: ['large'], verified: true, minPrice: 1000 },
      { bounds: { north: 23.3, south: 22.9, east: 72.7, west: 72.4 }, size: ['small'], maxPrice: 2000, dates: [A2_STAY.from - 1, A2_STAY.from + 1] },
      { minPrice: 2000, maxPrice: 1999 + 1, verified: true, size: ['small', 'medium', 'large'], dates: [1, 31] },
    ];
    for (const q of queries) await check(q);
  });

  it('gives distance_km from the searched city centre with one decimal, null for a city without a centre', async () => {
    for (const card of (await search(t)).results) {
      expect(card.distance_km).toBe(Math.round(haversineKm(AHMEDABAD, card) * 10) / 10);
    }
    const surat = (await search(t, { city: 'Surat', sort: 'distance' })).results;
    expect(keys(surat)).toEqual(['S1']);
    expect(surat[0]!.distance_km).toBeNull();
  });

  describe('sort orders (every adjacent pair in order)', () => {
    type Key = (c: Card) => number[];
    /** Compares `key` lexicographically: every pair must be non-decreasing. */
    function inOrder(cards: Card[], key: Key) {
      for (let i = 1; i < cards.length; i++) {
        const [a, b] = [key(cards[i - 1]!), key(cards[i]!)];
        const first = a.findIndex((v, j) => v !== b[j]);
        expect(first === -1 || a[first]! < b[first]!, `${keys(cards).join(' ')}: ${a} before ${b}`).toBe(true);
      }
    }
    const recommended: Key = (c) => [c.verified ? 0 : 1, -c.rating, -c.reviews_count, c.distance_km!];
    const area = { north: 23.3, south: 22.9, east: 72.7, west: 72.4 };

    it('recommended (default): verified first, then rating (no home here has a stay checked out), then reviews, then distance', async () => {
      const cards = (await search(t)).results;
      inOrder(cards, recommended);
      expect(keys(cards)).toEqual(['A3', 'A8', 'A1', 'A5', 'A6', 'A2', 'A4']);
      expect(keys((await search(t, { sort: 'recommended' })).results)).toEqual(keys(cards));
      inOrder((await search(t, area)).results, recommended);
    });

    it('price low to high and high to low', async () => {
      for (const query of [{}, area]) {
        const up = (await search(t, { ...query, sort: 'price_asc' })).results;
        inOrder(up, (c) => [c.price_per_night]);
        const down = (await search(t, { ...query, sort: 'price_desc' })).results;
        inOrder(down, (c) => [-c.price_per_night]);
        expect(up.length).toBe(down.length);
      }
    });

    it('distance, nearest first', async () => {
      for (const query of [{}, area, { ...area, city: 'Gandhinagar' }]) {
        const cards = (await search(t, { ...query, sort: 'distance' })).results;
        inOrder(cards, (c) => [c.distance_km!]);
        expect(cards.length).toBeGreaterThan(3);
      }
      const centre = cityCentre('Ahmedabad')!;
      const byDistance = FIXTURES.filter((x) => x.active && x.city.toLowerCase() === 'ahmedabad').sort((a, b) => haversineKm(centre, a) - haversineKm(centre, b));
      expect(keys((await search(t, { sort: 'distance' })).results)).toEqual(byDistance.map((x) => x.key));
    });

    it('rating: best rated first, then reviews, then distance', async () => {
      for (const query of [{}, area]) {
        inOrder((await search(t, { ...query, sort: 'rating' })).results, (c) => [-c.rating, -c.reviews_count, c.distance_km!]);
      }
      expect(keys((await search(t, { sort: 'rating' })).results).slice(0, 2)).toEqual(['A6', 'A3']);
    });

    it('without a known centre, distance sorts as recommended', async () => {
      const cards = (await search(t, { north: 90, south: -90, east: 180, west: -180, city: 'Atlantis', sort: 'distance', pageSize: 100 })).results;
      expect(cards.length).toBe(11);
      // The area's centre (0, 0) is still a centre: nearest first.
      inOrder(cards, (c) => [c.distance_km!]);
    });
  });

  it('pages: each page continues the one before without overlap, with the same total', async () => {
    for (const sort of ['recommended', 'price_asc', 'price_desc', 'distance', 'rating']) {
      const whole = (await search(t, { sort })).results.map((c) => c.id);
      const pages: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = await search(t, { sort, page, pageSize: 2 });
        expect(body).toMatchObject({ total: 7, totalCapped: false, page, pageSize: 2 });
        expect(body.results.length).toBe(page < 4 ? 2 : 1);
        pages.push(...body.results.map((c) => c.id));
      }
      expect(pages).toEqual(whole);
      expect(new Set(pages).size).toBe(7);
      expect((await search(t, { sort, page: 5, pageSize: 2 })).results).toEqual([]);
    }
  });

  it(`counts at most ${SEARCH_LIMITS.maxResults} matches, and pages through those only`, async () => {
    const cap = SEARCH_LIMITS.maxResults;
    // More listings than that in one city, straight into the table (the API would take a while).
    await t.database.db.execute(sql`
      insert into listings (host_id, title, description, address, city, state, nightly_price_inr, lat, lng, exact_lat, exact_lng)
      select ${w.hostId}, 'Bulk listing ' || g, repeat('A calm home for pets. ', 5), g || ' Bulk Road, Capville', 'Capville', 'Gujarat',
        500 + g * 10, 21 + g / 1000.0, 72 + g / 1000.0, 21 + g / 1000.0, 72 + g / 1000.0
      from generate_series(1, ${cap + 10}) g
    `);
    const first = await search(t, { city: 'Capville' });
    expect(first).toMatchObject({ total: cap, totalCapped: true, page: 1, pageSize: 24 });
    const seen = new Set<string>();
    for (let page = 1; page <= cap / 24; page++) {
      const body = await search(t, { city: 'Capville', sort: 'price_asc', page });
      expect(body.results.length).toBe(24);
      for (const c of body.results) seen.add(c.id);
    }
    expect(seen.size).toBe(cap);
    expect((await search(t, { city: 'Capville', page: 2, pageSize: 100 })).results.length).toBe(cap - 100);
    // Narrowed below the cap, the count is exact again.
    expect(await search(t, { city: 'Capville', maxPrice: 1000 })).toMatchObject({ total: 50, totalCapped: false });
  });
});
