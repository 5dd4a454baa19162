import { z } from 'zod';
import type { Contract } from './endpoint';
import { STAY_MESSAGES, stayProblem } from '../bookings';
import { DEFAULT_CITY } from '../cities';
import { type IsoDate, isIsoDate } from '../dates';
import { STAY_SIZES, type StaySize } from '../pet-sizes';
import { PET_TYPES, type PetType } from '../pet-types';
import { LISTING_LIMITS } from '../listing-limits';
import { isSearchSort, SEARCH_SORTS, type SearchSort } from '../search-sorts';
import { listingCardSchema } from './listing';

// GET /api/search. Its query (SPEC.md sections 2 and 3) is shared by the web (which writes these
// params into the /search URL) and the server (which validates them). Every param arrives as text
// from a query string:
// - an empty value counts as absent (a form may send `minPrice=`), surrounding spaces are ignored;
// - a param given twice is refused, except `size`, whose values are joined (`size=small&size=large`
//   is `size=small,large`);
// - unknown params are ignored.
// Map area ("Search as I move the map"): `north`, `south`, `east`, `west` (degrees), all four or
// none. When given, the area REPLACES the city filter: listings inside the area are found whatever
// their city, so panning from Ahmedabad to Gandhinagar shows Gandhinagar's stays. `city` still
// names the centre that distance_km is measured from (PRODUCT.md); for a city without a known
// centre it is the area's centre, and without either, distance_km is null and `distance` sorts as
// `recommended`.

// The sort keys live in domain/search-sorts.ts (no zod), which the web's first view reads too.
export { SEARCH_SORTS, type SearchSort };

export const SEARCH_LIMITS = {
  cityMax: 50,
  priceMax: LISTING_LIMITS.nightlyPriceInr.max,
  pageSize: 24,
  pageSizeMax: 100,
  /**
   * Matches are counted, and can be paged through, up to this many (5 pages of 24): counting
   * every match of a broad search (30,000 in a city) would cost more than the rest of the search
   * together, and counting even these is a quarter of a search's cost (docs/performance.md).
   * Beyond it, `total` stays at this number and `totalCapped` is true ("120+ stays"); narrower
   * filters or a smaller map area reach the rest.
   */
  maxResults: 120,
} as const;

const SIZE_LIST = 'small, medium or large';

export const SEARCH_MESSAGES = {
  once: (param: string) => `Give ${param} only once`,
  cityTooLong: `City must be at most ${SEARCH_LIMITS.cityMax} characters`,
  price: 'Price must be a whole number',
  priceNegative: 'Price cannot be negative',
  priceTooHigh: 'Price must be at most ₹1,00,000',
  minAboveMax: 'Minimum price cannot be above the maximum price',
  // Quoted as sent (shortened), so that a typo is easy to spot.
  size: (given: string) => `Unknown pet size "${given.length > 20 ? `${given.slice(0, 20)}…` : given}": choose ${SIZE_LIST}`,
  verified: 'Verified must be true or false',
  petType: 'Pet type must be dog or cat',
  vaccinated: 'Vaccinated must be true or false',
  date: 'Dates must be real dates written as yyyy-MM-dd',
  bothDates: 'Choose both check-in and check-out dates',
  endNotAfterStart: STAY_MESSAGES.endNotAfterStart,
  tooLong: STAY_MESSAGES.tooLong,
  /** Checked by the server, which knows today's date in India for certain. */
  past: STAY_MESSAGES.past,
  boundsNumber: 'Map bounds must be numbers in degrees',
  allBounds: 'Give the map area as north, south, east and west together',
  latitude: 'Invalid latitude',
  longitude: 'Invalid longitude',
  northBelowSouth: 'North must not be below south',
  eastBeforeWest: 'East must not be west of west',
  sort: `Sort must be one of ${SEARCH_SORTS.join(', ')}`,
  page: 'Page must be a whole number from 1',
  pageSize: `Page size must be a whole number from 1 to ${SEARCH_LIMITS.pageSizeMax}`,
  beyondResults: `Only the first ${SEARCH_LIMITS.maxResults} results can be paged through: narrow the search`,
} as const;

const WHOLE = /^\d+$/;
const DECIMAL = /^[-+]?\d{1,3}(\.\d{1,15})?$/;

type Ctx = z.core.$RefinementCtx;
const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** One query param's text: trimmed, blank as absent, refused when given twice. */
function param(name: string) {
  return z
    .union([z.string(), z.array(z.string())], {
      error: (issue) => (Array.isArray(issue.input) ? SEARCH_MESSAGES.once(name) : `${name} must be text`),
    })
    .optional()
    .transform((value, ctx): string | undefined => {
      if (Array.isArray(value)) return fail(ctx, SEARCH_MESSAGES.once(name));
      const text = value?.trim();
      return text === '' ? undefined : text;
    });
}

