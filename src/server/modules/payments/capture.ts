import { bookingUpdateMail, hostStayMail } from '../../mail/bookings';
import type { ProviderPayment } from '../../payments/razorpay';
import type { PaymentDeps } from './deps';
import { todayInIndia } from '../../../domain/dates';
import { bookingGstPercent } from '../../../domain/money/pricing';
import { financialYearDays, settleStay, smallSellerTdsExempt } from '../../../domain/money/settlement';
import { OPERATOR_NAME } from '../../../domain/money/tax-invoice';
import { confirmPaid, tellGuest, tellHost } from '../bookings';
import { issueInvoice } from '../tax-documents';
import { paymentToReturn, stayPaid } from '../../../domain/money/ledger';
import { payoutReleaseAt } from '../../../domain/money/payout';
import {
  insertLedgerMovement,
  insertPayment,
  insertPayout,
  insertRefund,
  lockBooking,
  lockHostYearGross,
  lockPayment,
  markPaymentCaptured,
  type PayableBooking,
  selectHostGrossPaise,
  selectOrderByProviderId,
} from './queries';

// What a payment the provider reports does, whoever reports it (Checkout's callback, a webhook,
// the reconciliation job), in whatever order and however often: once. The booking row is locked
// first, so a payment, the stay's lapse and a cancellation take turns; the payment's provider id
// is unique, so a repeat finds it recorded and does nothing.

/**
 * A confirmed stay's money, where it goes (domain/settlement.ts) with the host's tax status of
 * today: into the ledger, the guest's GST invoice (a test document for the test gateway's money),
 * and the host's share held until its release (domain/money/payout.ts).
 */
async function settlePaidStay(tx: Parameters<typeof insertPayout>[0], booking: PayableBooking, paymentId: string, o: { operatorGstin: string | null; testMode: boolean }): Promise<void> {
  const paidOn = todayInIndia();
  const cost = { subtotal_paise: booking.price_subtotal_paise, taxes_paise: booking.taxes_paise, platform_fee_paise: booking.platform_fee_paise };
  // Section 194-O(4): whether the host's gross of this financial year, this stay included, leaves
  // them under the small sellers' threshold. Read and added to under the host's own lock, so that
  // their stays paid at once count one after the other (taken by every capture, whatever the
  // host's PAN: one whose PAN changes meanwhile still waits its turn).
  await lockHostYearGross(tx, booking.host_id);
  const yearGross = (await selectHostGrossPaise(tx, booking.host_id, financialYearDays(paidOn))) + cost.subtotal_paise;
  const host = { gstin: booking.host_gstin, pan: booking.host_pan, tdsExempt: smallSellerTdsExempt(booking.host_pan, yearGross, paidOn) };
  const settlement = settleStay(cost, host, paidOn);
  await insertLedgerMovement(tx, { bookingId: booking.id, lines: stayPaid(settlement), paymentId });
  await issueInvoice(tx, {
    bookingId: booking.id,
    issuedOn: paidOn,
    testMode: o.testMode,
    paid: settlement,
    parties: {
      host: { name: booking.host_name ?? `The host of ${booking.listing_title}`, gstin: host.gstin },
      operator: { name: OPERATOR_NAME, gstin: o.operatorGstin },
      guest: { name: booking.guest_name },
      home: { listing_title: booking.listing_title, city: booking.listing_city, state: booking.listing_state },
      stay: {
        start_date: booking.start_date,
        end_date: booking.end_date,
        nights: booking.nights,
        gst_rate_percent: bookingGstPercent(booking),
      },
    },
  });
  await insertPayout(tx, {
    bookingId: booking.id,
    hostId: booking.host_id,
    amountPaise: settlement.host_payable_paise,
    stayPaise: settlement.stay_paise,
    hostGstin: host.gstin,
    hostPan: host.pan,
    tdsExempt: host.tdsExempt,
    paidOn,
    releaseAt: payoutReleaseAt(booking.start_date),
  });
}

/** A report the app refuses: it changes nothing and is logged for an operator. */
export class PaymentRejected extends Error {}

