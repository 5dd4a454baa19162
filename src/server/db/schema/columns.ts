import { type SQL, sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

// One table a resource, snake_case in SQL. Checks mirror the domain schemas so that a bug in
// application code cannot store what the product forbids.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL daterange, written and read as its text form `[2026-03-10,2026-03-13)`. */
export const daterange = customType<{ data: string }>({ dataType: () => 'daterange' });

/** PostgreSQL datemultirange, read as its text form `{[2026-03-10,2026-03-13),[2026-03-20,2026-03-21)}`. */
export const datemultirange = customType<{ data: string }>({ dataType: () => 'datemultirange' });

/**
 * A point on the unit sphere (the `cube` extension), whose straight-line distances order places
 * exactly as great-circle distances do: a GiST index on it answers "nearest first" (KNN). Search
 * orders by the same expression (modules/listings/queries/search.ts), so it must stay identical to the index's.
 */
export function unitSpherePoint(lat: SQL, lng: SQL): SQL {
  return sql`cube(array[cos(radians(${lat})) * cos(radians(${lng})), cos(radians(${lat})) * sin(radians(${lng})), sin(radians(${lat}))])`;
}