/** Whole rupees from 0 to 1,00,000. */
function rupees(name: string) {
  return param(name).transform((text, ctx): number | undefined => {
    if (text === undefined) return undefined;
    if (/^-\d+$/.test(text)) return fail(ctx, SEARCH_MESSAGES.priceNegative);
    if (!WHOLE.test(text)) return fail(ctx, SEARCH_MESSAGES.price);
    const value = Number(text);
    return value > SEARCH_LIMITS.priceMax ? fail(ctx, SEARCH_MESSAGES.priceTooHigh) : value;
  });
}

/** A whole number from 1 to `max`, or `fallback` when absent. */
function counting(name: string, fallback: number, max: number, message: string) {
  return param(name).transform((text, ctx): number => {
    if (text === undefined) return fallback;
    const value = WHOLE.test(text) ? Number(text) : Number.NaN;
    return value >= 1 && value <= max ? value : fail(ctx, message);
  });
}

/** One edge of the map area, in degrees within ±`limit`. */
function edge(name: string, limit: 90 | 180) {
  return param(name).transform((text, ctx): number | undefined => {
    if (text === undefined) return undefined;
    if (!DECIMAL.test(text)) return fail(ctx, SEARCH_MESSAGES.boundsNumber);
    const value = Number(text);
    if (Math.abs(value) <= limit) return value;
    return fail(ctx, limit === 90 ? SEARCH_MESSAGES.latitude : SEARCH_MESSAGES.longitude);
  });
}

const date = (name: string) =>
  param(name).transform((text, ctx): IsoDate | undefined =>
    text === undefined || isIsoDate(text) ? text : fail(ctx, SEARCH_MESSAGES.date),
  );

/** `size=small,large` (or repeated): each size once, in the canonical order; [] when absent. */
const sizes = z
  .union([z.string(), z.array(z.string())], { error: SEARCH_MESSAGES.size('') })
  .optional()
  .transform((value, ctx): StaySize[] => {
    const asked = new Set<string>();
    for (const raw of [value ?? []].flat().join(',').split(',')) {
      const size = raw.trim().toLowerCase();
      if (size === '') continue;
      if (!(STAY_SIZES as readonly string[]).includes(size)) return fail(ctx, SEARCH_MESSAGES.size(raw.trim()));
      asked.add(size);
    }
    return STAY_SIZES.filter((s) => asked.has(s));
  });

const fields = z.object({
  city: param('city')
    .transform((text, ctx) => (text !== undefined && text.length > SEARCH_LIMITS.cityMax ? fail(ctx, SEARCH_MESSAGES.cityTooLong) : text ?? DEFAULT_CITY))
    .meta({ description: `City, case-insensitive (default ${DEFAULT_CITY}); ignored as a filter when the map area is given` }),
  minPrice: rupees('minPrice').meta({ description: 'Lowest nightly price, whole rupees' }),
  maxPrice: rupees('maxPrice').meta({ description: 'Highest nightly price, whole rupees' }),
  size: sizes.meta({ description: `Pet sizes the listing must ALL accept, comma-joined: ${SIZE_LIST}` }),
  verified: param('verified')
    .transform((text, ctx) => (text === undefined || text === 'false' ? false : text === 'true' ? true : fail(ctx, SEARCH_MESSAGES.verified)))
    .meta({ description: '"true": verified hosts only' }),
  // "For: Bruno" (domain/pet-policy.ts petSearchFilters): his type and size, and whether his vaccinations are current.
  type: param('type')
    .transform((text, ctx): PetType | undefined => {
      if (text === undefined) return undefined;
      return (PET_TYPES as readonly string[]).includes(text) ? (text as PetType) : fail(ctx, SEARCH_MESSAGES.petType);
    })
    .meta({ description: 'dog or cat: homes that take this kind of pet' }),
  vaccinated: param('vaccinated')
    .transform((text, ctx) => (text === undefined || text === 'true' ? undefined : text === 'false' ? false : fail(ctx, SEARCH_MESSAGES.vaccinated)))
    .meta({ description: '"false": the pet has no current vaccinations, so homes that require them are left out' }),
  from: date('from').meta({ description: 'Check-in, yyyy-MM-dd (with `to`); listings with an accepted stay or blocked night in [from, to) are left out' }),
  to: date('to').meta({ description: 'Check-out, yyyy-MM-dd, after `from`, at most 30 nights later' }),
  north: edge('north', 90).meta({ description: 'Map area: northern edge (latitude); with south, east and west it replaces the city filter' }),
  south: edge('south', 90).meta({ description: 'Map area: southern edge (latitude)' }),
  east: edge('east', 180).meta({ description: 'Map area: eastern edge (longitude)' }),
  west: edge('west', 180).meta({ description: 'Map area: western edge (longitude)' }),
  sort: param('sort')
    .transform((text, ctx): SearchSort => {
      if (text === undefined) return 'recommended';
      return isSearchSort(text) ? text : fail(ctx, SEARCH_MESSAGES.sort);
    })
    .meta({ description: 'recommended (default: verified hosts first, then rating with half a star more for a home whose stays all had daily updates, then number of reviews, then distance), price_asc, price_desc, distance or rating' }),
  page: counting('page', 1, Number.MAX_SAFE_INTEGER, SEARCH_MESSAGES.page).meta({ description: 'Page number from 1' }),
  pageSize: counting('pageSize', SEARCH_LIMITS.pageSize, SEARCH_LIMITS.pageSizeMax, SEARCH_MESSAGES.pageSize).meta({
    description: `Results per page (default ${SEARCH_LIMITS.pageSize}, at most ${SEARCH_LIMITS.pageSizeMax})`,
  }),
});

