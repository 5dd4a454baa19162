import { type SQL, sql } from 'drizzle-orm';

// How photos are ordered and shaped in every query of this module: by the host's order, ties
// (which reordering never leaves, but an upload race could) by age then id, so the cover is stable.

/** ORDER BY for listing_photos aliased `p`. */
export const PHOTO_ORDER: SQL = sql`p.sort_order, p.created_at, p.id`;

/** A listing_photos row (aliased `alias`) as the API's photo object, in JSON. */
export function photoJson(alias: string): SQL {
  const p = sql.raw(alias);
  return sql`json_build_object('id', ${p}.id, 'url', ${p}.url, 'alt', ${p}.alt,
    'sort_order', ${p}.sort_order, 'width', ${p}.width, 'height', ${p}.height)`;
}
