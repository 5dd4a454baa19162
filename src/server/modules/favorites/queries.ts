import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

// The favorites' SQL. Every statement names the user: one user's favorites are never read or
// changed by another.

const favoriteIdRow = z.object({ id: z.string() });

/** The ids of all my saved listings, whatever their status, the newest saved first. */
export async function selectFavoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows(
    db,
    favoriteIdRow,
    sql`select listing_id as id from favorites where user_id = ${userId} order by created_at desc, listing_id`,
  );
  return rows.map((row) => row.id);
}

const savedRow = z.object({ found: z.boolean() });

/**
 * Saves the listing if it is active (an existing favorite is left as it is); answers whether the
 * listing was found active. One statement, so that the check and the insert cannot be split by a
 * concurrent change, and the primary key settles concurrent saves: never two rows.
 */
export async function insertActiveFavorite(db: Db, userId: string, listingId: string): Promise<boolean> {
  const [row] = await queryRows(db, savedRow, sql`
    with target as (select id from listings where id = ${listingId} and listed),
    saved as (
      insert into favorites (user_id, listing_id)
      select ${userId}, id from target
      on conflict (user_id, listing_id) do nothing
    )
    select exists (select 1 from target) as found
  `);
  return Boolean(row?.found);
}

/** Forgets a saved listing, if it was saved. */
export async function deleteFavorite(db: Db, userId: string, listingId: string): Promise<void> {
  await db.execute(sql`delete from favorites where user_id = ${userId} and listing_id = ${listingId}`);
}
