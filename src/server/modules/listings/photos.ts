import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LISTING_LIMITS } from '../../../domain/listing-limits';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { listingPhotos } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { StoredPhoto } from '../../uploads/photo-store';
import { PHOTO_ORDER, photoJson } from './photo-sql';
import { listingNotFound } from './service';
import { type ListingPhoto, listingPhotoSchema } from '../../../domain/contracts/listing';

// The photo rows of a listing. Files are written before the rows (storePhoto) and removed after
// them (deletePhotoFiles) by the routes; every change here runs with the listing row locked, so
// two uploads at once cannot pass the 10-photo limit together.

const MAX_PHOTOS = LISTING_LIMITS.photos.max;

export const tooManyPhotos = (existing: number) =>
  badRequest(
    `A listing can have at most ${MAX_PHOTOS} photos${existing > 0 ? ` (this one has ${existing})` : ''}. Remove some before adding more.`,
    { photos: `A listing can have at most ${MAX_PHOTOS} photos` },
  );

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const idRow = z.object({ id: z.uuid() });
/** A photo built by photoJson, which both drivers answer parsed. */
const photoRow = z.object({ photo: listingPhotoSchema });
const countRow = z.object({ n: z.number().int() });
const nextPlaceRow = z.object({ n: z.number().int(), next: z.number().int() });
const urlRow = z.object({ url: z.string() });

/** Locks `hostId`'s listing for the rest of the transaction; 404 when it is not theirs. */
async function lockOwnListing(tx: Tx, hostId: string, listingId: string): Promise<void> {
  const rows = await queryRows(tx, idRow, sql`
    select id from listings where id = ${listingId} and host_id = ${hostId} for update
  `);
  if (rows.length === 0) throw listingNotFound();
}

export async function listPhotos(db: Db | Tx, listingId: string): Promise<ListingPhoto[]> {
  const rows = await queryRows(db, photoRow, sql`
    select ${photoJson('p')} as photo from listing_photos p where p.listing_id = ${listingId} order by ${PHOTO_ORDER}
  `);
  return rows.map((r) => r.photo);
}

export async function countPhotos(db: Db, listingId: string): Promise<number> {
  const [row] = await queryRows(db, countRow, sql`select count(*)::int as n from listing_photos where listing_id = ${listingId}`);
  return row?.n ?? 0;
}

/**
 * Adds stored photos after the listing's existing ones, in the order given, all or none: over the
 * limit (counted again under the lock), nothing is added. The caller removes the files then.
 */
export async function addPhotos(
  db: Db,
  hostId: string,
  listingId: string,
  stored: StoredPhoto[],
  alt: string,
): Promise<{ added: ListingPhoto[]; listing_photos: ListingPhoto[] }> {
  return db.transaction(async (tx) => {
    await lockOwnListing(tx, hostId, listingId);
    const [state] = await queryRows(tx, nextPlaceRow, sql`
      select count(*)::int as n, coalesce(max(sort_order) + 1, 0)::int as next
      from listing_photos where listing_id = ${listingId}
    `);
    const { n, next } = state!;
    if (n + stored.length > MAX_PHOTOS) throw tooManyPhotos(n);
    const rows = await tx
      .insert(listingPhotos)
      .values(stored.map((p, i) => ({ listingId, url: p.url, width: p.width, height: p.height, alt, sortOrder: next + i })))
      .returning({ id: listingPhotos.id });
    const all = await listPhotos(tx, listingId);
    const ids = rows.map((r) => r.id);
    return { added: ids.map((id) => all.find((p) => p.id === id)!), listing_photos: all };
  });
}

/** Removes one photo row and closes the gap in the order; answers the removed photo's URL. */
export async function deletePhoto(
  db: Db,
  hostId: string,
  listingId: string,
  photoId: string,
): Promise<{ url: string; listing_photos: ListingPhoto[] }> {
  return db.transaction(async (tx) => {
    await lockOwnListing(tx, hostId, listingId);
    const [gone] = await queryRows(tx, urlRow, sql`
      delete from listing_photos where id = ${photoId} and listing_id = ${listingId} returning url
    `);
    if (!gone) throw notFound('Photo not found');
    await tx.execute(sql`
      update listing_photos p set sort_order = o.n - 1
      from (select id, row_number() over (order by ${PHOTO_ORDER}) as n from listing_photos p where p.listing_id = ${listingId}) o
      where p.id = o.id
    `);
    return { url: gone.url, listing_photos: await listPhotos(tx, listingId) };
  });
}

/** Puts the photos in the order of `photoIds`, which must name each of the listing's photos once. */
export async function reorderPhotos(db: Db, hostId: string, listingId: string, photoIds: string[]): Promise<ListingPhoto[]> {
  return db.transaction(async (tx) => {
    await lockOwnListing(tx, hostId, listingId);
    const current = (await listPhotos(tx, listingId)).map((p) => p.id);
    const wanted = new Set(photoIds);
    if (wanted.size !== photoIds.length || photoIds.length !== current.length || !current.every((id) => wanted.has(id))) {
      throw badRequest('Send every photo of this listing exactly once, in the new order', {
        photo_ids: 'Send every photo of this listing exactly once',
      });
    }
    if (photoIds.length > 0) {
      const ids = sql.join(photoIds.map((id) => sql`${id}`), sql`, `);
      await tx.execute(sql`
        update listing_photos p set sort_order = o.n - 1
        from unnest(array[${ids}]::uuid[]) with ordinality as o(id, n)
        where p.id = o.id and p.listing_id = ${listingId}
      `);
    }
    return listPhotos(tx, listingId);
  });
}

/** Changes one photo's description. */
export async function updatePhotoAlt(db: Db, hostId: string, listingId: string, photoId: string, alt: string): Promise<ListingPhoto> {
  const [row] = await queryRows(db, photoRow, sql`
    update listing_photos p set alt = ${alt}
    from listings l
    where p.id = ${photoId} and p.listing_id = ${listingId} and l.id = p.listing_id and l.host_id = ${hostId}
    returning ${photoJson('p')} as photo
  `);
  if (!row) throw notFound('Photo not found');
  return row.photo;
}
