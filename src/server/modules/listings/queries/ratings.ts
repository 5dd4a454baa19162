import { type SQL, sql } from 'drizzle-orm';

/**
 * The reviews a listing's rating counts: guests' reviews of the stay ('listing'), once published
 * (PRODUCT.md: when both sides have written, or 14 days after checkout). `alias` names the reviews
 * table in the surrounding query. Every rating (cards, listing page, host stats) uses this filter.
 */
export function publishedListingReviews(alias: string): SQL {
  const r = sql.raw(alias);
  return sql`${r}.kind = 'listing' and ${r}.published_at is not null and ${r}.removed_at is null`;
}

/** A rating as shown: the average to one decimal. */
export function ratingAverage(column: SQL): SQL {
  return sql`round(avg(${column})::numeric, 1)::float8`;
}