export type PaymentOutcome = 'confirmed' | 'refunding' | 'failed' | 'repeat' | 'pending';

/**
 * Applies the provider's payment: a capture confirms a booking awaiting payment (ledger and
 * e-mails in the same transaction), or, for a booking no longer awaiting one (lapsed, cancelled,
 * already paid), queues its full refund; a failure is recorded. Refuses a payment of an order the
 * app did not make, or of another amount or currency.
 */
export async function applyProviderPayment(deps: Pick<PaymentDeps, 'db' | 'publicUrl' | 'log' | 'operatorGstin'>, payment: ProviderPayment): Promise<PaymentOutcome> {
  const order = payment.order_id ? await selectOrderByProviderId(deps.db, payment.order_id) : undefined;
  if (!order) throw new PaymentRejected(`payment ${payment.id} is for an unknown order (${payment.order_id ?? 'none'})`);
  if (payment.currency !== order.currency || payment.amount !== order.amount_paise) {
    throw new PaymentRejected(`payment ${payment.id} is for ${payment.amount} ${payment.currency}; order ${order.provider_order_id} is for ${order.amount_paise} ${order.currency}`);
  }
  // Money taken: captured, or captured and since refunded (by us). Razorpay also marks `refunded` a
  // payment it refunded itself without capturing it (a second payment of a paid order): not taken.
  const captured = payment.status === 'captured' || (payment.status === 'refunded' && payment.captured === true);
  if (payment.status === 'refunded' && !captured) return 'failed';
  if (!captured && payment.status !== 'failed') return 'pending'; // authorised: its capture follows

  return deps.db.transaction(async (tx): Promise<PaymentOutcome> => {
    const booking = (await lockBooking(tx, order.booking_id))!;
    const known = await lockPayment(tx, payment.id);
    if (!captured) {
      if (known) return 'repeat'; // failed twice, or failed after it was captured: nothing to do
      await insertPayment(tx, { providerPaymentId: payment.id, orderId: order.id, bookingId: booking.id, amountPaise: payment.amount, status: 'failed', method: payment.method ?? null, failureReason: payment.error_description ?? null });
      return 'failed';
    }
    if (known?.status === 'captured') return 'repeat';
    const row = known
      ? (await markPaymentCaptured(tx, known.id), known)
      : await insertPayment(tx, { providerPaymentId: payment.id, orderId: order.id, bookingId: booking.id, amountPaise: payment.amount, status: 'captured', method: payment.method ?? null, failureReason: null });

    if (booking.status !== 'awaiting_payment') {
      // Paid too late, or twice: the money goes back in full.
      const refund = await insertRefund(tx, { bookingId: booking.id, paymentId: row.id, amountPaise: payment.amount, reason: 'not_bookable' });
      await insertLedgerMovement(tx, { bookingId: booking.id, lines: paymentToReturn(payment.amount), paymentId: row.id, ...(refund && { refundId: refund.id }) });
      deps.log.warn({ bookingId: booking.id, paymentId: payment.id, status: booking.status }, 'payments: captured a payment for a booking no longer awaiting one; refunding it in full');
      return 'refunding';
    }
    await confirmPaid(tx, booking);
    // Test mode is where the money went, as the order recorded it (decision 040).
    const testMode = order.provider === 'test';
    await settlePaidStay(tx, booking, row.id, { operatorGstin: deps.operatorGstin ?? null, testMode });
    const stay = { listingTitle: booking.listing_title, startDate: booking.start_date, endDate: booking.end_date, publicUrl: deps.publicUrl, testMode };
    await tellGuest(tx, booking, 'confirmed', bookingUpdateMail({ ...stay, to: booking.guest_email, update: 'confirmed', totalPaise: booking.total_paise }), booking.total_paise);
    await tellHost(tx, booking, 'booking_confirmed', hostStayMail({ ...stay, to: booking.host_email, update: 'confirmed', guestName: booking.guest_name }));
    return 'confirmed';
  });
}
