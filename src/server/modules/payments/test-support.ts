import type { TestContext } from '../../test/app';
import { api } from '../bookings/test-support';

// Paying for a stay in tests, as a guest does in test mode: Checkout's order, the test checkout
// page's success, Checkout's callback (payments.test.ts proves each step).

/** Pays for the guest's booking awaiting payment; throws unless it is confirmed. */
export async function payForStay(t: TestContext, guestCookie: string, bookingId: string): Promise<void> {
  const call = api(t);
  const order = await call('POST', `/api/bookings/${bookingId}/payment`, guestCookie);
  if (order.statusCode !== 200) throw new Error(`checkout: ${order.statusCode} ${order.body}`);
  const { test_checkout_url, key_id } = order.json();
  const paid = (await t.app.inject({ method: 'POST', url: test_checkout_url, payload: { key_id, method: 'upi', outcome: 'success' } })).json();
  const done = await call('POST', '/api/payments/checkout-callback', guestCookie, paid.callback);
  if (done.json().status !== 'confirmed') throw new Error(`callback: ${done.statusCode} ${done.body}`);
}
