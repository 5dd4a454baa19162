import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LatLng } from '../../../../domain/cities';
import { type ListingCard, listingCardSchema } from '../../../../domain/contracts/listing';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/rows';

/** Great-circle distance in km from `centre` to a listing (haversine), one decimal. */
export function distanceKmSql(centre: LatLng): SQL {
  return sql`round((6371 * 2 * asin(sqrt(
    power(sin(radians(l.lat - ${centre.lat}) / 2), 2) +
    cos(radians(${centre.lat})) * cos(radians(l.lat)) * power(sin(radians(l.lng - ${centre.lng}) / 2), 2)
  )))::numeric, 1)::float8`;
}

/**
 * One listing card (SPEC.md section 3's fields, exactly: see listingCardSchema in domain/contracts/listing.ts) as a JSON object,
 * built by PostgreSQL: for the listing aliased `l` and its host `u`, `distance_km` from `centre`
 * (null without one). The only definition of the card's shape. The rating is the listing's
 * maintained rating (migration 0005, counting the view published_listing_reviews of migration 0027), so a card never joins its reviews.
 */
export function cardJsonSql(centre: LatLng | undefined): SQL {
  return sql`json_build_object(
    'id', l.id, 'title', l.title, 'city', l.city, 'price_per_night', l.nightly_price_inr,
    'lat', l.lat, 'lng', l.lng,
    'photos', coalesce((
      select json_agg(json_build_object('url', p.url, 'alt', p.alt) order by p.place)
      from listing_photos_in_order p where p.listing_id = l.id
    ), '[]'::json),
    'verified', l.verified, 'rating', l.rating, 'reviews_count', l.reviews_count,
    'distance_km', ${centre ? distanceKmSql(centre) : sql`null::float8`},
    'size_supported', l.size_supported, 'amenities', l.amenities,
    'host', json_build_object('name', u.name))`;
}

/** A row of selectListingCards: the card built by cardJsonSql, which both drivers answer parsed. */
const cardRow = z.object({ card: listingCardSchema });

/**
 * The cards of the listings chosen by `where` and ordered by `orderBy`, in one query: photos are
 * aggregated per card, so a page of cards never costs a query each. The listing table is aliased
 * `l` and its host `u`; `join` adds tables that `where` and `orderBy` need. Listings' own: other
 * modules name the listings they want by id (selectListedCardsInOrder), never with SQL of theirs.
 * (The search builds its own query around cardJsonSql: queries/search.ts.)
 */
async function selectListingCards(
  db: Db,
  opts: { where: SQL; orderBy: SQL; limit: number; offset?: number; centre?: LatLng; join?: SQL },
): Promise<ListingCard[]> {
  const rows = await queryRows(db, cardRow, sql`
    select ${cardJsonSql(opts.centre)} as card
    from listings l
    join users u on u.id = l.host_id
    ${opts.join ?? sql``}
    where ${opts.where}
    order by ${opts.orderBy}
    limit ${opts.limit} offset ${opts.offset ?? 0}
  `);
  return rows.map((row) => row.card);
}

/**
 * The cards of the listed (active) listings among `ids`, in the order of `ids`, at most `limit`,
 * in one query: a list another module keeps (a guest's favorites) shown as cards. A paused or
 * deleted listing is left out, its place taken by the next.
 */
export function selectListedCardsInOrder(db: Db, ids: readonly string[], limit: number): Promise<ListingCard[]> {
  return selectListingCards(db, {
    // One parameter, whatever the number of ids (a list of parameters stops at 65,535).
    join: sql`join unnest(${sql.param(ids)}::uuid[]) with ordinality as wanted(id, n) on wanted.id = l.id`,
    where: sql`l.listed`,
    orderBy: sql`wanted.n`,
    limit,
  });
}

/** Standout active listings: with photos, verified hosts first, then the best rated. */
export function selectFeaturedListingCards(db: Db, opts: { limit: number; centre?: LatLng }): Promise<ListingCard[]> {
  return selectListingCards(db, {
    where: sql`l.listed and exists (select 1 from listing_photos p where p.listing_id = l.id)`,
    orderBy: sql`l.verified desc, rating desc, reviews_count desc, l.created_at desc, l.id`,
    ...opts,
  });
}
