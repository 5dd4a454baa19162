import { LISTING_LIMITS } from '../../../domain/listing-limits';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { StoredPhoto } from '../../uploads/photo-store';
import { lockOwnListing } from './queries/listings';
import {
  deleteListingPhoto,
  deleteListingPhotosExcept,
  insertListingPhotos,
  renumberListingPhotos,
  selectListingPhotos,
  selectPhotoPlaces,
  setListingPhotoAlts,
  setListingPhotoOrder,
  updateOwnPhotoAlt,
} from './queries/photos';
import { listingNotFound } from './service';
import type { ListingPhoto, PhotoSet } from '../../../domain/contracts/listing';

// The photo rows of a listing. Files are written before the rows (storePhoto) and removed after
// them (deletePhotoFiles) by the routes; every change here runs with the listing row locked, so
// two uploads at once cannot pass the 10-photo limit together.

const MAX_PHOTOS = LISTING_LIMITS.photos.max;

export const tooManyPhotos = (existing: number) =>
  badRequest(
    `A listing can have at most ${MAX_PHOTOS} photos${existing > 0 ? ` (this one has ${existing})` : ''}. Remove some before adding more.`,
    { photos: `A listing can have at most ${MAX_PHOTOS} photos` },
  );

/** Locks `hostId`'s listing for the rest of the transaction; 404 when it is not theirs. */
async function lockHostListing(tx: Db, hostId: string, listingId: string): Promise<void> {
  if (!(await lockOwnListing(tx, hostId, listingId))) throw listingNotFound();
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
    await lockHostListing(tx, hostId, listingId);
    const { n, next } = await selectPhotoPlaces(tx, listingId);
    if (n + stored.length > MAX_PHOTOS) throw tooManyPhotos(n);
    const ids = await insertListingPhotos(tx, listingId, stored, alt, next);
    const all = await selectListingPhotos(tx, listingId);
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
    await lockHostListing(tx, hostId, listingId);
    const url = await deleteListingPhoto(tx, listingId, photoId);
    if (url === undefined) throw notFound('Photo not found');
    await renumberListingPhotos(tx, listingId);
    return { url, listing_photos: await selectListingPhotos(tx, listingId) };
  });
}

/** Puts the photos in the order of `photoIds`, which must name each of the listing's photos once. */
export async function reorderPhotos(db: Db, hostId: string, listingId: string, photoIds: string[]): Promise<ListingPhoto[]> {
  return db.transaction(async (tx) => {
    await lockHostListing(tx, hostId, listingId);
    const current = (await selectListingPhotos(tx, listingId)).map((p) => p.id);
    const wanted = new Set(photoIds);
    if (wanted.size !== photoIds.length || photoIds.length !== current.length || !current.every((id) => wanted.has(id))) {
      throw badRequest('Send every photo of this listing exactly once, in the new order', {
        photo_ids: 'Send every photo of this listing exactly once',
      });
    }
    if (photoIds.length > 0) await setListingPhotoOrder(tx, listingId, photoIds);
    return selectListingPhotos(tx, listingId);
  });
}

/**
 * Saves the listing's whole photo set at once: the photos named stay, in that order, with those
 * descriptions; the others go. All or nothing: an id that is not one of this listing's photos
 * changes nothing. Answers the photos and the removed photos' URLs, whose files the caller
 * deletes once this has committed.
 */
export async function savePhotoSet(
  db: Db,
  hostId: string,
  listingId: string,
  { photos }: PhotoSet,
): Promise<{ listing_photos: ListingPhoto[]; removed: string[] }> {
  return db.transaction(async (tx) => {
    await lockHostListing(tx, hostId, listingId);
    const current = new Set((await selectListingPhotos(tx, listingId)).map((p) => p.id));
    const stranger = photos.findIndex((p) => !current.has(p.id));
    if (stranger !== -1) {
      throw badRequest('A photo sent is not one of this listing\'s photos. Reload the page and try again.', {
        [`photos.${stranger}.id`]: 'Not a photo of this listing',
      });
    }
    const removed = await deleteListingPhotosExcept(tx, listingId, photos.map((p) => p.id));
    await setListingPhotoAlts(tx, listingId, photos);
    if (photos.length > 0) await setListingPhotoOrder(tx, listingId, photos.map((p) => p.id));
    return { listing_photos: await selectListingPhotos(tx, listingId), removed };
  });
}

/** Changes one photo's description. */
export async function updatePhotoAlt(db: Db, hostId: string, listingId: string, photoId: string, alt: string): Promise<ListingPhoto> {
  const photo = await updateOwnPhotoAlt(db, hostId, listingId, photoId, alt);
  if (!photo) throw notFound('Photo not found');
  return photo;
}
