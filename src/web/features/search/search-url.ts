import { DEFAULT_CITY } from '@/domain/cities';
import { isIsoDate, type IsoDate } from '@/domain/dates';
import { STAY_SIZES, type StaySize } from '@/domain/pet-sizes';
import { PET_TYPES, type PetType } from '@/domain/pet-types';
import { isSearchSort, type SearchSort } from '@/domain/search-sorts';

// The /search URL is the search's state (SPEC.md section 2): reload, share and back/forward all
// restore it. This module reads the URL leniently (a hand-edited value falls back to its default,
// the server stays the judge of what a search may ask) and writes it back. It carries no zod: the
// page's first view must stay small, and the server's schema (domain/contracts/search.ts) is the one
// that validates.

/** SPEC.md section 4: price slider 500 to 5000 in steps of 100, defaults 500 to 3000. */
export const PRICE_SLIDER = { min: 500, max: 5000, step: 100, defaultMin: 500, defaultMax: 3000 } as const;

export type Bounds = { north: number; south: number; east: number; west: number };

/** What the filter bar edits; applied to the URL with Apply Filters. */
export type SearchFilters = {
  city: string;
  minPrice: number;
  maxPrice: number;
  sizes: StaySize[];
  verified: boolean;
  /** Homes that take this kind of pet ("For: Bruno" sets it with his size). */
  type?: PetType;
  /** The pet's vaccinations are not current: homes that require them are left out. */
  unvaccinated: boolean;
  from?: IsoDate;
  to?: IsoDate;
};

export type SearchState = SearchFilters & {
  sort: SearchSort;
  page: number;
  /** "Search as I move the map": the visible area, which replaces the city filter. */
  bounds?: Bounds;
};

export const DEFAULT_FILTERS: SearchFilters = {
  city: DEFAULT_CITY,
  minPrice: PRICE_SLIDER.defaultMin,
  maxPrice: PRICE_SLIDER.defaultMax,
  sizes: [],
  verified: false,
  unvaccinated: false,
};

const one = (params: URLSearchParams, key: string): string | undefined => {
  const value = params.get(key)?.trim();
  return value ? value : undefined;
};

function whole(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

function degrees(text: string | undefined): number | undefined {
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Clamps to the slider and its steps. */
function onSlider(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const stepped = Math.round(value / PRICE_SLIDER.step) * PRICE_SLIDER.step;
  return Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, stepped));
}

/** The search the URL describes; anything unreadable reads as its default. */
export function readSearchState(params: URLSearchParams): SearchState {
  const asked = new Set(
    params
      .getAll('size')
      .join(',')
      .split(',')
      .map((s) => s.trim().toLowerCase()),
  );
  const givenMin = whole(one(params, 'minPrice'));
  let minPrice = onSlider(givenMin, PRICE_SLIDER.defaultMin);
  // No maxPrice in a URL that has a minPrice means "no upper limit" (the slider's top).
  let maxPrice = onSlider(whole(one(params, 'maxPrice')), givenMin === undefined ? PRICE_SLIDER.defaultMax : PRICE_SLIDER.max);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const from = one(params, 'from');
  const to = one(params, 'to');
  const dates = from && to && isIsoDate(from) && isIsoDate(to) && from < to ? { from, to } : {};
  const sort = one(params, 'sort');
  const edges = (['north', 'south', 'east', 'west'] as const).map((k) => degrees(one(params, k)));
  const [north, south, east, west] = edges;
  const bounds =
    north !== undefined && south !== undefined && east !== undefined && west !== undefined && north > south && east > west
      ? { north, south, east, west }
      : undefined;
  return {
    city: one(params, 'city') ?? DEFAULT_CITY,
    minPrice,
    maxPrice,
    sizes: STAY_SIZES.filter((s) => asked.has(s)),
    verified: one(params, 'verified') === 'true',
    ...(PET_TYPES.find((t) => t === one(params, 'type')) ? { type: one(params, 'type') as PetType } : {}),
    unvaccinated: one(params, 'vaccinated') === 'false',
    ...dates,
    sort: isSearchSort(sort) ? sort : 'recommended',
    page: Math.max(1, whole(one(params, 'page')) ?? 1),
    ...(bounds ? { bounds } : {}),
  };
}

const round = (value: number) => String(Math.round(value * 1e4) / 1e4);

/**
 * The URL params of a search (SPEC.md section 2): size, verified, type and vaccinated are left out
 * when empty or false, and so are the defaults of sort and page. The slider's top end means "and above", so
 * it writes no maxPrice.
 */
export function writeSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('city', state.city.trim() || DEFAULT_CITY);
  params.set('minPrice', String(state.minPrice));
  if (state.maxPrice < PRICE_SLIDER.max) params.set('maxPrice', String(state.maxPrice));
  if (state.sizes.length > 0) params.set('size', state.sizes.join(','));
  if (state.verified) params.set('verified', 'true');
  if (state.type) params.set('type', state.type);
  if (state.unvaccinated) params.set('vaccinated', 'false');
  if (state.from && state.to) {
    params.set('from', state.from);
    params.set('to', state.to);
  }
  if (state.sort !== 'recommended') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.bounds) {
    for (const edge of ['north', 'south', 'east', 'west'] as const) params.set(edge, round(state.bounds[edge]));
  }
  return params;
}

/** Clear (SPEC.md section 4): back to city=Ahmedabad only. */
export function clearedSearchParams(): URLSearchParams {
  return new URLSearchParams({ city: DEFAULT_CITY });
}

/** The query sent to GET /api/search for this state: the URL's params, with the slider's defaults. */
export function apiQueryFor(state: SearchState): Record<string, string> {
  return Object.fromEntries(writeSearchParams(state));
}

/** Whether two states ask for the same filters (what the filter bar shows). */
export function filtersKey(state: SearchFilters): string {
  const { city, minPrice, maxPrice, sizes, verified, type, unvaccinated, from, to } = state;
  return JSON.stringify([city, minPrice, maxPrice, sizes, verified, type, unvaccinated, from, to]);
}
