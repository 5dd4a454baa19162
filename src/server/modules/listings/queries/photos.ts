import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { listingPhotos } from '../../../db/schema';
import type { StoredPhoto } from '../../../uploads/photo-store';
import { type ListingPhoto, listingPhotoSchema } from '../../../../domain/contracts/listing';

// How photos are shaped in every query of this module. Their order is the view
// listing_photos_in_order's `place` (migration 0027), which other modules read too.

/** A listing_photos row (aliased `alias`) as the API's photo object, in JSON. */
export function photoJson(alias: string): SQL {
  const p = sql.raw(alias);
  return sql`json_build_object('id', ${p}.id, 'url', ${p}.url, 'alt', ${p}.alt,
    'sort_order', ${p}.sort_order, 'width', ${p}.width, 'height', ${p}.height)`;
}

/** A photo built by photoJson, which both drivers answer parsed. */
const photoRow = z.object({ photo: listingPhotoSchema });
const countRow = z.object({ n: z.number().int() });
const nextPlaceRow = z.object({ n: z.number().int(), next: z.number().int() });
const urlRow = z.object({ url: z.string() });

/** A listing's photos, in order. */
export async function selectListingPhotos(db: Db, listingId: string): Promise<ListingPhoto[]> {
  const rows = await queryRows(db, photoRow, sql`
    select ${photoJson('p')} as photo from listing_photos_in_order p where p.listing_id = ${listingId} order by p.place
  `);
  return rows.map((r) => r.photo);
}

export async function countListingPhotos(db: Db, listingId: string): Promise<number> {
  const [row] = await queryRows(db, countRow, sql`select count(*)::int as n from listing_photos where listing_id = ${listingId}`);
  return row?.n ?? 0;
}

/** How many photos the listing has (`n`), and the sort_order after its last one (`next`). */
export async function selectPhotoPlaces(db: Db, listingId: string): Promise<{ n: number; next: number }> {
  const [state] = await queryRows(db, nextPlaceRow, sql`
    select count(*)::int as n, coalesce(max(sort_order) + 1, 0)::int as next
    from listing_photos where listing_id = ${listingId}
  `);
  return state!;
}

/** Stores the photo rows in the order given, from sort_order `firstPlace` on; answers their ids, in that order. */
export async function insertListingPhotos(
  db: Db,
  listingId: string,
  stored: StoredPhoto[],
  alt: string,
  firstPlace: number,
): Promise<string[]> {
  const rows = await db
    .insert(listingPhotos)
    .values(stored.map((p, i) => ({ listingId, url: p.url, width: p.width, height: p.height, alt, sortOrder: firstPlace + i })))
    .returning({ id: listingPhotos.id });
  return rows.map((r) => r.id);
}

/** Removes one photo row of the listing; answers its URL, undefined when there was none. */
export async function deleteListingPhoto(db: Db, listingId: string, photoId: string): Promise<string | undefined> {
  const [gone] = await queryRows(db, urlRow, sql`
    delete from listing_photos where id = ${photoId} and listing_id = ${listingId} returning url
  `);
  return gone?.url;
}

/** Numbers the listing's photos 0, 1, 2… in their current order, closing the gap a removal left. */
export async function renumberListingPhotos(db: Db, listingId: string): Promise<void> {
  await db.execute(sql`
    update listing_photos p set sort_order = o.place - 1
    from listing_photos_in_order o
    where o.listing_id = ${listingId} and p.id = o.id
  `);
}

/** Numbers the listing's photos in the order of `photoIds` (not empty), 0 first. */
export async function setListingPhotoOrder(db: Db, listingId: string, photoIds: string[]): Promise<void> {
  const ids = sql.join(photoIds.map((id) => sql`${id}`), sql`, `);
  await db.execute(sql`
    update listing_photos p set sort_order = o.n - 1
    from unnest(array[${ids}]::uuid[]) with ordinality as o(id, n)
    where p.id = o.id and p.listing_id = ${listingId}
  `);
}

/** Changes one photo's description, if the listing is `hostId`'s; answers the photo, undefined otherwise. */
export async function updateOwnPhotoAlt(
  db: Db,
  hostId: string,
  listingId: string,
  photoId: string,
  alt: string,
): Promise<ListingPhoto | undefined> {
  const [row] = await queryRows(db, photoRow, sql`
    update listing_photos p set alt = ${alt}
    from listings l
    where p.id = ${photoId} and p.listing_id = ${listingId} and l.id = p.listing_id and l.host_id = ${hostId}
    returning ${photoJson('p')} as photo
  `);
  return row?.photo;
}

/** Removes the listing's photos not in `keepIds`; answers their URLs. */
export async function deleteListingPhotosExcept(db: Db, listingId: string, keepIds: string[]): Promise<string[]> {
  const keep = keepIds.length > 0 ? sql`and id not in (${sql.join(keepIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  const rows = await queryRows(db, urlRow, sql`delete from listing_photos where listing_id = ${listingId} ${keep} returning url`);
  return rows.map((r) => r.url);
}

/** Sets the descriptions of the listing's photos named in `photos`. */
export async function setListingPhotoAlts(db: Db, listingId: string, photos: { id: string; alt: string }[]): Promise<void> {
  if (photos.length === 0) return;
  const rows = sql.join(photos.map((p) => sql`(${p.id}::uuid, ${p.alt})`), sql`, `);
  await db.execute(sql`
    update listing_photos p set alt = v.alt
    from (values ${rows}) as v(id, alt)
    where p.id = v.id and p.listing_id = ${listingId} and p.alt is distinct from v.alt
  `);
}
