import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES, type BookingStatus, REQUEST_TTL_HOURS } from '../../../../domain/bookings';
import { CANCELLATION_POLICIES } from '../../../../domain/money/cancellation';
import type { IsoDate } from '../../../../domain/dates';
import type { Db } from '../../../db/client';
import { instantColumn, queryRows } from '../../../db/rows';

// Answers and cancels (transitions.ts).

// Dates as ::text (IsoDate); created_at, a timestamptz, is text on both drivers too (or a Date, decision 023).
const lockedRow = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  listing_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  created_at: instantColumn,
  cancellation_policy: z.enum(CANCELLATION_POLICIES),
  price_subtotal_paise: z.number().int(),
  taxes_paise: z.number().int(),
  platform_fee_paise: z.number().int(),
});

export type LockedBooking = z.infer<typeof lockedRow>;

/** The booking, locked until the transaction ends, if `who` (its listing's host, its guest, either, or an operator) may act on it. */
export async function lockBookingForUpdate(
  tx: Db,
  id: string,
  who: { hostId: string } | { guestId: string } | { memberId: string } | { operator: true },
): Promise<LockedBooking | undefined> {
  const allowed =
    'operator' in who
      ? // An operator's route is theirs alone (auth/guard.ts, operatorsOnly): any booking.
        sql`true`
      : 'hostId' in who
        ? sql`l.host_id = ${who.hostId}`
        : 'guestId' in who
          ? sql`b.owner_id = ${who.guestId}`
          : sql`(l.host_id = ${who.memberId} or b.owner_id = ${who.memberId})`;
  const [row] = await queryRows(tx, lockedRow, sql`
    select b.id, b.status, b.listing_id, b.start_date::text as start_date, b.end_date::text as end_date, b.created_at,
      b.cancellation_policy, b.price_subtotal_paise, b.taxes_paise, b.platform_fee_paise
    from bookings b join listings l on l.id = b.listing_id
    where b.id = ${id} and ${allowed}
    for update of b
  `);
  return row;
}

/**
 * Every open booking (a request, a stay awaiting payment or paid) in which `userId` is the host or
 * the guest, locked until the transaction ends, with which side they are on. In id order, so that
 * two transactions locking several never wait on each other in a circle.
 */
export async function lockOpenBookingsOf(tx: Db, userId: string): Promise<(LockedBooking & { side: 'host' | 'guest' })[]> {
  return queryRows(tx, lockedRow.extend({ side: z.enum(['host', 'guest']) }), sql`
    select b.id, b.status, b.listing_id, b.start_date::text as start_date, b.end_date::text as end_date, b.created_at,
      b.cancellation_policy, b.price_subtotal_paise, b.taxes_paise, b.platform_fee_paise,
      case when l.host_id = ${userId} then 'host' else 'guest' end as side
    from bookings b join listings l on l.id = b.listing_id
    where (l.host_id = ${userId} or b.owner_id = ${userId}) and b.status in ('requested', 'awaiting_payment', 'confirmed')
    order by b.id
    for update of b
  `);
}

/** Sets the booking's status; `responded` also stamps responded_at (the host's answer). */
export const updateBookingStatus = (tx: Db, id: string, status: BookingStatus, responded = false) =>
  tx.execute(sql`update bookings set status = ${status}, updated_at = now()${responded ? sql`, responded_at = now()` : sql``} where id = ${id}`);

/** The host's accept: awaiting payment until `dueAt`. */
export const markAwaitingPayment = (tx: Db, id: string, dueAt: Date) =>
  tx.execute(sql`
    update bookings set status = 'awaiting_payment', payment_due_at = ${dueAt.toISOString()}::timestamptz, responded_at = now(), updated_at = now()
    where id = ${id}
  `);

/** Paid: the stay is confirmed. */
export const markPaid = (tx: Db, id: string) =>
  tx.execute(sql`update bookings set status = 'confirmed', paid_at = now(), updated_at = now() where id = ${id}`);

/** Cancelled, by the guest or the host. */
export const markCancelled = (tx: Db, id: string, by: 'guest' | 'host') =>
  tx.execute(sql`update bookings set status = 'cancelled', cancelled_by = ${by}, updated_at = now() where id = ${id}`);

/**
 * Locks the listing's row until `tx` ends, so that accepts of one listing take turns on it: two
 * concurrent inserts that collide in the exclusion constraint would otherwise wait on each other
 * until PostgreSQL's deadlock detector kills one (a second later). NO KEY UPDATE leaves bookings'
 * foreign-key checks free.
 */
export const lockListingForAccept = (tx: Db, listingId: string) =>
  tx.execute(sql`select id from listings where id = ${listingId} for no key update`);

// The lifecycle job (lifecycle.ts).

const dueRow = z.object({ id: z.string(), status: z.enum(['requested', 'awaiting_payment', 'confirmed', 'in_stay']) });

