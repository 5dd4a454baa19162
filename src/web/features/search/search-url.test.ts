import { describe, expect, it } from 'vitest';
import { apiQueryFor, clearedSearchParams, filtersKey, PRICE_SLIDER, readSearchState, writeSearchParams, type SearchState } from './search-url';

const read = (qs: string) => readSearchState(new URLSearchParams(qs));

describe('readSearchState', () => {
  it('starts from the defaults of SPEC.md: Ahmedabad, 500 to 3000, no sizes, not verified', () => {
    expect(read('')).toEqual({ city: 'Ahmedabad', minPrice: 500, maxPrice: 3000, sizes: [], verified: false, unvaccinated: false, sort: 'recommended', page: 1 });
  });

  it('reads every param it writes', () => {
    const state: SearchState = {
      city: 'Gandhinagar',
      minPrice: 800,
      maxPrice: 2400,
      sizes: ['small', 'large'],
      verified: true,
      type: 'cat',
      unvaccinated: true,
      from: '2026-12-10',
      to: '2026-12-13',
      sort: 'price_asc',
      page: 3,
      bounds: { north: 23.1, south: 22.9, east: 72.7, west: 72.5 },
    };
    expect(readSearchState(writeSearchParams(state))).toEqual(state);
  });

  it('reads sizes comma-joined or repeated, in canonical order, ignoring unknown ones', () => {
    expect(read('size=large,small').sizes).toEqual(['small', 'large']);
    expect(read('size=medium&size=small&size=huge').sizes).toEqual(['small', 'medium']);
  });

  it('falls back to defaults for values it cannot read, leaving the judging to the server', () => {
    expect(read('minPrice=abc&maxPrice=-4&sort=cheapest&page=zero&verified=yes')).toMatchObject({
      minPrice: 500,
      maxPrice: 3000,
      sort: 'recommended',
      page: 1,
      verified: false,
    });
  });

  it('keeps prices on the slider: clamped to 500-5000 and to its steps of 100', () => {
    expect(read('minPrice=120&maxPrice=99999')).toMatchObject({ minPrice: 500, maxPrice: 5000 });
    expect(read('minPrice=1249&maxPrice=2251')).toMatchObject({ minPrice: 1200, maxPrice: 2300 });
  });

  it('swaps a minimum above the maximum', () => {
    expect(read('minPrice=4000&maxPrice=1000')).toMatchObject({ minPrice: 1000, maxPrice: 4000 });
  });

  it('reads a minimum without a maximum as "and above" (the slider at its top)', () => {
    expect(read('minPrice=1500')).toMatchObject({ minPrice: 1500, maxPrice: PRICE_SLIDER.max });
  });

  it('drops dates unless both are real and in order', () => {
    expect(read('from=2026-12-10')).not.toHaveProperty('from');
    expect(read('from=2026-12-10&to=2026-12-10')).not.toHaveProperty('from');
    expect(read('from=2026-02-30&to=2026-03-02')).not.toHaveProperty('from');
    expect(read('from=2026-12-10&to=2026-12-12')).toMatchObject({ from: '2026-12-10', to: '2026-12-12' });
  });

  it('drops a map area that is incomplete or upside down', () => {
    expect(read('north=23.1&south=22.9&east=72.7')).not.toHaveProperty('bounds');
    expect(read('north=22.9&south=23.1&east=72.7&west=72.5')).not.toHaveProperty('bounds');
  });
});

describe('writeSearchParams', () => {
  const base: SearchState = { city: 'Ahmedabad', minPrice: 500, maxPrice: 3000, sizes: [], verified: false, unvaccinated: false, sort: 'recommended', page: 1 };

  it('writes a pet search as its type and, without current vaccinations, vaccinated=false; reads it back', () => {
    const params = writeSearchParams({ ...base, sizes: ['large'], type: 'dog', unvaccinated: true });
    expect(params.toString()).toBe('city=Ahmedabad&minPrice=500&maxPrice=3000&size=large&type=dog&vaccinated=false');
    expect(read(params.toString())).toEqual({ ...base, sizes: ['large'], type: 'dog', unvaccinated: true });
    expect(writeSearchParams({ ...base, type: 'cat' }).has('vaccinated')).toBe(false);
    // A hand-edited type that is no pet reads as any pet.
    expect(read('type=parrot&vaccinated=no')).toMatchObject({ unvaccinated: false });
    expect(read('type=parrot')).not.toHaveProperty('type');
  });

  it('leaves size and verified out when empty or false (SPEC.md section 4), and sort and page at their defaults', () => {
    expect(writeSearchParams(base).toString()).toBe('city=Ahmedabad&minPrice=500&maxPrice=3000');
  });

  it('joins sizes with commas and writes verified as the string true', () => {
    const params = writeSearchParams({ ...base, sizes: ['small', 'medium'], verified: true });
    expect(params.get('size')).toBe('small,medium');
    expect(params.get('verified')).toBe('true');
  });

  it('writes no maximum at the slider top: "₹5,000+" means any price above', () => {
    expect(writeSearchParams({ ...base, maxPrice: 5000 }).has('maxPrice')).toBe(false);
  });

  it('writes dates only as a pair', () => {
    expect(writeSearchParams({ ...base, from: '2026-12-10' }).has('from')).toBe(false);
  });

  it('rounds the map area to about 10 m', () => {
    const params = writeSearchParams({ ...base, bounds: { north: 23.123456789, south: 22.9, east: 72.7, west: 72.5 } });
    expect(params.get('north')).toBe('23.1235');
  });

  it('falls back to Ahmedabad for a blank city', () => {
    expect(writeSearchParams({ ...base, city: '   ' }).get('city')).toBe('Ahmedabad');
  });
});

describe('clearing and querying', () => {
  it('Clear resets to city=Ahmedabad only', () => {
    expect(clearedSearchParams().toString()).toBe('city=Ahmedabad');
  });

  it('searches the slider defaults when the URL names no price, so what the slider shows is what is searched', () => {
    expect(apiQueryFor(read('city=Ahmedabad'))).toEqual({ city: 'Ahmedabad', minPrice: '500', maxPrice: '3000' });
  });

  it('tells filter changes apart from sort, page and map moves', () => {
    expect(filtersKey(read('city=Ahmedabad&sort=rating&page=2'))).toBe(filtersKey(read('city=Ahmedabad')));
    expect(filtersKey(read('city=Ahmedabad&size=small'))).not.toBe(filtersKey(read('city=Ahmedabad')));
  });
});
