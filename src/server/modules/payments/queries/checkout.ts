import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOOKING_STATUSES } from '../../../../domain/bookings';
import type { Db } from '../../../db/client';
import { instantColumn, queryRows } from '../../../db/rows';
import { stayPaymentsOf } from './stay-payment';

// The payments' SQL (decision 024), for paying: the bookings' rows as a payment sees them, the
// provider's orders and its payments.

// Bookings, as paying for them needs them.

const payableRow = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  owner_id: z.string(),
  payment_due_at: instantColumn.nullable(),
  price_subtotal_paise: z.number().int(),
  taxes_paise: z.number().int(),
  platform_fee_paise: z.number().int(),
  total_paise: z.number().int(),
  host_id: z.string(),
  host_gstin: z.string().nullable(),
  host_pan: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number().int(),
  listing_title: z.string(),
  listing_city: z.string(),
  listing_state: z.string(),
  guest_name: z.string(),
  guest_email: z.string(),
  /** Null when the host has given no name: their e-mail is never shown to a guest. */
  host_name: z.string().nullable(),
  host_email: z.string(),
});

export type PayableBooking = z.infer<typeof payableRow>;

const payableSelect = sql`
  select b.id, b.status, b.owner_id, b.payment_due_at, b.price_subtotal_paise, b.taxes_paise, b.platform_fee_paise, b.total_paise,
    l.host_id, tp.gstin as host_gstin, tp.pan as host_pan,
    b.start_date::text as start_date, b.end_date::text as end_date, b.nights,
    l.title as listing_title, l.city as listing_city, l.state as listing_state,
    coalesce(nullif(btrim(g.name), ''), split_part(g.email, '@', 1)) as guest_name, g.email as guest_email,
    nullif(btrim(h.name), '') as host_name, h.email as host_email
  from bookings b join listings l on l.id = b.listing_id join users g on g.id = b.owner_id join users h on h.id = l.host_id
    left join host_tax_profiles tp on tp.user_id = l.host_id
`;

/** The guest's booking, as Checkout needs it; undefined for anyone else's. */
export async function selectGuestBooking(db: Db, bookingId: string, guestId: string): Promise<PayableBooking | undefined> {
  return (await queryRows(db, payableRow, sql`${payableSelect} where b.id = ${bookingId} and b.owner_id = ${guestId}`))[0];
}

/** The booking, locked until `tx` ends: its payment, its lapse and its cancellation take turns. */
export async function lockBooking(tx: Db, bookingId: string): Promise<PayableBooking | undefined> {
  return (await queryRows(tx, payableRow, sql`${payableSelect} where b.id = ${bookingId} for update of b`))[0];
}

// Orders.

const orderRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  provider: z.enum(['razorpay', 'test']),
  provider_order_id: z.string(),
  amount_paise: z.number().int(),
  currency: z.string(),
  created_at: instantColumn,
});

export type OrderRow = z.infer<typeof orderRow>;

export async function selectOrderOfBooking(db: Db, bookingId: string): Promise<OrderRow | undefined> {
  return (await queryRows(db, orderRow, sql`select * from payment_orders where booking_id = ${bookingId}`))[0];
}

/** Stores the booking's order, unless another request stored one first; answers the one stored. */
export async function insertOrder(
  db: Db,
  order: { bookingId: string; provider: 'razorpay' | 'test'; providerOrderId: string; amountPaise: number },
): Promise<OrderRow> {
  await db.execute(sql`
    insert into payment_orders (booking_id, provider, provider_order_id, amount_paise)
    values (${order.bookingId}, ${order.provider}, ${order.providerOrderId}, ${order.amountPaise})
    on conflict (booking_id) do nothing
  `);
  return (await selectOrderOfBooking(db, order.bookingId))!;
}

export async function selectOrderByProviderId(db: Db, providerOrderId: string): Promise<OrderRow | undefined> {
  return (await queryRows(db, orderRow, sql`select * from payment_orders where provider_order_id = ${providerOrderId}`))[0];
}

/**
 * Orders the reconciliation job should ask the provider about: made more than `minutes` ago for a
 * booking that was never paid, not asked about in the last `minutes`, and at most a week old.
 */
export async function selectOrdersToReconcile(db: Db, minutes: number, limit: number): Promise<OrderRow[]> {
  return queryRows(db, orderRow, sql`
    with due as (
      select o.id from payment_orders o join bookings b on b.id = o.booking_id
      where o.created_at < now() - make_interval(mins => ${minutes}) and o.created_at > now() - interval '7 days'
        and (o.checked_at is null or o.checked_at < now() - make_interval(mins => ${minutes}))
        and b.paid_at is null
        and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'captured')
      order by o.created_at
      limit ${limit}
      for update of o skip locked
    )
    update payment_orders o set checked_at = now() from due where o.id = due.id
    returning o.*
  `);
}

// Payments.

const paymentRow = z.object({
  id: z.string(),
  provider_payment_id: z.string(),
  booking_id: z.string(),
  amount_paise: z.number().int(),
  status: z.enum(['captured', 'failed']),
});

export type PaymentRow = z.infer<typeof paymentRow>;

/** The payment by the provider's id, locked until `tx` ends. */
export async function lockPayment(tx: Db, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return (await queryRows(tx, paymentRow, sql`select * from payments where provider_payment_id = ${providerPaymentId} for update`))[0];
}

export async function insertPayment(
  tx: Db,
  p: { providerPaymentId: string; orderId: string; bookingId: string; amountPaise: number; status: 'captured' | 'failed'; method: string | null; failureReason: string | null },
): Promise<PaymentRow> {
  const [row] = await queryRows(tx, paymentRow, sql`
    insert into payments (provider_payment_id, order_id, booking_id, amount_paise, status, method, failure_reason)
    values (${p.providerPaymentId}, ${p.orderId}, ${p.bookingId}, ${p.amountPaise}, ${p.status}, ${p.method}, ${p.failureReason})
    returning *
  `);
  return row!;
}

/** The payment by the provider's id, if it is recorded as captured. */
export async function selectCapturedPayment(db: Db, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return (await queryRows(db, paymentRow, sql`select * from payments where provider_payment_id = ${providerPaymentId} and status = 'captured'`))[0];
}

/** A payment reported failed that the provider captured after all (a late authorisation). */
export const markPaymentCaptured = (tx: Db, id: string) =>
  tx.execute(sql`update payments set status = 'captured', failure_reason = null, updated_at = now() where id = ${id}`);

/** The captured payment that paid for the booking (not one refunded as not bookable), if any. */
export async function selectStayPayment(tx: Db, bookingId: string): Promise<PaymentRow | undefined> {
  return (await queryRows(tx, paymentRow, sql`select sp.* ${stayPaymentsOf(sql`${bookingId}::uuid`)} order by sp.created_at, sp.id limit 1`))[0];
}