/**
 * Up to `limit` bookings due to move on (overdue requests, unpaid stays past their payment
 * deadline, paid stays, under way or not, past check-out), oldest first, locked until `tx` ends; rows another
 * run holds are skipped. `now` is the clock the deadlines are read against.
 */
export function lockDueBookings(tx: Db, today: IsoDate, now: Date, limit: number) {
  return queryRows(tx, dueRow, sql`
    select id, status from bookings
    where (status = 'requested' and (start_date < ${today}::date or created_at <= ${now.toISOString()}::timestamptz - make_interval(hours => ${REQUEST_TTL_HOURS})))
       or (status = 'awaiting_payment' and payment_due_at <= ${now.toISOString()}::timestamptz)
       or (status = 'in_stay' and end_date < ${today}::date)
       -- A paid stay never checked in completes only once the stays module has asked what happened
       -- (its no-show): the no-show holds the payout, which nothing else would (decision 052).
       or (status = 'confirmed' and end_date < ${today}::date and exists (select 1 from incidents i where i.booking_id = bookings.id and i.kind = 'no_show'))
    order by created_at
    limit ${limit}
    for update skip locked
  `);
}

const idList = (list: string[]) => sql`(${sql.join(list.map((id) => sql`${id}::uuid`), sql`, `)})`;

/** The host's "Bruno has arrived": the stay is under way. */
export const markCheckedIn = (tx: Db, id: string) =>
  tx.execute(sql`update bookings set status = 'in_stay', checked_in_at = now(), updated_at = now() where id = ${id}`);

/** The host's "Bruno has gone home": the stay is over. */
export const markCheckedOut = (tx: Db, id: string) =>
  tx.execute(sql`update bookings set status = 'completed', checked_out_at = now(), updated_at = now() where id = ${id}`);

/** The guest's "All well" after the check-out (not a move: the stay is completed either way). */
export function markHomeConfirmed(tx: Db, id: string) {
  return tx.execute(sql`update bookings set home_confirmed_at = now(), updated_at = now() where id = ${id} and checked_out_at is not null and home_confirmed_at is null`);
}

/**
 * Marks the bookings completed; `ids` must not be empty. Their listings are locked first, in id
 * order: a completion's trigger locks its listing (the daily-update share, migration 0035), and
 * batches in several processes would otherwise lock listings they share crosswise.
 */
export async function completeBookings(tx: Db, ids: string[]): Promise<void> {
  await tx.execute(sql`
    select 1 from listings where id in (select listing_id from bookings where id in ${idList(ids)})
    order by id for no key update
  `);
  await tx.execute(sql`update bookings set status = 'completed', updated_at = now() where id in ${idList(ids)}`);
}

/** A request expired or a stay lapsed, told to its guest (and host); dates as ::text (IsoDate). */
const settledRow = z.object({
  id: z.string(),
  owner_id: z.string(),
  host_id: z.string(),
  guest_email: z.string(),
  guest_name: z.string(),
  host_email: z.string(),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  total_paise: z.number().int(),
});

export type SettledBooking = z.infer<typeof settledRow>;

/**
 * Moves the bookings to `status` (expired requests, lapsed stays); returns each with what the
 * e-mails say. `ids` must not be empty.
 */
export function settleBookings(tx: Db, ids: string[], status: 'expired' | 'lapsed') {
  return queryRows(tx, settledRow, sql`
    with changed as (
      update bookings set status = ${status}, updated_at = now() where id in ${idList(ids)}
      returning id, owner_id, listing_id, start_date, end_date, total_paise
    )
    select c.id, c.owner_id, l.host_id, g.email as guest_email, coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name,
      h.email as host_email, l.title as listing_title, c.start_date::text as start_date, c.end_date::text as end_date, c.total_paise
    from changed c join users g on g.id = c.owner_id join listings l on l.id = c.listing_id join users h on h.id = l.host_id
  `);
}

const reminderRow = z.object({ id: z.string(), responded_at: instantColumn, payment_due_at: instantColumn });

/** Accepted stays still unpaid, not reminded yet, due within `hours` of `now` (on bookings_payment_due_idx). */
export const selectUnpaidSoonDue = (db: Db, now: Date, hours: number) =>
  queryRows(db, reminderRow, sql`
    select id, responded_at, payment_due_at from bookings
    where status = 'awaiting_payment' and payment_reminded_at is null
      and payment_due_at > ${now.toISOString()}::timestamptz and payment_due_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${hours})
    order by payment_due_at
    limit 500
  `);

/** Claims the stay's payment reminder: true for the one run that gets it, while it is still unpaid. */
export async function claimPaymentReminder(tx: Db, id: string): Promise<boolean> {
  const rows = await queryRows(tx, z.object({ id: z.string() }), sql`
    update bookings set payment_reminded_at = now() where id = ${id} and status = 'awaiting_payment' and payment_reminded_at is null returning id
  `);
  return rows.length > 0;
}
