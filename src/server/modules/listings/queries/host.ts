import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instantColumn, iso, queryRows } from '../../../db/rows';
import { type HostListing, type HostStats, hostListingSchema, hostStatsSchema } from '../../../../domain/contracts/listing';
import { PHOTO_ORDER } from './photos';
import { publishedListingReviews, ratingAverage } from './ratings';

/** A host dashboard card as its query answers it: created_at unconverted. */
const hostListingRow = hostListingSchema.extend({ created_at: instantColumn });

/** The host's listings in any status, newest first, with what the host dashboard's cards show. */
export async function selectHostListings(db: Db, hostId: string): Promise<HostListing[]> {
  const rows = await queryRows(db, hostListingRow, sql`
    select l.id, l.title, l.city, l.state, l.nightly_price_inr, l.status, l.verified, l.created_at,
      (select p.url from listing_photos p where p.listing_id = l.id order by ${PHOTO_ORDER} limit 1) as cover_photo_url,
      (select count(*) from listing_photos p where p.listing_id = l.id)::int as photos_count
    from listings l
    where l.host_id = ${hostId}
    order by l.created_at desc, l.id
  `);
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/**
 * The dashboard's stat cards for the month starting on `monthStart` (yyyy-MM-01); a booking counts
 * in the month its stay starts. Revenue is the host payout (subtotal minus the platform fee, as
 * domain/pricing.ts's host_payout_inr) of confirmed (paid) and completed bookings: the others earn
 * the host nothing.
 */
export async function selectHostStats(db: Db, hostId: string, monthStart: string): Promise<HostStats> {
  const [row] = await queryRows(db, hostStatsSchema, sql`
    select
      (select count(*) from listings l where l.host_id = ${hostId} and l.status = 'active')::int as total_listings,
      month.bookings::int as bookings_this_month,
      month.revenue::float8 as revenue_this_month_inr,
      (
        select ${ratingAverage(sql`rv.rating`)}
        from reviews rv join listings l on l.id = rv.listing_id
        where l.host_id = ${hostId} and ${publishedListingReviews('rv')}
      ) as rating
    from (
      select count(*) as bookings, coalesce(sum(b.price_subtotal_inr - b.platform_fee_inr), 0) as revenue
      from bookings b join listings l on l.id = b.listing_id
      where l.host_id = ${hostId}
        and b.status in ('confirmed', 'completed')
        and b.start_date >= ${monthStart}::date
        and b.start_date < (${monthStart}::date + interval '1 month')::date
    ) month
  `);
  return row!;
}
