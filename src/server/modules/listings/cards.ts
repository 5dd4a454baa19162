import { type SQL, sql } from 'drizzle-orm';
import type { LatLng } from '../../../domain/cities';
import type { ListingCard } from '../../../domain/listing-card';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { PHOTO_ORDER } from './photo-sql';
import { publishedListingReviews, ratingAverage } from './ratings';

/** Great-circle distance in km from `centre` to a listing (haversine), one decimal. */
export function distanceKmSql(centre: LatLng): SQL {
  return sql`round((6371 * 2 * asin(sqrt(
    power(sin(radians(l.lat - ${centre.lat}) / 2), 2) +
    cos(radians(${centre.lat})) * cos(radians(l.lat)) * power(sin(radians(l.lng - ${centre.lng}) / 2), 2)
  )))::numeric, 1)::float8`;
}

/**
 * The card shape for listings chosen by `where` and ordered by `orderBy`, in one query: photos
 * are aggregated and the rating joined laterally, so a page of cards never costs a query each.
 * The listing table is aliased `l`, its host `u` and its published rating `r` (rating, count).
 */
export async function selectListingCards(
  db: Db,
  opts: { where: SQL; orderBy: SQL; limit: number; offset?: number; centre?: LatLng },
): Promise<ListingCard[]> {
  const distance = opts.centre ? distanceKmSql(opts.centre) : sql`null::float8`;
  const rows = await queryRows<ListingCard & { host_name: string }>(db, sql`
    select l.id, l.title, l.city, l.nightly_price_inr as price_per_night, l.lat, l.lng,
      l.verified, l.size_supported, l.amenities,
      coalesce((
        select json_agg(json_build_object('url', p.url, 'alt', p.alt) order by ${PHOTO_ORDER})
        from listing_photos p where p.listing_id = l.id
      ), '[]'::json) as photos,
      coalesce(r.rating, 0)::float8 as rating,
      coalesce(r.count, 0)::int as reviews_count,
      ${distance} as distance_km,
      u.name as host_name
    from listings l
    join users u on u.id = l.host_id
    left join lateral (
      select ${ratingAverage(sql`rv.rating`)} as rating, count(*) as count
      from reviews rv
      where rv.listing_id = l.id and ${publishedListingReviews('rv')}
    ) r on true
    where ${opts.where}
    order by ${opts.orderBy}
    limit ${opts.limit} offset ${opts.offset ?? 0}
  `);
  return rows.map(({ host_name, ...row }) => ({ ...row, host: { name: host_name } }));
}
