import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, type IsoDate } from '../../../../domain/dates';
import { type ListingCalendar, listingCalendarSchema } from '../../../../domain/contracts/calendar';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/rows';

// The calendar's SQL (see calendar.ts): calendar_holds, stays and blocked nights under one
// exclusion constraint (docs/decisions/002).

/** The half-open daterange of the nights `from`..`to`, both included. */
const nights = (from: IsoDate, to: IsoDate) => sql`daterange(${from}::date, ${addDays(to, 1)}::date, '[)')`;

/** Every night of the range `r` (an SQL daterange) that also lies in `from`..`to`, as yyyy-MM-dd. */
const eachNight = (r: string, from: IsoDate, to: IsoDate) => sql`generate_series(
  greatest(lower(${sql.raw(r)}), ${from}::date)::timestamp,
  (least(upper(${sql.raw(r)}), ${addDays(to, 1)}::date) - 1)::timestamp,
  interval '1 day')`;

/** A night as yyyy-MM-dd (text made by the SQL). */
const nightRow = z.object({ date: z.string() });
/** An accepted stay of the calendar, as the answer carries it. */
const stayRow = listingCalendarSchema.shape.stays.element;
const holdIdRow = z.object({ id: z.uuid() });
/** A removed block's nights [lo, hi), as yyyy-MM-dd. */
const blockRangeRow = z.object({ lo: z.string(), hi: z.string() });

/** The listing's blocked nights from `from` to `to`, in order, as yyyy-MM-dd. */
export async function selectBlockedNights(db: Db, listingId: string, from: IsoDate, to: IsoDate): Promise<string[]> {
  const rows = await queryRows(db, nightRow, sql`
    select distinct to_char(d, 'YYYY-MM-DD') as date
    from calendar_holds h cross join lateral ${eachNight('h.during', from, to)} as d
    where h.listing_id = ${listingId} and h.kind = 'blocked' and h.during && ${nights(from, to)}
    order by 1
  `);
  return rows.map((r) => r.date);
}

/** The listing's accepted stays that overlap `from`..`to`, in order, with their guest's name. */
export function selectCalendarStays(db: Db, listingId: string, from: IsoDate, to: IsoDate): Promise<ListingCalendar['stays']> {
  return queryRows(db, stayRow, sql`
    select b.id as booking_id, lower(h.during)::text as "from", upper(h.during)::text as "to",
      coalesce(nullif(u.name, ''), 'Guest') as guest_name
    from calendar_holds h
    join bookings b on b.id = h.booking_id
    join users u on u.id = b.owner_id
    where h.listing_id = ${listingId} and h.kind = 'stay' and h.during && ${nights(from, to)}
    order by lower(h.during), b.id
  `);
}

/**
 * Locks the listing row for the rest of the transaction, the lock an accept takes too: a block and
 * an accept of one listing run one after the other, instead of each waiting on the other's new
 * rows in the exclusion check (a deadlock).
 */
export async function lockListingCalendar(db: Db, listingId: string): Promise<void> {
  await db.execute(sql`select 1 from listings where id = ${listingId} for no key update`);
}

/** Whether an accepted stay of the listing holds any night from `from` to `to`. */
export async function hasStayOverlapping(db: Db, listingId: string, from: IsoDate, to: IsoDate): Promise<boolean> {
  const stays = await queryRows(db, holdIdRow, sql`
    select id from calendar_holds
    where listing_id = ${listingId} and kind = 'stay' and during && ${nights(from, to)}
    limit 1
  `);
  return stays.length > 0;
}

/**
 * Blocks every night from `from` to `to`, one row each; a night already held (blocked, or a stay
 * accepted meanwhile) is skipped by the exclusion constraint and ON CONFLICT DO NOTHING. Answers
 * the nights it blocked, as yyyy-MM-dd, in no particular order.
 */
export async function insertBlockedNights(db: Db, listingId: string, from: IsoDate, to: IsoDate): Promise<string[]> {
  const added = await queryRows(db, nightRow, sql`
    insert into calendar_holds (listing_id, during, kind)
    select ${listingId}, daterange(d::date, d::date + 1, '[)'), 'blocked'
    from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as d
    on conflict do nothing
    returning lower(during)::text as date
  `);
  return added.map((r) => r.date);
}

/** Blocks each of `dates` (not empty), one row a night, as they are: no conflict is expected. */
export async function insertBlockedNightRows(db: Db, listingId: string, dates: IsoDate[]): Promise<void> {
  const values = sql.join(dates.map((d) => sql`(${listingId}::uuid, daterange(${d}::date, ${d}::date + 1, '[)'), 'blocked')`), sql`, `);
  await db.execute(sql`insert into calendar_holds (listing_id, during, kind) values ${values}`);
}

/** Removes every block row of the listing touching `from`..`to`; answers each one's nights [lo, hi). */
export function deleteBlocksOverlapping(
  db: Db,
  listingId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<{ lo: string; hi: string }[]> {
  return queryRows(db, blockRangeRow, sql`
    delete from calendar_holds
    where listing_id = ${listingId} and kind = 'blocked' and during && ${nights(from, to)}
    returning lower(during)::text as lo, upper(during)::text as hi
  `);
}

// A booking's nights (the bookings' moves call these through index.ts: the calendar is the listing's).

/** Holds an accepted stay's nights [start, end); an overlap fails with SQLSTATE 23P01 (exclusion). */
export async function holdStayNights(tx: Db, stay: { id: string; listing_id: string; start_date: IsoDate; end_date: IsoDate }): Promise<void> {
  await tx.execute(sql`
    insert into calendar_holds (listing_id, during, kind, booking_id)
    values (${stay.listing_id}, daterange(${stay.start_date}::date, ${stay.end_date}::date, '[)'), 'stay', ${stay.id})
  `);
}

/** Frees the nights the bookings held, if they held any. */
export async function freeStayNights(tx: Db, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx.execute(sql`delete from calendar_holds where booking_id in (${sql.join(bookingIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
}
