import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cityCentre, type LatLng } from '../../../../domain/cities';
import { type MapBounds, SEARCH_LIMITS, type SearchParams } from '../../../../domain/contracts/search';
import type { SearchSort } from '../../../../domain/search-sorts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { unitSpherePoint } from '../../../db/schema';
import { cardJsonSql } from './cards';

// The one SQL query of a search (PRODUCT.md section 2's rules), for modules/search. It is here,
// beside the card it builds, because it reads only listings' rows (decision 044). It is shaped for the indexes of
// listings (db/schema/listings.ts) and measured in docs/performance.md; the benchmark runs it directly too.
//
//   page:   the ids of the requested page, in result order. Each sort order has an index led by
//           lower(city) (or the KNN index for distance), so PostgreSQL reads listings in order
//           and stops after the page instead of sorting a whole city.
//   hits:   the matches counted up to SEARCH_LIMITS.maxResults + 1, in whatever order is
//           cheapest (the total is capped: counting a whole city would cost more than all else).
//   result: the count and the page's cards as one JSON array, built by PostgreSQL and passed
//           through to the client untouched.

/** Where distance_km is measured from: the city's centre, else the map area's, else nowhere. */
export function searchCentre(params: Pick<SearchParams, 'city' | 'bounds'>): LatLng | undefined {
  const known = cityCentre(params.city);
  if (known || !params.bounds) return known;
  const { north, south, east, west } = params.bounds;
  return { lat: (north + south) / 2, lng: (east + west) / 2 };
}

/** The filters. Each is written the way its index expects (lower(city) for the expression index). */
function matches(params: SearchParams): SQL {
  const area = params.bounds ? inBounds(params.bounds) : sql`lower(l.city) = lower(${params.city})`;
  const filters = [sql`l.listed`, area];
  if (params.minPrice !== undefined) filters.push(sql`l.nightly_price_inr >= ${params.minPrice}`);
  if (params.maxPrice !== undefined) filters.push(sql`l.nightly_price_inr <= ${params.maxPrice}`);
  // The listing must accept every size asked for. The sizes are checked names, so the array
  // literal is safe to pass as one text parameter.
  if (params.sizes.length > 0) filters.push(sql`l.size_supported @> ${`{${params.sizes.join(',')}}`}::text[]`);
  if (params.verified) filters.push(sql`l.verified`);
  // A pet's search (domain/pet-policy.ts petSearchFilters), read from the search indexes' INCLUDE columns.
  if (params.petType) filters.push(sql`${params.petType}::text = any(l.pet_types)`);
  if (params.vaccinated === false) filters.push(sql`not l.vaccinations_required`);
  // No accepted stay or blocked night in the stay [from, to): one primary-key probe per listing
  // considered into the small listing_held_nights (migration 0005), instead of into the large
  // calendar_holds. Written as a scalar subquery on purpose: as NOT EXISTS, PostgreSQL may turn it
  // into a hash anti-join that reads the whole table (it cannot estimate multirange overlaps
  // well), while the scan it filters usually stops after a few hundred listings.
  if (params.dates) {
    filters.push(sql`not coalesce((
      select held.nights && daterange(${params.dates.from}::date, ${params.dates.to}::date, '[)')
      from listing_held_nights held where held.listing_id = l.id), false)`);
  }
  return sql.join(filters, sql` and `);
}

function inBounds(b: MapBounds): SQL {
  return sql`l.lat between ${b.south} and ${b.north} and l.lng between ${b.west} and ${b.east}`;
}

/**
 * ORDER BY for `sort`, on the listing `l`. Ties end on the id so that paging is stable, except
 * for `distance`: a nearest-first index scan cannot break ties, and two listings at exactly the
 * same distance (the same building) are rare enough to leave in either order. Without a centre,
 * `distance` sorts as `recommended`.
 */
function orderFor(sort: SearchSort, dist: SQL | undefined): SQL {
  const byDistance = dist ? sql`${dist}, ` : sql``;
  switch (sort) {
    case 'price_asc':
      return sql`l.nightly_price_inr, l.id`;
    case 'price_desc':
      return sql`l.nightly_price_inr desc, l.id desc`;
    case 'rating':
      return sql`l.rating desc nulls last, l.reviews_count desc nulls last, ${byDistance}l.id`;
    case 'distance':
      if (dist) return dist;
      return orderFor('recommended', dist);
    case 'recommended':
      return sql`l.verified desc nulls last, l.recommended_score desc nulls last, l.reviews_count desc nulls last, ${byDistance}l.id`;
  }
}

/**
 * The one row of a search. The cards stay text, passed through unparsed (their shape is
 * listingCardSchema's, held by the tests): checking them here would cost what passing them
 * through saves.
 */
export const searchRow = z.object({
  /** Matches found, counted up to SEARCH_LIMITS.maxResults + 1 (an int: a bare count(*) would be bigint). */
  hits: z.number().int(),
  /** The page's cards, a JSON array as text. */
  results: z.string(),
});

/** The search as one SQL statement answering one searchRow. */
export function searchSql(params: SearchParams): SQL {
  const centre = searchCentre(params);
  // The straight-line distance between points of the unit sphere: ordered as the great-circle
  // distance, and what the KNN index (listings_search_nearest_idx) answers nearest first.
  const dist = centre
    ? sql`(${unitSpherePoint(sql`l.lat`, sql`l.lng`)} <-> ${unitSpherePoint(sql`${centre.lat}::float8`, sql`${centre.lng}::float8`)})`
    : undefined;
  const orderBy = orderFor(params.sort, dist);
  const where = matches(params);
  const offset = (params.page - 1) * params.pageSize;
  const limit = Math.max(0, Math.min(params.pageSize, SEARCH_LIMITS.maxResults - offset));
  return sql`
    with page as (
      select l.id, row_number() over (order by ${orderBy}) as position
      from listings l
      where ${where}
      order by ${orderBy}
      offset ${offset} limit ${limit}
    )
    select
      (select count(*) from (select from listings l where ${where} limit ${SEARCH_LIMITS.maxResults + 1}) as counted)::int as hits,
      coalesce((
        select json_agg(${cardJsonSql(centre)} order by page.position)
        from page join listings l on l.id = page.id join users u on u.id = l.host_id
      ), '[]'::json)::text as results
  `;
}

/** Runs the search: the one row (undefined only if the driver answered none). */
export async function selectSearch(db: Db, params: SearchParams): Promise<z.infer<typeof searchRow> | undefined> {
  const [row] = await queryRows(db, searchRow, searchSql(params));
  return row;
}
