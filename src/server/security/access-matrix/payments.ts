import { expect } from 'vitest';
import { all, signedIn, guestOnly, both, type Matrix, type Row } from './matrix';

// The paid stay's invoice, and paying for a stay.
export function paymentRows({ w }: Matrix): Row[] {
  return [
    // The paid stay's GST invoice: its guest (the recipient) and its host (the supplier) only.
    { route: 'GET /api/tax-documents/{id}', owner: 'A+G', params: { id: w.invoiceId }, expect: both(200), check: (a, res) => (a === 'A' || a === 'G') && expect(res.headers?.['content-type']).toBe('application/pdf') },

    // Paying: Checkout's order is the guest's alone; a callback must carry the provider's
    // signature and a webhook Razorpay's, whoever sends them (payments.test.ts has the rest).
    { route: 'POST /api/bookings/{id}/payment', owner: 'G', params: { id: w.bookings.accepted }, expect: guestOnly(200), check: (a, res) => a === 'G' && expect(res.json().provider).toBe('test') },
    {
      route: 'POST /api/payments/checkout-callback',
      owner: 'self',
      body: () => ({ razorpay_payment_id: 'pay_Forged0000001', razorpay_order_id: 'order_Forged000001', razorpay_signature: '0'.repeat(64) }),
      expect: signedIn(400),
    },
    {
      route: 'POST /api/payments/webhooks/razorpay',
      owner: 'public',
      body: () => ({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_Forged0000001' } } } }),
      expect: all(400),
    },
  ];
}
