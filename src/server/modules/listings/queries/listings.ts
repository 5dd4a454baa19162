import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../../domain/bookings';
import { CANCELLATION_POLICIES } from '../../../../domain/money/cancellation';
import { listingDetailSchema } from '../../../../domain/contracts/listing';
import type { Place } from '../../../../domain/location';
import { DAILY_UPDATES_BADGE_STAYS } from '../../../../domain/stays/daily-updates';
import type { Db } from '../../../db/client';
import { instantColumn, iso, lockNamed, queryRows } from '../../../db/rows';
import { listings } from '../../../db/schema';
import { photoJson } from './photos';
import { ratingAverage } from './ratings';

/** A listings row as the app writes it (the table's columns, camelCase). */
export type ListingColumns = typeof listings.$inferInsert;

/** Whether `listingId` is one of `hostId`'s listings (any status). */
export async function isOwnListing(db: Db, hostId: string, listingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.hostId, hostId)));
  return row !== undefined;
}

const idRow = z.object({ id: z.uuid() });

/** Locks `hostId`'s listing for the rest of the transaction; false when it is not theirs. */
export async function lockOwnListing(db: Db, hostId: string, listingId: string): Promise<boolean> {
  const rows = await queryRows(db, idRow, sql`
    select id from listings where id = ${listingId} and host_id = ${hostId} for update
  `);
  return rows.length > 0;
}

/**
 * Stores a new listing, verified exactly when its host is (issue 23), never from the caller's
 * values; answers its id. The host's row is share-locked as it is read: an approval under way
 * (which updates it, then badges the host's listings) is waited for and seen, or waits for this
 * listing and badges it too.
 */
export async function insertListing(db: Db, values: Omit<ListingColumns, 'verified' | 'hostSuspended'>): Promise<string> {
  const verified = sql`(select verified_at is not null from users where id = ${values.hostId} for share)`;
  // A suspension under way (its lock on the host's row) is waited for: its listings stay unlisted.
  const hostSuspended = sql`(select suspended_at is not null from users where id = ${values.hostId} for share)`;
  const [row] = await db.insert(listings).values({ ...values, verified, hostSuspended }).returning({ id: listings.id });
  return row!.id;
}

const placeRow = z.object({ exact_lat: z.number(), exact_lng: z.number(), lat: z.number(), lng: z.number() });

/**
 * Every place `hostId` has put a pin (their listings, any status, before any change being made),
 * with the public position it was given; the places are locked for the rest of the transaction,
 * so two listings placed at once at one address cannot each draw a position of their own.
 */
export async function lockHostPlaces(tx: Db, hostId: string): Promise<Place[]> {
  await lockNamed(tx, `places of ${hostId}`);
  const rows = await queryRows(tx, placeRow, sql`select exact_lat, exact_lng, lat, lng from listings where host_id = ${hostId}`);
  return rows.map((r) => ({ exact: { lat: r.exact_lat, lng: r.exact_lng }, public: { lat: r.lat, lng: r.lng } }));
}

/** Changes `hostId`'s listing `id` (and its updated_at); false when it is not theirs. */
export async function updateOwnListing(db: Db, hostId: string, id: string, changes: Partial<ListingColumns>): Promise<boolean> {
  const [row] = await db
    .update(listings)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(listings.id, id), eq(listings.hostId, hostId)))
    .returning({ id: listings.id });
  return row !== undefined;
}

/** The listing page as its query answers it: the host's fields flat, the moments unconverted. */
const detailRow = listingDetailSchema.omit({ host: true, is_owner: true, exact_location: true, created_at: true, updated_at: true }).extend({
  address: z.string(),
  exact_lat: z.number(),
  exact_lng: z.number(),
  /** The viewer is the host, or an operator: the address is theirs to see. */
  address_always: z.boolean(),
  /** The viewer's paid stays here, whose dates and policy say whether they show the address (domain/location.ts). */
  viewer_paid_stays: z.array(z.object({ status: z.enum(BOOKING_STATUSES), start_date: z.string(), end_date: z.string(), cancellation_policy: z.enum(CANCELLATION_POLICIES) })),
  host_name: z.string(),
  host_photo_url: z.string().nullable(),
  host_joined: instantColumn,
  /** The host's latest stays, checked in and out, newest first, with the days they posted (domain/stays/daily-updates.ts). */
  host_latest_stays: z.array(z.object({ start_date: z.string(), end_date: z.string(), update_days: z.array(z.string()) })),
  created_at: instantColumn,
  updated_at: instantColumn,
});

/** Who is looking: a signed-in user (an operator or not), or nobody. */
export type Viewer = { id: string; operator: boolean } | undefined;

