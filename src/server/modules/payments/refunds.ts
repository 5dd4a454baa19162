import type { Db } from '../../db/client';
import { tellGuest } from '../bookings';
import { bookingUpdateMail } from '../../mail/bookings';
import { PaymentProviderError, type ProviderRefund } from '../../payments/razorpay';
import type { PaymentDeps } from './deps';
import { todayInIndia } from '../../../domain/dates';
import { refundPaise, settleStay } from '../../../domain/money/settlement';
import { issueCreditNote } from '../tax-documents';
import { refundPaid, stayRefunded } from '../../../domain/money/ledger';
import { takeBack } from './recoveries';
import {
  findRefund,
  insertLedgerMovement,
  insertRecovery,
  insertRefund,
  leaseDueRefund,
  lockBooking,
  lockPayoutOfBooking,
  updatePaidPayoutStay,
  updatePayoutAmount,
  markRefundError,
  markRefundProcessed,
  markRefundSent,
  type RefundReason,
  type RefundRow,
  selectStayPayment,
} from './queries';

// Refunds: decided in the transaction that cancels (or that meets a payment it cannot keep), with
// their ledger rows; then sent to the provider by a job (after taking back from the host's Route
// transfer what they are no longer owed), with our refund's id as the provider's
// receipt, so a retry after a crash finds the refund it already made instead of making another;
// then processed when the provider says so (webhook, or the job asking after 15 minutes).

export const REFUND_POLICY = {
  /** Longer than the two provider calls a refund may make under it (15 s each, razorpay.ts). */
  leaseSeconds: 120,
  /** Refunds one run may handle: the rest wait for the next run (a minute later). */
  perRun: 200,
  /** A pending refund is asked about again after this (the reconciliation of PRODUCT.md section 7). */
  recheckMinutes: 15,
  /** Waits after the 1st, 2nd ... failure to reach the provider; the last repeats. */
  retrySeconds: [30, 120, 600, 1800, 3600],
} as const;

type RefundCost = { price_subtotal_paise: number; taxes_paise: number; platform_fee_paise: number };

/**
 * Queues the refund of `percent`% of the booking's payment (that share of the stay and of its GST),
 * in `tx`, the cancellation's transaction, which holds the booking's lock. The ledger moves from
 * the stay's settlement to the one after the refund, a credit note is issued against the stay's
 * invoice, and the host's held payout follows it (reversed when nothing is left); of a payout
 * already paid, the host's share is due back from them (an operator's problem refund only,
 * decision 055). Nothing when the stay was never paid (undefined) or nothing is due (0). Answers
 * the amount.
 */
export async function queueRefund(tx: Db, r: { bookingId: string; reason: RefundReason; percent: number; cost: RefundCost }): Promise<number | undefined> {
  const payment = await selectStayPayment(tx, r.bookingId);
  if (!payment) return undefined;
  const cost = { subtotal_paise: r.cost.price_subtotal_paise, taxes_paise: r.cost.taxes_paise, platform_fee_paise: r.cost.platform_fee_paise };
  const amount = Math.min(refundPaise(cost, r.percent), payment.amount_paise);
  const payout = await lockPayoutOfBooking(tx, r.bookingId);
  // Only an operator's resolution of a problem takes back from a payout already paid (decision
  // 055): the host's share of such a refund is then due back from them.
  const fromPaidPayout = payout?.status === 'paid' && r.reason === 'incident';
  if (amount <= 0 || !payout || (payout.status !== 'held' && !fromPaidPayout)) return 0;
  const refund = await insertRefund(tx, { bookingId: r.bookingId, paymentId: payment.id, amountPaise: amount, reason: r.reason });
  if (!refund) return amount; // decided before: nothing moves twice
  // Settled as it was paid: the host's tax status of that day, and its section 194-O(4) decision.
  const host = { gstin: payout.host_gstin, pan: payout.host_pan, tdsExempt: payout.tds_exempt };
  const before = settleStay(cost, host, payout.paid_on);
  const after = settleStay(cost, host, payout.paid_on, r.percent);
  await insertLedgerMovement(tx, { bookingId: r.bookingId, lines: stayRefunded(before, after), paymentId: payment.id, refundId: refund.id });
  await issueCreditNote(tx, { bookingId: r.bookingId, refundId: refund.id, issuedOn: todayInIndia(), before, after });
  if (fromPaidPayout) {
    await updatePaidPayoutStay(tx, payout.id, after.stay_paise);
    // What the ledger's stayRefunded took off host_payable: the host's debt until it comes back.
    const back = before.host_payable_paise - after.host_payable_paise;
    if (back > 0) await insertRecovery(tx, { payoutId: payout.id, refundId: refund.id, amountPaise: back });
  } else {
    await updatePayoutAmount(tx, payout.id, after.host_payable_paise, after.stay_paise);
  }
  return amount;
}

