import type { BookingStatus } from '../../../domain/bookings';
import type { Checkout, CheckoutCallback } from '../../../domain/contracts/payment';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { PaymentProviderError } from '../../payments/razorpay';
import { isCheckoutSigned } from '../../payments/signatures';
import { TEST_GATEWAY_PREFIX } from '../../payments/test-gateway/api';
import { applyProviderPayment, PaymentRejected } from './capture';
import type { PaymentDeps } from './deps';
import { insertOrder, selectCapturedPayment, selectGuestBooking, selectOrderByProviderId, selectOrderOfBooking } from './queries';

// The guest's side of paying: Checkout's order for the booking (one per booking, for the total
// frozen at acceptance, in paise from the server), and Checkout's signed answer.

export const PAYMENT_MESSAGES = {
  notPayable: {
    requested: 'The host has not accepted this request yet',
    confirmed: 'This stay is already paid',
    in_stay: 'This stay is already paid',
    lapsed: 'The time to pay for this stay is over',
  } as Partial<Record<BookingStatus, string>>,
  closed: 'This booking can no longer be paid',
  overdue: 'The time to pay for this stay is over',
  unverified: 'This payment could not be verified',
  providerDown: 'Payments are not available right now. Please try again in a few minutes.',
  confirming: 'We could not reach the payment provider to confirm your payment. It is safe, and your stay will be confirmed within a few minutes.',
} as const;

const providerDown = (message: string) => new HttpError(503, 'payments_unavailable', message);

/** Checkout's order for the guest's booking awaiting payment: made once, then the same one. */
export async function startCheckout(deps: PaymentDeps, guestId: string, bookingId: string, now = new Date()): Promise<Checkout> {
  const booking = await selectGuestBooking(deps.db, bookingId, guestId);
  if (!booking) throw notFound('Booking not found');
  if (booking.status !== 'awaiting_payment') throw conflict(PAYMENT_MESSAGES.notPayable[booking.status] ?? PAYMENT_MESSAGES.closed);
  if (new Date(booking.payment_due_at!).getTime() <= now.getTime()) throw conflict(PAYMENT_MESSAGES.overdue);
  const account = await deps.payments.account();
  const amountPaise = booking.total_paise;
  let order = await selectOrderOfBooking(deps.db, bookingId);
  if (!order) {
    try {
      const made = await account.gateway.createOrder({ amountPaise, receipt: bookingId, notes: { booking_id: bookingId } });
      order = await insertOrder(deps.db, { bookingId, provider: deps.payments.name, providerOrderId: made.id, amountPaise });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      deps.log.warn({ bookingId, err: err.message }, 'payments: could not create an order');
      throw providerDown(PAYMENT_MESSAGES.providerDown);
    }
  }
  return {
    provider: deps.payments.name,
    key_id: account.keyId,
    order_id: order.provider_order_id,
    amount_paise: order.amount_paise,
    currency: 'INR',
    name: 'PawStay',
    description: booking.listing_title,
    prefill: { name: booking.guest_name, email: booking.guest_email },
    test_checkout_url: deps.payments.name === 'test' ? `${TEST_GATEWAY_PREFIX}/checkout/${order.provider_order_id}` : null,
  };
}

/**
 * Checkout's answer from the guest's browser: checked by its signature, then the payment is asked
 * of the provider (the browser's word is not the amount) and applied as a webhook would be.
 */
export async function completeCheckout(deps: PaymentDeps, guestId: string, callback: CheckoutCallback): Promise<{ booking_id: string; status: BookingStatus }> {
  const account = await deps.payments.account();
  const signed = isCheckoutSigned({ orderId: callback.razorpay_order_id, paymentId: callback.razorpay_payment_id, signature: callback.razorpay_signature }, account.keySecret);
  const order = signed ? await selectOrderByProviderId(deps.db, callback.razorpay_order_id) : undefined;
  if (!order) {
    deps.log.warn({ orderId: callback.razorpay_order_id, signed }, 'payments: a checkout callback was refused');
    throw badRequest(PAYMENT_MESSAGES.unverified);
  }
  const booking = await selectGuestBooking(deps.db, order.booking_id, guestId);
  if (!booking) throw notFound('Booking not found');
  // A repeat of a callback already applied asks the provider nothing.
  if (!(await selectCapturedPayment(deps.db, callback.razorpay_payment_id))) {
    try {
      const payment = await account.gateway.fetchPayment(callback.razorpay_payment_id);
      if (payment.order_id !== order.provider_order_id) throw new PaymentRejected(`payment ${payment.id} is not of order ${order.provider_order_id}`);
      await applyProviderPayment(deps, payment);
    } catch (err) {
      const refused = err instanceof PaymentRejected || (err instanceof PaymentProviderError && !err.retryable);
      if (refused) {
        deps.log.warn({ orderId: order.provider_order_id, reason: err.message }, 'payments: a checkout callback was refused');
        throw badRequest(PAYMENT_MESSAGES.unverified);
      }
      if (err instanceof PaymentProviderError) throw providerDown(PAYMENT_MESSAGES.confirming); // the webhook or the job will apply it
      throw err;
    }
  }
  const after = (await selectGuestBooking(deps.db, order.booking_id, guestId))!;
  return { booking_id: after.id, status: after.status };
}
