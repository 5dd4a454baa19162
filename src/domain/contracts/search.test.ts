import { describe, expect, it } from 'vitest';
import { SEARCH_LIMITS, SEARCH_MESSAGES, searchQuerySchema } from './search';

const parse = (query: Record<string, unknown>) => searchQuerySchema.parse(query);
/** The issues of a refused query as `field: message`. */
const problems = (query: Record<string, unknown>) => {
  const result = searchQuerySchema.safeParse(query);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(query)}`);
  return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('searchQuerySchema', () => {
  it('defaults to Ahmedabad, any price, size and date, recommended, page 1 of 24', () => {
    expect(parse({})).toEqual({ city: 'Ahmedabad', sizes: [], verified: false, sort: 'recommended', page: 1, pageSize: 24 });
  });

  it('reads a full query from query-string text', () => {
    expect(
      parse({
        city: ' Gandhinagar ',
        minPrice: '500',
        maxPrice: '3000',
        size: 'large,small',
        verified: 'true',
        from: '2026-03-10',
        to: '2026-03-13',
        north: '23.1',
        south: '22.95',
        east: '72.7',
        west: '72.45',
        sort: 'price_desc',
        page: '3',
        pageSize: '12',
        utm_source: 'ignored',
      }),
    ).toEqual({
      city: 'Gandhinagar',
      minPrice: 500,
      maxPrice: 3000,
      sizes: ['small', 'large'],
      verified: true,
      dates: { from: '2026-03-10', to: '2026-03-13' },
      bounds: { north: 23.1, south: 22.95, east: 72.7, west: 72.45 },
      sort: 'price_desc',
      page: 3,
      pageSize: 12,
    });
  });

  it('treats empty and blank values as absent', () => {
    expect(parse({ city: '', minPrice: '', maxPrice: ' ', size: '', verified: '', from: '', to: '', north: '', sort: '', page: '', pageSize: '' })).toEqual(parse({}));
    expect(parse({ city: '   ' }).city).toBe('Ahmedabad');
  });

  it('refuses a param given twice, except size whose values join', () => {
    for (const name of ['city', 'minPrice', 'maxPrice', 'verified', 'from', 'to', 'north', 'sort', 'page', 'pageSize']) {
      expect(problems({ [name]: ['1', '2'] })).toEqual([`${name}: Give ${name} only once`]);
    }
    expect(parse({ size: ['small', 'medium,large'] }).sizes).toEqual(['small', 'medium', 'large']);
    expect(problems({ city: 5 })).toEqual(['city: city must be text']);
  });

  it('city: trimmed, at most 50 characters, any letters', () => {
    expect(parse({ city: 'a'.repeat(50) }).city).toHaveLength(50);
    expect(problems({ city: 'a'.repeat(51) })).toEqual([`city: ${SEARCH_MESSAGES.cityTooLong}`]);
    expect(parse({ city: 'अहमदाबाद' }).city).toBe('अहमदाबाद');
  });

  it('prices: whole rupees from 0 to 1,00,000, the minimum not above the maximum', () => {
    expect(parse({ minPrice: '0', maxPrice: '100000' })).toMatchObject({ minPrice: 0, maxPrice: 100000 });
    expect(parse({ minPrice: '0500' }).minPrice).toBe(500);
    expect(parse({ minPrice: '2000', maxPrice: '2000' })).toMatchObject({ minPrice: 2000, maxPrice: 2000 });
    for (const bad of ['abc', '12a', '1500.5', '1e3', '+5', '0x10', '١٠٠', 'Infinity', '1 000']) {
      expect(problems({ minPrice: bad }), bad).toEqual(['minPrice: Price must be a whole number']);
      expect(problems({ maxPrice: bad }), bad).toEqual(['maxPrice: Price must be a whole number']);
    }
    expect(problems({ minPrice: '-1' })).toEqual(['minPrice: Price cannot be negative']);
    expect(problems({ maxPrice: '100001' })).toEqual(['maxPrice: Price must be at most ₹1,00,000']);
    expect(problems({ maxPrice: '99999999999999999999999' })).toEqual(['maxPrice: Price must be at most ₹1,00,000']);
    expect(problems({ minPrice: '3000', maxPrice: '500' })).toEqual(['minPrice: Minimum price cannot be above the maximum price']);
  });

  it('size: small, medium, large, comma-joined, any order and case, each once', () => {
    expect(parse({ size: 'small' }).sizes).toEqual(['small']);
    expect(parse({ size: 'LARGE, medium ,small,small' }).sizes).toEqual(['small', 'medium', 'large']);
    expect(parse({ size: 'small,,' }).sizes).toEqual(['small']);
    expect(problems({ size: 'small,huge' })).toEqual(['size: Unknown pet size "huge": choose small, medium or large']);
    expect(problems({ size: 'xl' })).toEqual(['size: Unknown pet size "xl": choose small, medium or large']);
    expect(problems({ size: 'x'.repeat(300) })).toEqual([`size: Unknown pet size "${'x'.repeat(20)}…": choose small, medium or large`]);
  });

  it('verified: only "true" turns it on', () => {
    expect(parse({ verified: 'true' }).verified).toBe(true);
    expect(parse({ verified: 'false' }).verified).toBe(false);
    for (const bad of ['1', 'yes', 'TRUE', 'on', 'truee']) expect(problems({ verified: bad }), bad).toEqual(['verified: Verified must be true or false']);
  });

  it('dates: real yyyy-MM-dd dates, both or neither, check-out after check-in, at most 30 nights', () => {
    expect(parse({ from: '2026-02-27', to: '2026-03-01' }).dates).toEqual({ from: '2026-02-27', to: '2026-03-01' });
    expect(parse({ from: '2026-03-01', to: '2026-03-31' }).dates).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    for (const bad of ['2026-02-30', '10/03/2026', '2026-3-1', '2026-03-01T00:00', 'tomorrow']) {
      expect(problems({ from: bad, to: '2026-03-05' }), bad).toEqual(['from: Dates must be real dates written as yyyy-MM-dd']);
    }
    expect(problems({ from: '2026-03-10' })).toEqual(['to: Choose both check-in and check-out dates']);
    expect(problems({ to: '2026-03-10' })).toEqual(['from: Choose both check-in and check-out dates']);
    expect(problems({ from: '2026-03-10', to: '2026-03-10' })).toEqual(['to: Check-out must be after check-in']);
    expect(problems({ from: '2026-03-10', to: '2026-03-09' })).toEqual(['to: Check-out must be after check-in']);
    expect(problems({ from: '2026-03-01', to: '2026-04-01' })).toEqual(['to: A stay can be at most 30 nights']);
  });

  it('map area: four edges in degrees or none, north not below south, east not west of west', () => {
    const area = { north: '23.1', south: '22.9', east: '72.7', west: '72.4' };
    expect(parse({ ...area, north: '90', south: '-90', east: '180', west: '-180' }).bounds).toEqual({ north: 90, south: -90, east: 180, west: -180 });
    expect(parse({ ...area, north: '22.9' }).bounds).toMatchObject({ north: 22.9, south: 22.9 });
    for (const missing of ['north', 'south', 'east', 'west']) {
      expect(problems({ ...area, [missing]: undefined })).toEqual([`${missing}: Give the map area as north, south, east and west together`]);
    }
    for (const bad of ['abc', '23,1', '1e1', '23.', 'NaN', '--1']) expect(problems({ ...area, north: bad }), bad).toEqual(['north: Map bounds must be numbers in degrees']);
    expect(problems({ ...area, north: '90.0001' })).toEqual(['north: Invalid latitude']);
    expect(problems({ ...area, south: '-91' })).toEqual(['south: Invalid latitude']);
    expect(problems({ ...area, east: '180.5' })).toEqual(['east: Invalid longitude']);
    expect(problems({ ...area, west: '-200' })).toEqual(['west: Invalid longitude']);
    expect(problems({ ...area, north: '22', south: '23' })).toEqual(['north: North must not be below south']);
    expect(problems({ ...area, east: '72', west: '73' })).toEqual(['east: East must not be west of west']);
  });

  it('sort: one of the five orders', () => {
    for (const sort of ['recommended', 'price_asc', 'price_desc', 'distance', 'rating']) expect(parse({ sort }).sort).toBe(sort);
    expect(problems({ sort: 'cheapest' })).toEqual(['sort: Sort must be one of recommended, price_asc, price_desc, distance, rating']);
  });

  it(`paging: pages from 1, up to 100 a page, within the first ${SEARCH_LIMITS.maxResults} results`, () => {
    expect(parse({ page: '5', pageSize: '24' })).toMatchObject({ page: 5, pageSize: 24 });
    expect(parse({ page: '2', pageSize: '100' })).toMatchObject({ page: 2, pageSize: 100 });
    for (const bad of ['0', '-1', '1.5', 'two', '99999999999999999999999']) expect(problems({ page: bad }), bad).toEqual(['page: Page must be a whole number from 1']);
    for (const bad of ['0', '101', '2.5', 'all']) expect(problems({ pageSize: bad }), bad).toEqual(['pageSize: Page size must be a whole number from 1 to 100']);
    expect(problems({ page: '6' })).toEqual(['page: Only the first 120 results can be paged through: narrow the search']);
    expect(problems({ page: '3', pageSize: '100' })).toEqual(['page: Only the first 120 results can be paged through: narrow the search']);
  });

  it('reports every field that is wrong at once', () => {
    expect(problems({ minPrice: 'abc', size: 'tiny', verified: 'maybe', sort: 'best' })).toEqual([
      'minPrice: Price must be a whole number',
      'size: Unknown pet size "tiny": choose small, medium or large',
      'verified: Verified must be true or false',
      'sort: Sort must be one of recommended, price_asc, price_desc, distance, rating',
    ]);
  });
});