/**
 * The provider processed a refund (its webhook, or its answer to the job): the refund is done, the
 * money leaves in the ledger, the guest is told. Once: a repeat finds it processed.
 */
export async function applyRefundProcessed(deps: Pick<PaymentDeps, 'db' | 'publicUrl' | 'payments'>, refund: Pick<ProviderRefund, 'id' | 'receipt'>): Promise<'processed' | 'repeat' | 'unknown'> {
  const ref = { providerRefundId: refund.id, receipt: refund.receipt };
  return deps.db.transaction(async (tx) => {
    // The booking's lock first, then the refund's: the order of every other path (decision 027).
    const found = await findRefund(tx, ref);
    if (!found) return 'unknown';
    const booking = (await lockBooking(tx, found.booking_id))!;
    const row = (await findRefund(tx, ref, true))!;
    if (row.status === 'processed') return 'repeat';
    await markRefundProcessed(tx, row.id, refund.id);
    await insertLedgerMovement(tx, { bookingId: row.booking_id, lines: refundPaid(row.amount_paise), paymentId: row.payment_id, refundId: row.id });
    const message = bookingUpdateMail({
      to: booking.guest_email,
      update: 'refunded',
      listingTitle: booking.listing_title,
      startDate: booking.start_date,
      endDate: booking.end_date,
      totalPaise: booking.total_paise,
      refundPaise: row.amount_paise,
      publicUrl: deps.publicUrl,
      testMode: deps.payments.name === 'test',
    });
    await tellGuest(tx, booking, 'refunded', message, row.amount_paise);
    return 'processed';
  });
}

const retryAfter = (attempts: number) => REFUND_POLICY.retrySeconds[Math.min(attempts, REFUND_POLICY.retrySeconds.length) - 1]!;

/** Sends one queued refund, or asks about one pending; the provider's answer moves it on. */
async function advance(deps: PaymentDeps, refund: RefundRow): Promise<void> {
  // What the host no longer gets comes back from their transfer before the guest's money goes.
  if (refund.status === 'queued') {
    // The host's share of a refund after their payout was paid (decision 055) comes back first
    // too; the provider's refusal leaves it owed, and the guest is refunded all the same.
    await takeBack(deps, refund.booking_id);
  }
  const { gateway } = await deps.payments.account();
  const made = await gateway.fetchRefunds(refund.provider_payment_id);
  let atProvider = made.find((r) => r.receipt === refund.id || r.id === refund.provider_refund_id);
  if (!atProvider && refund.status === 'queued') {
    atProvider = await gateway.refund(refund.provider_payment_id, { amountPaise: refund.amount_paise, receipt: refund.id, notes: { booking_id: refund.booking_id } });
  }
  if (!atProvider) {
    await markRefundError(deps.db, refund.id, 'the provider has no record of this refund', null);
    deps.log.error({ refundId: refund.id }, 'payments: a pending refund is unknown to the provider; an operator must look');
  } else if (atProvider.status === 'processed') {
    await applyRefundProcessed(deps, atProvider);
  } else if (atProvider.status === 'failed') {
    await markRefundError(deps.db, refund.id, 'the provider reports the refund failed', null);
    deps.log.error({ refundId: refund.id, providerRefundId: atProvider.id }, 'payments: refund failed at the provider; an operator must look');
  } else {
    await markRefundSent(deps.db, refund.id, atProvider.id, REFUND_POLICY.recheckMinutes);
  }
}

/**
 * Sends the refunds due when the run starts and asks about the long-pending ones; safe in several
 * processes at once. A refund that fails is due again only after its retry wait, so a provider
 * that is down ends the run instead of keeping it busy.
 */
export async function sendDueRefunds(deps: PaymentDeps): Promise<{ refunds: number; refundErrors: number }> {
  const started = new Date();
  let done = 0;
  let errors = 0;
  for (let i = 0; i < REFUND_POLICY.perRun; i++) {
    const refund = await leaseDueRefund(deps.db, started, REFUND_POLICY.leaseSeconds);
    if (!refund) break;
    try {
      await advance(deps, refund);
      done++;
    } catch (err) {
      errors++;
      const retryable = !(err instanceof PaymentProviderError) || err.retryable;
      const message = err instanceof Error ? err.message : String(err);
      await markRefundError(deps.db, refund.id, message, retryable ? retryAfter(refund.attempts) : null);
      deps.log[retryable ? 'warn' : 'error']({ refundId: refund.id, err: message }, retryable ? 'payments: refund not sent; will retry' : 'payments: the provider refused a refund; an operator must look');
    }
  }
  return { refunds: done, refundErrors: errors };
}
