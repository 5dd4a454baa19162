import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../domain/bookings';
import { CANCELLATION_POLICIES } from '../../../domain/money/cancellation';
import type { MeetMode, MeetOutcome } from '../../../domain/stays/meet';
import { meetRecordSchema } from '../../../domain/contracts/meet';
import type { Db } from '../../db/client';
import { instantColumn, queryRows } from '../../db/rows';

// The meets module's SQL: it owns meets; a meet's booking, listing and people are read by plain
// joins (decision 044). Every write runs under the booking's lock (the bookings module's), so the
// meets of one booking change one at a time.

const displayName = (alias: string) => sql.raw(`coalesce(nullif(btrim(${alias}.name), ''), split_part(${alias}.email, '@', 1))`);

const meetBookingRow = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  created_at: instantColumn,
  cancellation_policy: z.enum(CANCELLATION_POLICIES),
  owner_id: z.string(),
  host_id: z.string(),
  guest_name: z.string(),
  guest_email: z.string(),
  host_name: z.string(),
  host_email: z.string(),
  listing_title: z.string(),
  listing_locality: z.string(),
  listing_city: z.string(),
  listing_address: z.string(),
  pet_names: z.array(z.string()),
  /** The meet asked about (by id), else the booking's current one. */
  meet: meetRecordSchema.extend({ status: z.enum(['proposed', 'confirmed', 'replaced']), proposed_by_id: z.string() }).nullable(),
  proposals: z.number().int(),
});
export type MeetBookingRow = z.infer<typeof meetBookingRow>;

/** A meet's columns as the view reads them, sides named by the booking's host (`l`). */
const meetJson = (alias: string) =>
  sql.raw(`json_build_object(
    'id', ${alias}.id, 'mode', ${alias}.mode, 'note', ${alias}.note, 'times', array_to_json(${alias}.times), 'status', ${alias}.status,
    'at', ${alias}.at, 'outcome', ${alias}.outcome, 'proposed_by_id', ${alias}.proposed_by,
    'proposed_by', case when ${alias}.proposed_by = l.host_id then 'host' else 'guest' end,
    'outcome_by', case when ${alias}.outcome_by is null then null when ${alias}.outcome_by = l.host_id then 'host' else 'guest' end
  )`);

/**
 * The booking, its two people and its pets' names, with the meet `meetId` (else its current one)
 * and how many meets were proposed on it. Read after the booking's lock is taken.
 */
export async function selectMeetBooking(tx: Db, bookingId: string, meetId?: string): Promise<MeetBookingRow | undefined> {
  const which = meetId ? sql`m.id = ${meetId}` : sql`m.status <> 'replaced'`;
  const [row] = await queryRows(tx, meetBookingRow, sql`
    select b.id, b.status, b.start_date::text as start_date, b.end_date::text as end_date, b.created_at, b.cancellation_policy,
      b.owner_id, l.host_id, ${displayName('g')} as guest_name, g.email as guest_email, ${displayName('h')} as host_name, h.email as host_email,
      l.title as listing_title, l.locality as listing_locality, l.city as listing_city, l.address as listing_address,
      coalesce((
        select json_agg(p.name order by p.created_at, p.id) from booking_pets bp join pets p on p.id = bp.pet_id where bp.booking_id = b.id
      ), '[]'::json) as pet_names,
      (select ${meetJson('m')} from meets m where m.booking_id = b.id and ${which}) as meet,
      (select count(*)::int from meets c where c.booking_id = b.id) as proposals
    from bookings b
    join listings l on l.id = b.listing_id
    join users g on g.id = b.owner_id
    join users h on h.id = l.host_id
    where b.id = ${bookingId}
  `);
  return row;
}

/** The booking of meet `meetId`, if `userId` is its guest or its host (a plain read, before the lock). */
export async function selectBookingOfMeet(db: Db, meetId: string, userId: string): Promise<string | undefined> {
  const [row] = await queryRows(db, z.object({ booking_id: z.string() }), sql`
    select m.booking_id from meets m join bookings b on b.id = m.booking_id join listings l on l.id = b.listing_id
    where m.id = ${meetId} and (b.owner_id = ${userId} or l.host_id = ${userId})
  `);
  return row?.booking_id;
}

/** The booking's current meet gives way to a new proposal. */
export const markMeetReplaced = (tx: Db, bookingId: string) =>
  tx.execute(sql`update meets set status = 'replaced', updated_at = now() where booking_id = ${bookingId} and status <> 'replaced'`);

export async function insertMeet(tx: Db, m: { bookingId: string; proposedBy: string; mode: MeetMode; times: readonly Date[]; note: string }): Promise<string> {
  const times = sql.join(
    m.times.map((t) => sql`${t.toISOString()}::timestamptz`),
    sql`, `,
  );
  const [row] = await queryRows(tx, z.object({ id: z.string() }), sql`
    insert into meets (booking_id, proposed_by, mode, times, note)
    values (${m.bookingId}, ${m.proposedBy}, ${m.mode}, array[${times}], ${m.note})
    returning id
  `);
  return row!.id;
}

export const markMeetConfirmed = (tx: Db, id: string, at: Date) =>
  tx.execute(sql`
    update meets set status = 'confirmed', at = ${at.toISOString()}::timestamptz, confirmed_at = now(), updated_at = now()
    where id = ${id} and status = 'proposed'
  `);

/** Records what came of a confirmed meet, by `by` (the service checked who may: outcomeProblem). */
export const markMeetOutcome = (tx: Db, id: string, outcome: MeetOutcome, by: string) =>
  tx.execute(sql`
    update meets set outcome = ${outcome}, outcome_by = ${by}, outcome_at = now(), updated_at = now()
    where id = ${id} and status = 'confirmed'
  `);

const dueReminderRow = z.object({ id: z.string(), booking_id: z.string(), at: z.string(), confirmed_at: z.string() });

/**
 * Confirmed meets of open bookings not yet reminded, starting between `now` and `until`, with
 * their times as ISO text (the reminder's rule decides which are due).
 */
export const selectMeetsToRemind = (tx: Db, now: Date, until: Date) =>
  queryRows(tx, dueReminderRow, sql`
    select m.id, m.booking_id, to_json(m.at) #>> '{}' as at, to_json(m.confirmed_at) #>> '{}' as confirmed_at
    from meets m join bookings b on b.id = m.booking_id
    where m.status = 'confirmed' and m.reminded_at is null and m.outcome is null
      and m.at > ${now.toISOString()}::timestamptz and m.at <= ${until.toISOString()}::timestamptz
      and b.status in ('requested', 'awaiting_payment', 'confirmed')
    order by m.at
  `);

/**
 * Claims a meet's reminder: true for the one process that does, false for every other, and for a
 * meet replaced, marked or whose booking closed since it was found (the update waits for a write
 * that holds the row, then reads it again).
 */
export async function claimMeetReminder(tx: Db, id: string): Promise<boolean> {
  const rows = await queryRows(tx, z.object({ id: z.string() }), sql`
    update meets m set reminded_at = now()
    where m.id = ${id} and m.reminded_at is null and m.status = 'confirmed' and m.outcome is null
      and exists (select 1 from bookings b where b.id = m.booking_id and b.status in ('requested', 'awaiting_payment', 'confirmed'))
    returning m.id
  `);
  return rows.length === 1;
}