type Fields = z.output<typeof fields>;

const at = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });

/** The rules between params, each reported on the param to change. */
function checkTogether(q: Fields, ctx: Ctx) {
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) at(ctx, 'minPrice', SEARCH_MESSAGES.minAboveMax);
  if ((q.from === undefined) !== (q.to === undefined)) {
    at(ctx, q.from === undefined ? 'from' : 'to', SEARCH_MESSAGES.bothDates);
  } else if (q.from !== undefined && q.to !== undefined) {
    const problem = stayProblem(q.from, q.to);
    if (problem) at(ctx, 'to', problem.message);
  }
  const edges = (['north', 'south', 'east', 'west'] as const).filter((k) => q[k] !== undefined);
  if (edges.length > 0 && edges.length < 4) {
    at(ctx, (['north', 'south', 'east', 'west'] as const).find((k) => q[k] === undefined)!, SEARCH_MESSAGES.allBounds);
  } else if (edges.length === 4) {
    if (q.north! < q.south!) at(ctx, 'north', SEARCH_MESSAGES.northBelowSouth);
    if (q.east! < q.west!) at(ctx, 'east', SEARCH_MESSAGES.eastBeforeWest);
  }
  if ((q.page - 1) * q.pageSize >= SEARCH_LIMITS.maxResults) at(ctx, 'page', SEARCH_MESSAGES.beyondResults);
}

export type MapBounds = { north: number; south: number; east: number; west: number };

/** A search as the server runs it. */
export type SearchParams = {
  city: string;
  minPrice?: number;
  maxPrice?: number;
  /** Every one must be accepted; [] for any. */
  sizes: StaySize[];
  verified: boolean;
  /** Homes that take this kind of pet. */
  petType?: PetType;
  /** false: leave out homes that require vaccinations. */
  vaccinated?: false;
  /** The stay [from, to), when dates were chosen. */
  dates?: { from: IsoDate; to: IsoDate };
  bounds?: MapBounds;
  sort: SearchSort;
  page: number;
  pageSize: number;
};

export const searchQuerySchema = fields.superRefine(checkTogether).transform(
  (q): SearchParams => ({
    city: q.city,
    ...(q.minPrice === undefined ? {} : { minPrice: q.minPrice }),
    ...(q.maxPrice === undefined ? {} : { maxPrice: q.maxPrice }),
    sizes: q.size,
    verified: q.verified,
    ...(q.type === undefined ? {} : { petType: q.type }),
    ...(q.vaccinated === false ? { vaccinated: false as const } : {}),
    ...(q.from && q.to ? { dates: { from: q.from, to: q.to } } : {}),
    ...(q.north === undefined ? {} : { bounds: { north: q.north, south: q.south!, east: q.east!, west: q.west! } }),
    sort: q.sort,
    page: q.page,
    pageSize: q.pageSize,
  }),
);

/** The params as the web writes them into the URL (all text, absent when not chosen). */
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/**
 * The answer of GET /api/search. The server sends it as JSON text made by the database, without
 * serialising it through this schema (docs/performance.md); its tests hold the answer to it.
 */
export const searchAnswerSchema = z.object({
  results: z.array(listingCardSchema),
  total: z.number().int().meta({
    description: `Matches, counted up to ${SEARCH_LIMITS.maxResults}; when there are more, this is ${SEARCH_LIMITS.maxResults} and totalCapped is true`,
  }),
  totalCapped: z.boolean().meta({ description: `True when more than ${SEARCH_LIMITS.maxResults} listings match ("${SEARCH_LIMITS.maxResults}+ stays")` }),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const searchEndpoints = {
  'GET /api/search': { query: searchQuerySchema, response: searchAnswerSchema },
} as const satisfies Contract;
