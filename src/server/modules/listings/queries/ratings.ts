import { type SQL, sql } from 'drizzle-orm';

// The reviews a rating counts are the view published_listing_reviews (migration 0027): every
// rating (cards, listing page, host stats, the maintained columns) reads it.

/** A rating as shown: the average to one decimal. */
export function ratingAverage(column: SQL): SQL {
  return sql`round(avg(${column})::numeric, 1)::float8`;
}
