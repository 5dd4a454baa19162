import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Pays for the guest's accepted stay through the API, as Checkout would in test mode (payments.spec.ts tests the screens). */
export async function payViaApi(guest: Page, bookingId: string): Promise<void> {
  const order = await (await guest.request.post(`/api/bookings/${bookingId}/payment`)).json();
  const paid = await (await guest.request.post(order.test_checkout_url, { data: { key_id: order.key_id, method: 'upi', outcome: 'success' } })).json();
  expect((await (await guest.request.post('/api/payments/checkout-callback', { data: paid.callback })).json()).status).toBe('confirmed');
}
