import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rawRows } from '../../test/rows';
import { signedIn, ids, type Matrix, type Row } from './matrix';

export function favoriteRows({ t, w, idOf }: Matrix): Row[] {
  const L = w.listing.id;
  return [
    // Favorites: each caller's own, by the session alone.
    {
      route: 'GET /api/favorites',
      owner: 'self',
      expect: signedIn(200),
      check: (a, res) => a !== 'anon' && expect(ids(res.json().results).includes(L)).toBe(a === 'G'),
    },
    {
      route: 'GET /api/favorites/ids',
      owner: 'self',
      expect: signedIn(200),
      check: (a, res) => a !== 'anon' && expect(res.json().ids.includes(L)).toBe(a === 'G'),
    },
    { route: 'PUT /api/favorites/{listingId}', owner: 'self', params: { listingId: L }, expect: signedIn(204) },
    {
      route: 'DELETE /api/favorites/{listingId}',
      owner: 'self',
      params: { listingId: L },
      expect: signedIn(204),
      // O's and A's forgetting the listing leaves G's favorite alone (G goes last).
      check: async (a) => {
        const rows = await rawRows<{ user_id: string }>(t.database.db, sql`select user_id from favorites where listing_id = ${L}`);
        const savers = rows.map((r) => r.user_id);
        expect(savers.includes(w.G.id)).toBe(a !== 'G');
        if (a === 'O' || a === 'A') expect(savers).not.toContain(idOf(a));
      },
    },
  ];
}
