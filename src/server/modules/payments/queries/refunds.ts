import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { recoverySchema } from '../../../../domain/contracts/payout';
import { stayPaymentsOf } from './stay-payment';

// The payments' SQL (decision 024): refunds.

const REFUND_REASONS = ['guest_cancelled', 'host_cancelled', 'not_bookable', 'incident'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const refundRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  payment_id: z.string(),
  provider_payment_id: z.string(),
  amount_paise: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(['queued', 'pending', 'processed', 'failed']),
  provider_refund_id: z.string().nullable(),
  attempts: z.number().int(),
});

export type RefundRow = z.infer<typeof refundRow>;

const refundSelect = sql`select r.*, p.provider_payment_id from refunds r join payments p on p.id = r.payment_id`;

/** Queues a refund, unless this payment already has one for this reason; answers the new one. */
export async function insertRefund(tx: Db, r: { bookingId: string; paymentId: string; amountPaise: number; reason: RefundReason }): Promise<RefundRow | undefined> {
  const [created] = await queryRows(tx, z.object({ id: z.string() }), sql`
    insert into refunds (booking_id, payment_id, amount_paise, reason)
    values (${r.bookingId}, ${r.paymentId}, ${r.amountPaise}, ${r.reason})
    on conflict (payment_id, reason) do nothing
    returning id
  `);
  return created && (await queryRows(tx, refundRow, sql`${refundSelect} where r.id = ${created.id}`))[0];
}

/**
 * The next refund to send (queued) or to ask about (pending), due by `dueBy`, leased for
 * `leaseSeconds` so that no other process takes it meanwhile. One at a time: a lease must outlast
 * the provider calls made under it, whatever the provider's speed.
 */
export async function leaseDueRefund(db: Db, dueBy: Date, leaseSeconds: number): Promise<RefundRow | undefined> {
  const [row] = await queryRows(db, refundRow, sql`
    with due as (
      select id from refunds
      where status in ('queued', 'pending') and next_attempt_at <= ${dueBy.toISOString()}::timestamptz
      order by next_attempt_at
      limit 1
      for update skip locked
    ), leased as (
      update refunds r set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = r.attempts + 1
      from due where r.id = due.id
      returning r.*
    )
    select leased.*, p.provider_payment_id from leased join payments p on p.id = leased.payment_id
  `);
  return row;
}

/** The provider has the refund (pending at its bank): asked about again in `recheckMinutes`. */
export const markRefundSent = (db: Db, id: string, providerRefundId: string, recheckMinutes: number) =>
  db.execute(sql`
    update refunds set status = 'pending', provider_refund_id = ${providerRefundId}, last_error = null,
      next_attempt_at = now() + make_interval(mins => ${recheckMinutes}), updated_at = now()
    where id = ${id} and status in ('queued', 'pending')
  `);

/** Sending failed: tried again after `retrySeconds`, or given up (`failed`) for an operator. */
export const markRefundError = (db: Db, id: string, error: string, retrySeconds: number | null) =>
  db.execute(sql`
    update refunds set last_error = ${error.slice(0, 500)}, updated_at = now(),
      ${retrySeconds === null ? sql`status = 'failed'` : sql`next_attempt_at = now() + make_interval(secs => ${retrySeconds})`}
    where id = ${id} and status in ('queued', 'pending')
  `);

/**
 * The refund by its provider id or else by our id (the provider's receipt); `lock` holds it until
 * `tx` ends (take the booking's lock first: every path locks the booking, then what it owns).
 */
export async function findRefund(tx: Db, ref: { providerRefundId: string; receipt: string | null | undefined }, lock = false): Promise<RefundRow | undefined> {
  const byReceipt = ref.receipt && z.uuid().safeParse(ref.receipt).success ? sql` or r.id = ${ref.receipt}` : sql``;
  return (await queryRows(tx, refundRow, sql`${refundSelect} where r.provider_refund_id = ${ref.providerRefundId}${byReceipt}${lock ? sql` for update of r` : sql``}`))[0];
}

/** Processed by the provider: done. */
export const markRefundProcessed = (tx: Db, id: string, providerRefundId: string) =>
  tx.execute(sql`
    update refunds set status = 'processed', provider_refund_id = ${providerRefundId}, last_error = null, updated_at = now()
    where id = ${id}
  `);

const stayMoneyRow = z.object({
  paid_paise: z.number().int().nullable(),
  refunded_paise: z.number().int(),
  refunded_for_problem: z.boolean(),
  payout: z
    .object({
      status: z.enum(['held', 'paid', 'reversed']),
      amount_paise: z.number().int(),
      /** Of a paid payout, the host's share of a problem's refund since (decision 055): one per stay, as that refund is. */
      recovery: recoverySchema.nullable(),
    })
    .nullable(),
});
export type StayMoney = z.infer<typeof stayMoneyRow>;

/** What a stay's guest paid, what was refunded (and whether for a problem already), and its host's payout. */
export async function selectStayMoney(db: Db, bookingId: string): Promise<StayMoney> {
  const [row] = await queryRows(db, stayMoneyRow, sql`
    select (select sp.amount_paise ${stayPaymentsOf(sql`${bookingId}::uuid`)} order by sp.created_at, sp.id limit 1) as paid_paise,
      (select coalesce(sum(r.amount_paise), 0)::int from refunds r where r.booking_id = ${bookingId}) as refunded_paise,
      exists (select 1 from refunds r where r.booking_id = ${bookingId} and r.reason = 'incident') as refunded_for_problem,
      (select json_build_object('status', o.status, 'amount_paise', o.amount_paise, 'recovery', (
          select json_build_object('amount_paise', pr.amount_paise, 'status', pr.status) from payout_recoveries pr where pr.payout_id = o.id order by pr.created_at desc limit 1))
        from payouts o where o.booking_id = ${bookingId}) as payout
  `);
  return row!;
}
