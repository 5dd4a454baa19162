import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instantColumn, iso, queryRows } from '../../../db/rows';
import { type HostListing, type HostStats, hostListingSchema, hostStatsSchema } from '../../../../domain/contracts/listing';
import { ratingAverage } from './ratings';

/** A host dashboard card as its query answers it: created_at unconverted. */
const hostListingRow = hostListingSchema.extend({ created_at: instantColumn });

/** The host's listings in any status, newest first, with what the host dashboard's cards show. */
export async function selectHostListings(db: Db, hostId: string): Promise<HostListing[]> {
  const rows = await queryRows(db, hostListingRow, sql`
    select l.id, l.title, l.city, l.state, l.nightly_price_inr, l.status, l.hidden_at is not null as hidden, l.verified, l.created_at,
      (select p.url from listing_photos_in_order p where p.listing_id = l.id and p.place = 1) as cover_photo_url,
      (select count(*) from listing_photos p where p.listing_id = l.id)::int as photos_count
    from listings l
    where l.host_id = ${hostId}
    order by l.created_at desc, l.id
  `);
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/**
 * The dashboard's stat cards for the month starting on `monthStart` (yyyy-MM-01, India time): a
 * booking counts in the month its stay starts; revenue is read from the ledger (PRODUCT.md section
 * 7), as the host's share of the payments and refunds posted in the month, so that it agrees with
 * the month's statement to the paisa.
 */
export async function selectHostStats(db: Db, hostId: string, monthStart: string): Promise<HostStats> {
  const [row] = await queryRows(db, hostStatsSchema, sql`
    select
      (select count(*) from listings l where l.host_id = ${hostId} and l.listed)::int as total_listings,
      (
        select count(*) from bookings b join listings l on l.id = b.listing_id
        where l.host_id = ${hostId}
          and b.status in ('confirmed', 'in_stay', 'completed')
          and b.start_date >= ${monthStart}::date
          and b.start_date < (${monthStart}::date + interval '1 month')::date
      )::int as bookings_this_month,
      (
        select coalesce(-sum(e.amount_paise), 0)
        from ledger_entries e join bookings b on b.id = e.booking_id join listings l on l.id = b.listing_id
        where l.host_id = ${hostId} and e.account = 'host_payable' and e.payment_id is not null
          and e.created_at >= ${monthStart}::timestamp at time zone 'Asia/Kolkata'
          and e.created_at < (${monthStart}::date + interval '1 month')::timestamp at time zone 'Asia/Kolkata'
      )::int as revenue_this_month_paise,
      (
        select ${ratingAverage(sql`rv.rating`)}
        from published_listing_reviews rv join listings l on l.id = rv.listing_id
        where l.host_id = ${hostId}
      ) as rating
  `);
  return row!;
}
