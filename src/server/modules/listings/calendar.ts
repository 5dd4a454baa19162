import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, daysBetween, type IsoDate, todayInIndia } from '../../../domain/dates';
import { type BlockedDatesInput, type ListingCalendar, listingCalendarSchema } from '../../../domain/contracts/calendar';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { badRequest, conflict } from '../../http/errors';

// A listing's calendar lives in calendar_holds (docs/decisions/002): accepted stays and blocked
// nights in one table under one exclusion constraint. Blocks are written one row per night, so a
// single day can be unblocked; older multi-night block rows (the demo seed writes some) are read
// night by night and split when part of them is unblocked.

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

export async function getCalendar(db: Db, listingId: string, from: IsoDate, to: IsoDate): Promise<ListingCalendar> {
  const blocked = await queryRows(db, nightRow, sql`
    select distinct to_char(d, 'YYYY-MM-DD') as date
    from calendar_holds h cross join lateral ${eachNight('h.during', from, to)} as d
    where h.listing_id = ${listingId} and h.kind = 'blocked' and h.during && ${nights(from, to)}
    order by 1
  `);
  const stays = await queryRows(db, stayRow, sql`
    select b.id as booking_id, lower(h.during)::text as "from", upper(h.during)::text as "to",
      coalesce(nullif(u.name, ''), 'Guest') as guest_name
    from calendar_holds h
    join bookings b on b.id = h.booking_id
    join users u on u.id = b.owner_id
    where h.listing_id = ${listingId} and h.kind = 'stay' and h.during && ${nights(from, to)}
    order by lower(h.during), b.id
  `);
  return { from, to, blocked: blocked.map((r) => r.date), stays };
}

/**
 * Blocks every night from `from` to `to` (both included), skipping nights already blocked. If any
 * of them is an accepted stay, nothing is blocked: the host must see the conflict, not a calendar
 * with holes. A stay accepted between the check and the insert wins its nights quietly (the
 * exclusion constraint and ON CONFLICT DO NOTHING), which is what the host would want.
 */
export async function blockDates(db: Db, listingId: string, range: BlockedDatesInput, today: IsoDate = todayInIndia()): Promise<string[]> {
  if (daysBetween(today, range.from) < 0) {
    throw badRequest('Dates in the past cannot be blocked', { from: 'Dates in the past cannot be blocked' });
  }
  return db.transaction(async (tx) => {
    // The lock an accept takes too: a block and an accept of one listing run one after the other,
    // instead of each waiting on the other's new rows in the exclusion check (a deadlock).
    await tx.execute(sql`select 1 from listings where id = ${listingId} for no key update`);
    const stays = await queryRows(tx, holdIdRow, sql`
      select id from calendar_holds
      where listing_id = ${listingId} and kind = 'stay' and during && ${nights(range.from, range.to)}
      limit 1
    `);
    if (stays.length > 0) throw conflict('These dates overlap an accepted stay');
    const added = await queryRows(tx, nightRow, sql`
      insert into calendar_holds (listing_id, during, kind)
      select ${listingId}, daterange(d::date, d::date + 1, '[)'), 'blocked'
      from generate_series(${range.from}::date::timestamp, ${range.to}::date::timestamp, interval '1 day') as d
      on conflict do nothing
      returning lower(during)::text as date
    `);
    return added.map((r) => r.date).sort();
  });
}

/**
 * Unblocks every night from `from` to `to` (both included); stays are never touched. A block row
 * reaching outside the range is replaced by one-night rows for the nights that stay blocked.
 */
export async function unblockDates(db: Db, listingId: string, range: BlockedDatesInput): Promise<string[]> {
  return db.transaction(async (tx) => {
    const removed = await queryRows(tx, blockRangeRow, sql`
      delete from calendar_holds
      where listing_id = ${listingId} and kind = 'blocked' and during && ${nights(range.from, range.to)}
      returning lower(during)::text as lo, upper(during)::text as hi
    `);
    const end = addDays(range.to, 1);
    const dates: string[] = [];
    const kept: IsoDate[] = [];
    for (const { lo, hi } of removed) {
      for (let d = lo; daysBetween(d, hi) > 0; d = addDays(d, 1)) {
        if (daysBetween(range.from, d) >= 0 && daysBetween(d, end) > 0) dates.push(d);
        else kept.push(d);
      }
    }
    if (kept.length > 0) {
      const values = sql.join(kept.map((d) => sql`(${listingId}::uuid, daterange(${d}::date, ${d}::date + 1, '[)'), 'blocked')`), sql`, `);
      await tx.execute(sql`insert into calendar_holds (listing_id, during, kind) values ${values}`);
    }
    return dates.sort();
  });
}
