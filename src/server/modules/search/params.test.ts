import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { inDays } from '../bookings/test-support';
import { refused, search } from './test-support';

describe('GET /api/search: bad params', () => {
  const t = useTestApp();

  it('answers each bad param with a 400, the error shape and a message naming the problem', async () => {
    const cases: [string, string, string][] = [
      ['minPrice=abc', 'minPrice', 'Price must be a whole number'],
      ['maxPrice=12.5', 'maxPrice', 'Price must be a whole number'],
      ['minPrice=-100', 'minPrice', 'Price cannot be negative'],
      ['maxPrice=100001', 'maxPrice', 'Price must be at most ₹1,00,000'],
      ['minPrice=3000&maxPrice=500', 'minPrice', 'Minimum price cannot be above the maximum price'],
      ['size=huge', 'size', 'Unknown pet size "huge": choose small, medium or large'],
      ['size=small,xl', 'size', 'Unknown pet size "xl": choose small, medium or large'],
      ['verified=yes', 'verified', 'Verified must be true or false'],
      ['from=2026-02-30&to=2026-03-02', 'from', 'Dates must be real dates written as yyyy-MM-dd'],
      ['from=10-03-2026&to=2026-03-12', 'from', 'Dates must be real dates written as yyyy-MM-dd'],
      [`from=${inDays(5)}`, 'to', 'Choose both check-in and check-out dates'],
      [`to=${inDays(5)}`, 'from', 'Choose both check-in and check-out dates'],
      [`from=${inDays(5)}&to=${inDays(3)}`, 'to', 'Check-out must be after check-in'],
      [`from=${inDays(5)}&to=${inDays(5)}`, 'to', 'Check-out must be after check-in'],
      [`from=${inDays(5)}&to=${inDays(36)}`, 'to', 'A stay can be at most 30 nights'],
      ['north=23.1', 'south', 'Give the map area as north, south, east and west together'],
      ['north=95&south=22&east=73&west=72', 'north', 'Invalid latitude'],
      ['north=23&south=22&east=190&west=72', 'east', 'Invalid longitude'],
      ['north=22&south=23&east=73&west=72', 'north', 'North must not be below south'],
      ['north=23&south=22&east=72&west=73', 'east', 'East must not be west of west'],
      ['north=abc&south=22&east=73&west=72', 'north', 'Map bounds must be numbers in degrees'],
      ['sort=cheapest', 'sort', 'Sort must be one of recommended, price_asc, price_desc, distance, rating'],
      ['page=0', 'page', 'Page must be a whole number from 1'],
      ['page=6', 'page', 'Only the first 120 results can be paged through: narrow the search'],
      ['pageSize=101', 'pageSize', 'Page size must be a whole number from 1 to 100'],
      [`city=${'x'.repeat(51)}`, 'city', 'City must be at most 50 characters'],
      ['city=Ahmedabad&city=Vadodara', 'city', 'Give city only once'],
      ['minPrice=1&minPrice=2', 'minPrice', 'Give minPrice only once'],
    ];
    for (const [qs, field, message] of cases) {
      const error = await refused(t, qs);
      expect(error, qs).toEqual({ code: 'validation_failed', message, fields: { [field]: message } });
    }
  });

  it('refuses a check-in in the past (India time), which only the server can tell', async () => {
    const error = await refused(t, `from=${inDays(-1)}&to=${inDays(2)}`);
    expect(error).toEqual({ code: 'bad_request', message: 'Check-in cannot be in the past', fields: { from: 'Check-in cannot be in the past' } });
    await search(t, { from: inDays(0), to: inDays(1) });
  });

  it('takes repeated sizes, empty values and unknown params in its stride', async () => {
    expect((await search(t, 'size=small&size=large')).results).toEqual([]);
    expect((await search(t, 'city=&minPrice=&maxPrice=&size=&verified=&from=&to=&sort=&page=&pageSize=')).pageSize).toBe(24);
    expect((await search(t, 'utm_source=mail&_=123')).page).toBe(1);
  });

  it('never answers a 5xx, whatever the params', async () => {
    const nasty = [
      'city=%F0%9F%90%B6%20Ahmedabad',
      'city=%E0%A4%85%E0%A4%B9%E0%A4%AE%E0%A4%A6%E0%A4%BE%E0%A4%AC%E0%A4%BE%E0%A4%A6',
      "city=Ahmedabad'%20or%201=1--",
      'city=%25&size=%25',
      'city=%00',
      'minPrice=%00',
      'city=%FF%FE',
      'minPrice=99999999999999999999999999999999&maxPrice=1e308',
      'maxPrice=9007199254740993',
      'page=9007199254740993&pageSize=100',
      'page=-0',
      'pageSize=0x10',
      'north=1e309&south=-1e309&east=NaN&west=Infinity',
      'north=90&south=-90&east=180&west=-180&sort=distance',
      'north=0&south=0&east=0&west=0',
      'from=9999-12-31&to=9999-12-31',
      'from=0000-01-01&to=0000-01-05',
      'from=275760-09-13&to=275760-09-14',
      'size=,,,&size=',
      'size[]=small',
      'sort[]=price_asc',
      'city[name]=x',
      '&&&==',
      'a'.repeat(5000),
      `city=${'é'.repeat(60)}`,
      'verified=true&verified=true',
      'minPrice=%20%20%201500%20',
    ];
    for (const qs of nasty) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?${qs}` });
      expect(res.statusCode, `${qs}: ${res.body}`).toBeLessThan(500);
      const body = res.json();
      if (res.statusCode !== 200) {
        expect(body.error.code, qs).toEqual(expect.any(String));
        expect(body.error.message, qs).toEqual(expect.any(String));
      }
    }
  });

  it('documents every param, the map area rule and the capped total in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/search'].get;
    const names = operation.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    for (const name of ['city', 'minPrice', 'maxPrice', 'size', 'verified', 'from', 'to', 'north', 'south', 'east', 'west', 'sort', 'page', 'pageSize']) {
      expect(names).toContain(`query:${name}`);
    }
    expect(operation.description).toContain('replaces the city filter');
    expect(JSON.stringify(operation.responses['200'])).toContain('totalCapped');
  });
});
