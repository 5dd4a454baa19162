import type { ListingCard } from '../../../domain/contracts/listing';
import type { Db } from '../../db/client';
import { listingNotFound, selectListedCardsInOrder } from '../listings';
import { deleteFavorite, insertActiveFavorite, selectFavoriteIds } from './queries';

/**
 * More than anyone saves by hand; the tab shows them all at once, so a bound keeps one request
 * from growing without limit. Paging comes when someone gets near it.
 */
export const FAVORITES_LIMIT = 500;

/**
 * My saved listings as cards, the newest saved first. Only active listings: a paused listing's
 * page is a 404 for guests, so its card would lead nowhere. The favorite itself stays, and the
 * card comes back when the host reactivates the listing. Two queries, whatever the number: the
 * ids are the favorites', the cards are listings' to build.
 */
export async function listFavorites(db: Db, userId: string): Promise<ListingCard[]> {
  return selectListedCardsInOrder(db, await selectFavoriteIds(db, userId), FAVORITES_LIMIT);
}

/** The ids of all my favorites, paused listings included: a heart is cheap and harmless. */
export function favoriteIds(db: Db, userId: string): Promise<string[]> {
  return selectFavoriteIds(db, userId);
}

/** Saves an active listing; saving it again changes nothing (not even when it was saved). */
export async function addFavorite(db: Db, userId: string, listingId: string): Promise<void> {
  if (!(await insertActiveFavorite(db, userId, listingId))) throw listingNotFound();
}

/** Forgets a listing; forgetting one that was not saved (or does not exist) is not an error. */
export async function removeFavorite(db: Db, userId: string, listingId: string): Promise<void> {
  await deleteFavorite(db, userId, listingId);
}
