import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';

// The stays module's SQL: the private photos of a stay, an update's (stay_update_photos) or a
// reported problem's (incident_photos), two tables of one shape (privatePhotoColumns).

/** A photo's two stored files (the stays' private store) and its size. */
export type StoredUpdatePhoto = { cardKey: string; largeKey: string; width: number; height: number };

const PHOTO_TABLES = {
  update: { table: 'stay_update_photos', owner: 'update_id' },
  incident: { table: 'incident_photos', owner: 'incident_id' },
} as const;
type PhotoOwner = keyof typeof PHOTO_TABLES;

/** Writes an update's or a problem's photos in one statement, in the order given (their place). */
export async function insertPhotos(tx: Db, owner: PhotoOwner, ownerId: string, photos: readonly StoredUpdatePhoto[]): Promise<void> {
  if (photos.length === 0) return;
  const { table, owner: column } = PHOTO_TABLES[owner];
  const rows = photos.map((p, place) => sql`(${ownerId}::uuid, ${place}, ${p.cardKey}, ${p.largeKey}, ${p.width}, ${p.height})`);
  await tx.execute(sql`
    insert into ${sql.identifier(table)} (${sql.identifier(column)}, place, card_key, large_key, width, height)
    values ${sql.join(rows, sql`, `)}
  `);
}

/** For a select list: the photos of the update or problem `ownerId` (an SQL expression), a JSON array in their order. */
export function photosJson(owner: PhotoOwner, ownerId: SQL): SQL {
  const { table, owner: column } = PHOTO_TABLES[owner];
  return sql`coalesce((
    select json_agg(json_build_object('id', ph.id, 'width', ph.width, 'height', ph.height) order by ph.place)
    from ${sql.identifier(table)} ph where ph.${sql.identifier(column)} = ${ownerId}
  ), '[]'::json)`;
}

/** What photosJson answers. */
export const photoList = z.array(z.object({ id: z.string(), width: z.number().int(), height: z.number().int() }));
