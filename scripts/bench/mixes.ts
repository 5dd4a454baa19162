import { addDays, type IsoDate } from '../../src/domain/dates';
import { SEARCH_LIMITS, searchQuerySchema, type SearchParams } from '../../src/domain/contracts/search';
import { BENCH_CITIES } from './data';
import { mulberry32 as prng } from '../../src/server/db/seed/deterministic';

// Random but realistic searches, as the /search page sends them: mostly Ahmedabad, the price
// slider's range (500 to 5000, step 100; 500-3000 by default), a few pet sizes, sometimes verified
// hosts only, dates in the next three months for a few nights, every sort order, mostly the first
// page. Some are "Search as I move the map" areas inside a city at street zoom; some search for
// one of my pets (its type, and without current vaccinations, homes that do not require them). Seeded, so every
// run draws the same searches.

export type Mix = {
  /** The query string of GET /api/search. */
  query: string;
  /** The same search as the server runs it (parsed by the API's own schema). */
  params: SearchParams;
};


/** Picks from `[weight, value]` pairs. */
function weighted<T>(rng: () => number, choices: [number, T][]): T {
  const total = choices.reduce((sum, [w]) => sum + w, 0);
  let r = rng() * total;
  for (const [w, value] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return choices.at(-1)![1];
}

export function randomMixes(count: number, today: IsoDate, seed = 42): Mix[] {
  const rng = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
  const mixes: Mix[] = [];
  for (let i = 0; i < count; i++) {
    const q: Record<string, string> = {};
    const city = weighted(rng, [
      [55, 'Ahmedabad'],
      [12, 'Gandhinagar'],
      [12, 'Vadodara'],
      [8, 'Surat'],
      [5, 'Rajkot'],
      [4, 'Mumbai'],
      [4, 'Pune'],
    ]);
    q.city = rng() < 0.1 ? city.toLowerCase() : city;
    if (rng() < 0.1) {
      // The map moved: a street-level area (about 3 x 2 km) somewhere in the city.
      const c = BENCH_CITIES.find((x) => x.name === city)!;
      const lat = c.lat + (rng() - 0.5) * c.spread * 2;
      const lng = c.lng + (rng() - 0.5) * c.spread * 2;
      Object.assign(q, { north: (lat + 0.01).toFixed(4), south: (lat - 0.01).toFixed(4), east: (lng + 0.015).toFixed(4), west: (lng - 0.015).toFixed(4) });
    }
    const price = weighted(rng, [
      [40, 'default'],
      [30, 'custom'],
      [30, 'none'],
    ]);
    if (price === 'default') Object.assign(q, { minPrice: '500', maxPrice: '3000' });
    if (price === 'custom') {
      const min = 500 + 100 * int(0, 25);
      Object.assign(q, { minPrice: String(min), maxPrice: String(Math.min(5000, min + 100 * int(5, 30))) });
    }
    const sizes = weighted(rng, [
      [55, []],
      [10, ['small']],
      [8, ['medium']],
      [7, ['large']],
      [8, ['small', 'medium']],
      [5, ['medium', 'large']],
      [2, ['small', 'large']],
      [5, ['small', 'medium', 'large']],
    ]);
    if (sizes.length) q.size = sizes.join(',');
    if (rng() < 0.2) q.verified = 'true';
    if (rng() < 0.5) {
      const from = addDays(today, int(0, 90));
      q.from = from;
      q.to = addDays(from, weighted(rng, [[30, 1], [25, 2], [20, 3], [10, 5], [10, 7], [5, int(8, 14)]]));
    }
    q.sort = weighted(rng, [
      [50, 'recommended'],
      [20, 'price_asc'],
      [5, 'price_desc'],
      [15, 'distance'],
      [10, 'rating'],
    ]);
    // Deeper pages, up to the last one a search can reach.
    const page = weighted(rng, [[75, 1], [15, 2], [10, int(3, SEARCH_LIMITS.maxResults / SEARCH_LIMITS.pageSize)]]);
    if (page > 1) q.page = String(page);
    // "For: my pet" (drawn last, so that the searches before it stay as they were drawn).
    if (rng() < 0.15) {
      q.type = rng() < 0.75 ? 'dog' : 'cat';
      if (rng() < 0.4) q.vaccinated = 'false';
    }
    const query = new URLSearchParams(q).toString();
    const parsed = searchQuerySchema.safeParse(q);
    if (!parsed.success) throw new Error(`bench mix refused: ${query}: ${parsed.error.message}`);
    mixes.push({ query, params: parsed.data });
  }
  return mixes;
}