/** A listing page's row: the host's fields flat, the moments as ISO 8601 instants. */
export type ListingDetailRow = Omit<z.infer<typeof detailRow>, 'host_joined' | 'created_at' | 'updated_at'> & {
  host_joined: string;
  created_at: string;
  updated_at: string;
};

/**
 * One listing with its photos, host and rating, in one query, and whether `viewer` may see its
 * address (an operator always may); undefined when it does not exist.
 */
export async function selectListingDetail(db: Db, id: string, viewer: Viewer): Promise<ListingDetailRow | undefined> {
  const viewerId = viewer?.id ?? null;
  const operator = viewer?.operator ?? false;
  const [row] = await queryRows(db, detailRow, sql`
    select l.id, l.host_id, l.title, l.description, l.address, l.locality, l.city, l.state,
      l.nightly_price_inr, l.deposit_inr, l.lat, l.lng, l.exact_lat, l.exact_lng, l.status, l.listed,
      l.hidden_at is not null as hidden, l.verified,
      (${operator}::boolean or l.host_id = ${viewerId}::uuid) is true as address_always,
      coalesce((
        select json_agg(json_build_object('status', b.status, 'start_date', b.start_date::text, 'end_date', b.end_date::text, 'cancellation_policy', b.cancellation_policy))
        from bookings b
        where b.listing_id = l.id and b.owner_id = ${viewerId}::uuid and b.status in ('confirmed', 'in_stay')
      ), '[]'::json) as viewer_paid_stays,
      l.size_supported, l.amenities, l.max_pets, l.pet_types, l.vaccinations_required, l.meet_required, l.house_rules, l.house_rules_note,
      l.host_pets, l.cancellation_policy, l.created_at, l.updated_at,
      coalesce((
        select json_agg(${photoJson('p')} order by p.place)
        from listing_photos_in_order p where p.listing_id = l.id
      ), '[]'::json) as listing_photos,
      u.name as host_name, u.photo_url as host_photo_url, u.created_at as host_joined,
      coalesce((
        select json_agg(json_build_object('start_date', s.start_date::text, 'end_date', s.end_date::text, 'update_days', s.update_days) order by s.latest)
        from (
          select row_number() over (order by b.end_date desc, b.checked_out_at desc nulls last, b.id) as latest, b.start_date, b.end_date,
            array(select distinct su.for_date::text from stay_updates su where su.booking_id = b.id) as update_days
          from listings hl
          join bookings b on b.listing_id = hl.id and b.status = 'completed' and b.checked_in_at is not null
          where hl.host_id = l.host_id
          order by latest
          limit ${DAILY_UPDATES_BADGE_STAYS}
        ) s
      ), '[]'::json) as host_latest_stays,
      coalesce(r.rating, 0)::float8 as rating,
      coalesce(r.count, 0)::int as reviews_count
    from listings l
    join users u on u.id = l.host_id
    left join lateral (
      select ${ratingAverage(sql`rv.rating`)} as rating, count(*) as count
      from published_listing_reviews rv
      where rv.listing_id = l.id
    ) r on true
    where l.id = ${id}
  `);
  if (!row) return undefined;
  return { ...row, host_joined: iso(row.host_joined), created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

/** An active listing's head: its cover is its first photo, null without photos. */
const pageMetaRow = z.object({
  title: z.string(),
  description: z.string(),
  city: z.string(),
  cover: z.string().nullable(),
  cover_alt: z.string().nullable(),
});

/** What a listing page's <head> shows, when the listing is listed; undefined otherwise. */
export async function selectActiveListingHead(db: Db, id: string): Promise<z.infer<typeof pageMetaRow> | undefined> {
  const [row] = await queryRows(db, pageMetaRow, sql`
    select l.title, l.description, l.city, p.url as cover, p.alt as cover_alt
    from listings l
    left join lateral (select p.url, p.alt from listing_photos_in_order p where p.listing_id = l.id and p.place = 1) p on true
    where l.id = ${id} and l.listed
  `);
  return row;
}

// Changes of a listing made by other modules (decision 044: the listings table is this module's).

/** Hides (`true`) or shows again a listing (an operator's act); false when there is none, or it already was. */
export async function setListingHidden(tx: Db, id: string, hidden: boolean): Promise<boolean> {
  const changed = await queryRows(tx, z.object({ id: z.string() }), sql`
    update listings set hidden_at = ${hidden ? sql`now()` : sql`null`}, updated_at = now()
    where id = ${id} and (hidden_at is null) = ${hidden}
    returning id
  `);
  return changed.length > 0;
}

/** Every listing of a host just verified carries the badge. */
export async function markHostListingsVerified(db: Db, hostId: string): Promise<void> {
  await db.update(listings).set({ verified: true, updatedAt: sql`now()` }).where(eq(listings.hostId, hostId));
}
