import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cityCentre, DEFAULT_CITY } from '../../../domain/cities';
import {
  type ListingCard,
  type ListingCreate,
  type ListingDetail,
  type ListingUpdate,
  listingDetailSchema,
} from '../../../domain/contracts/listing';
import type { Db } from '../../db/client';
import { instantColumn, iso, queryRows } from '../../db/rows';
import { listings } from '../../db/schema';
import { notFound } from '../../http/errors';
import { selectListingCards } from './cards';
import { PHOTO_ORDER, photoJson } from './photo-sql';
import { publishedListingReviews, ratingAverage } from './ratings';

// A listing belongs to its host: every write names the host, and another host's listing is
// indistinguishable from a missing one (404), so ids cannot be probed.

export const listingNotFound = () => notFound('Listing not found');

/** 404 unless `listingId` is one of `hostId`'s listings (any status). */
export async function assertOwnListing(db: Db, hostId: string, listingId: string): Promise<void> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.hostId, hostId)));
  if (!row) throw listingNotFound();
}

/** The API's snake_case fields as the table's columns; fields left out stay out. */
function toColumns(input: ListingUpdate) {
  const { nightly_price_inr, deposit_inr, size_supported, max_pets, ...same } = input;
  return {
    ...same,
    ...(nightly_price_inr === undefined ? {} : { nightlyPriceInr: nightly_price_inr }),
    ...(deposit_inr === undefined ? {} : { depositInr: deposit_inr }),
    ...(size_supported === undefined ? {} : { sizeSupported: size_supported }),
    ...(max_pets === undefined ? {} : { maxPets: max_pets }),
  };
}

/** Stores a new listing under `hostId`, active and unverified (verification is ours to grant). */
export async function createListing(db: Db, hostId: string, input: ListingCreate): Promise<ListingDetail> {
  const [row] = await db
    .insert(listings)
    .values({
      title: input.title,
      description: input.description,
      address: input.address,
      city: input.city,
      state: input.state,
      nightlyPriceInr: input.nightly_price_inr,
      depositInr: input.deposit_inr,
      lat: input.lat,
      lng: input.lng,
      sizeSupported: input.size_supported,
      amenities: input.amenities,
      maxPets: input.max_pets,
      hostId,
      status: 'active',
      verified: false,
    })
    .returning({ id: listings.id });
  return (await getListingDetail(db, row!.id, hostId))!;
}

export async function updateListing(db: Db, hostId: string, id: string, changes: ListingUpdate): Promise<ListingDetail> {
  const [row] = await db
    .update(listings)
    .set({ ...toColumns(changes), updatedAt: sql`now()` })
    .where(and(eq(listings.id, id), eq(listings.hostId, hostId)))
    .returning({ id: listings.id });
  if (!row) throw listingNotFound();
  return (await getListingDetail(db, id, hostId))!;
}

/** The listing page as its query answers it: the host's fields flat, the moments unconverted. */
const detailRow = listingDetailSchema.omit({ host: true, is_owner: true, created_at: true, updated_at: true }).extend({
  host_name: z.string(),
  host_photo_url: z.string().nullable(),
  host_joined: instantColumn,
  created_at: instantColumn,
  updated_at: instantColumn,
});
type DetailRow = z.infer<typeof detailRow>;

/**
 * One listing with its photos, host and rating, in one query; undefined when it does not exist.
 * Visibility (inactive listings are the host's alone) is the caller's: see `viewListing`.
 */
export async function getListingDetail(db: Db, id: string, viewerId: string | undefined): Promise<ListingDetail | undefined> {
  const [row] = await queryRows(db, detailRow, sql`
    select l.id, l.host_id, l.title, l.description, l.address, l.city, l.state,
      l.nightly_price_inr, l.deposit_inr, l.lat, l.lng, l.status, l.verified,
      l.size_supported, l.amenities, l.max_pets, l.created_at, l.updated_at,
      coalesce((
        select json_agg(${photoJson('p')} order by ${PHOTO_ORDER})
        from listing_photos p where p.listing_id = l.id
      ), '[]'::json) as listing_photos,
      u.name as host_name, u.photo_url as host_photo_url, u.created_at as host_joined,
      coalesce(r.rating, 0)::float8 as rating,
      coalesce(r.count, 0)::int as reviews_count
    from listings l
    join users u on u.id = l.host_id
    left join lateral (
      select ${ratingAverage(sql`rv.rating`)} as rating, count(*) as count
      from reviews rv
      where rv.listing_id = l.id and ${publishedListingReviews('rv')}
    ) r on true
    where l.id = ${id}
  `);
  if (!row) return undefined;
  const { host_name, host_photo_url, host_joined, created_at, updated_at, ...listing } = row;
  return {
    ...listing,
    host: { id: listing.host_id, name: host_name, photo_url: host_photo_url, joined: iso(host_joined) },
    is_owner: viewerId === listing.host_id,
    created_at: iso(created_at),
    updated_at: iso(updated_at),
  };
}

/** Who may see a listing and what hangs off it: everyone when active, only its host when paused. */
export const listingVisibleTo = (listing: { status: string; host_id: string }, viewerId: string | undefined): boolean =>
  listing.status === 'active' || listing.host_id === viewerId;

/** The listing page, for whom listingVisibleTo allows; else 404. */
export async function viewListing(db: Db, id: string, viewerId: string | undefined): Promise<ListingDetail> {
  const listing = await getListingDetail(db, id, viewerId);
  if (!listing || !listingVisibleTo(listing, viewerId)) throw listingNotFound();
  return listing;
}

/** The home page's handful of standout active listings: with photos, verified hosts first, then the best rated. */
export function featuredListingCards(db: Db): Promise<ListingCard[]> {
  return selectListingCards(db, {
    where: sql`l.status = 'active' and exists (select 1 from listing_photos p where p.listing_id = l.id)`,
    orderBy: sql`l.verified desc, rating desc, reviews_count desc, l.created_at desc, l.id`,
    limit: 8,
    centre: cityCentre(DEFAULT_CITY),
  });
}
