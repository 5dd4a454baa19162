import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rawRows } from '../../test/rows';
import { inDays } from '../../modules/bookings/test-support';
import { multipartBody, testJpeg, validListing } from '../../test/listings';
import { all, signedIn, hostOnly, ids, type Matrix, type Row } from './matrix';

// Listings, their photos and calendar, and search.
export function listingRows({ t, w, inject, idOf, photoIdsOf }: Matrix): Row[] {
  const L = w.listing.id;
  const [photo1, photo2] = w.listing.photoIds;
  const blocked = { from: inDays(100), to: inDays(101) };
  return [
    // Listings.
    { route: 'GET /api/listings/featured', owner: 'public', expect: all(200) },
    { route: 'POST /api/listings', owner: 'self', body: () => validListing, expect: signedIn(201), check: (a, res) => a !== 'anon' && expect(res.json().host_id).toBe(idOf(a)) },
    {
      route: 'GET /api/listings/{id}',
      variant: 'active',
      owner: 'public',
      params: { id: L },
      expect: all(200),
      check: (a, res) => expect(res.json().is_owner).toBe(a === 'A'),
    },
    { route: 'GET /api/listings/{id}', variant: 'paused', owner: 'A', params: { id: w.paused.id }, expect: { anon: 404, O: 404, G: 404, A: 200 } },
    { route: 'PATCH /api/listings/{id}', variant: 'edit', owner: 'A', params: { id: L }, body: () => ({ title: 'Sunny flat with a garden, edited' }), expect: hostOnly(200) },
    {
      route: 'PATCH /api/listings/{id}',
      variant: 'resume a paused one',
      owner: 'A',
      params: { id: w.paused.id },
      // Anyone but A would make A's paused listing public again; A only keeps it paused.
      body: (a) => ({ status: a === 'A' ? 'inactive' : 'active' }),
      expect: hostOnly(200),
      check: async () => {
        const [row] = await rawRows<{ status: string; host_id: string }>(t.database.db, sql`select status, host_id from listings where id = ${w.paused.id}`);
        expect(row).toEqual({ status: 'inactive', host_id: w.A.id });
      },
    },
    {
      route: 'GET /api/host/listings',
      owner: 'self',
      expect: signedIn(200),
      check: (a, res) => {
        if (a === 'anon') return;
        const mine = ids(res.json().results);
        if (a === 'A') expect(mine).toEqual(expect.arrayContaining([L, w.paused.id]));
        else expect(mine).not.toContain(L);
      },
    },
    { route: 'GET /api/host/stats', owner: 'self', expect: signedIn(200) },

    // Photos and calendar of A's listing.
    {
      route: 'POST /api/listings/{id}/photos',
      owner: 'A',
      params: { id: L },
      expect: hostOnly(201),
      send: async (cookie) => {
        const { payload, headers } = await multipartBody([{ filename: 'porch.jpg', content: await testJpeg(48, 32) }]);
        return t.app.inject({ method: 'POST', url: `/api/listings/${L}/photos`, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
      },
      check: async (a) => expect(await photoIdsOf(L)).toHaveLength(a === 'A' ? 3 : 2),
    },
    { route: 'PATCH /api/listings/{id}/photos/{photoId}', owner: 'A', params: { id: L, photoId: photo1 }, body: () => ({ alt: 'The garden gate' }), expect: hostOnly(200) },
    {
      // O's own listing with A's photo: the pair must match, not each id on its own.
      route: 'PATCH /api/listings/{id}/photos/{photoId}',
      variant: "O's listing, A's photo",
      owner: 'A',
      params: { id: w.othersListing.id, photoId: photo1 },
      body: () => ({ alt: 'Taken over' }),
      expect: { anon: 401, O: 404, A: 404, G: 404 },
    },
    {
      route: 'DELETE /api/listings/{id}/photos/{photoId}',
      variant: "O's listing, A's photo",
      owner: 'A',
      params: { id: w.othersListing.id, photoId: photo1 },
      expect: { anon: 401, O: 404, A: 404, G: 404 },
      check: async () => expect(await photoIdsOf(L)).toContain(photo1),
    },
    {
      route: 'PUT /api/listings/{id}/photos/order',
      variant: "O's listing, A's photos",
      owner: 'A',
      params: { id: w.othersListing.id },
      body: () => ({ photo_ids: [w.othersListing.photoId, ...w.listing.photoIds] }),
      expect: { anon: 401, O: 400, A: 404, G: 404 },
    },
    {
      route: 'PUT /api/listings/{id}/photos/order',
      owner: 'A',
      params: { id: L },
      expect: hostOnly(200),
      // Every photo of the listing once, as it is when the request is sent.
      send: async (cookie) => inject('PUT', `/api/listings/${L}/photos/order`, cookie, { photo_ids: (await photoIdsOf(L)).reverse() }),
    },
    {
      route: 'PUT /api/listings/{id}/photos',
      variant: "O's listing, A's photos",
      owner: 'A',
      params: { id: w.othersListing.id },
      body: () => ({ photos: [w.othersListing.photoId, ...w.listing.photoIds].map((id) => ({ id, alt: '' })) }),
      expect: { anon: 401, O: 400, A: 404, G: 404 },
      check: async () => expect(await photoIdsOf(L)).toContain(photo1),
    },
    {
      route: 'PUT /api/listings/{id}/photos',
      owner: 'A',
      params: { id: L },
      expect: hostOnly(200),
      // Every photo of the listing kept, in the reverse order: nothing is removed.
      send: async (cookie) => inject('PUT', `/api/listings/${L}/photos`, cookie, { photos: (await photoIdsOf(L)).reverse().map((id) => ({ id, alt: 'Matrix' })) }),
      check: async () => expect(await photoIdsOf(L)).toContain(photo2),
    },
    {
      route: 'DELETE /api/listings/{id}/photos/{photoId}',
      owner: 'A',
      params: { id: L, photoId: photo2 },
      expect: hostOnly(200),
      check: async (a) => expect((await photoIdsOf(L)).includes(photo2)).toBe(a !== 'A'),
    },
    { route: 'GET /api/listings/{id}/calendar', owner: 'A', params: { id: L }, expect: hostOnly(200) },
    { route: 'POST /api/listings/{id}/blocked-dates', owner: 'A', params: { id: L }, body: () => blocked, expect: hostOnly(200), check: (a, res) => a === 'A' && expect(res.json().dates).toHaveLength(2) },
    { route: 'DELETE /api/listings/{id}/blocked-dates', owner: 'A', params: { id: L }, body: () => blocked, expect: hostOnly(200), check: (a, res) => a === 'A' && expect(res.json().dates).toHaveLength(2) },

    // Search.
    { route: 'GET /api/search', owner: 'public', query: 'city=Ahmedabad', expect: all(200), check: (_a, res) => expect(ids(res.json().results)).toContain(L) },
  ];
}
