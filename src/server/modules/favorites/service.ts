import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ListingCard } from '../../../domain/contracts/listing';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { listingNotFound, selectListingCards } from '../listings';

/**
 * More than anyone saves by hand; the tab shows them all at once, so a bound keeps one request
 * from growing without limit. Paging comes when someone gets near it.
 */
export const FAVORITES_LIMIT = 500;

// Every statement names the user: one user's favorites are never read or changed by another.

/**
 * My saved listings as cards, the newest saved first, in one query. Only active listings: a paused
 * listing's page is a 404 for guests, so its card would lead nowhere. The favorite itself stays,
 * and the card comes back when the host reactivates the listing. No distance: favorites span
 * cities and there is no searched place to measure from.
 */
export function listFavorites(db: Db, userId: string): Promise<ListingCard[]> {
  return selectListingCards(db, {
    join: sql`join favorites f on f.listing_id = l.id and f.user_id = ${userId}`,
    where: sql`l.status = 'active'`,
    orderBy: sql`f.created_at desc, l.id`,
    limit: FAVORITES_LIMIT,
  });
}

const favoriteIdRow = z.object({ id: z.string() });

/** The ids of all my favorites, paused listings included: a heart is cheap and harmless. */
export async function favoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows(
    db,
    favoriteIdRow,
    sql`select listing_id as id from favorites where user_id = ${userId} order by created_at desc, listing_id`,
  );
  return rows.map((row) => row.id);
}

const savedRow = z.object({ found: z.boolean() });

/**
 * Saves an active listing; saving it again changes nothing (not even when it was saved). One
 * statement, so that the check and the insert cannot be split by a concurrent change, and the
 * primary key settles concurrent saves: never two rows.
 */
export async function addFavorite(db: Db, userId: string, listingId: string): Promise<void> {
  const [row] = await queryRows(db, savedRow, sql`
    with target as (select id from listings where id = ${listingId} and status = 'active'),
    saved as (
      insert into favorites (user_id, listing_id)
      select ${userId}, id from target
      on conflict (user_id, listing_id) do nothing
    )
    select exists (select 1 from target) as found
  `);
  if (!row?.found) throw listingNotFound();
}

/** Forgets a listing; forgetting one that was not saved (or does not exist) is not an error. */
export async function removeFavorite(db: Db, userId: string, listingId: string): Promise<void> {
  await db.execute(sql`delete from favorites where user_id = ${userId} and listing_id = ${listingId}`);
}
