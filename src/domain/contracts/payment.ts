import { z } from 'zod';
import type { Contract } from './endpoint';
import { idParams } from './params';
import { BOOKING_STATUSES } from '../bookings';

// Paying for an accepted stay (PRODUCT.md section 7): the guest asks for Checkout's order, the
// browser hands back Checkout's signed answer, and the provider's webhooks tell the server the
// rest. Amounts are whole paise from the server; nothing the browser says sets one.

/** What Checkout is opened with: the server's order for the booking's total. */
export const checkoutSchema = z.object({
  provider: z.enum(['razorpay', 'test']),
  key_id: z.string().describe("Checkout's public key"),
  order_id: z.string(),
  amount_paise: z.number().int(),
  currency: z.literal('INR'),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string() }),
  test_checkout_url: z.string().nullable().describe('Test mode: where the test checkout page sends the payer\'s choice; null with Razorpay'),
});

const providerId = (what: string) =>
  z
    .string({ error: `${what} is missing` })
    .regex(/^[A-Za-z0-9_]{1,64}$/, `${what} is not valid`);

/** Checkout's handler argument, as Razorpay documents it. */
export const checkoutCallbackSchema = z.object({
  razorpay_payment_id: providerId('The payment id'),
  razorpay_order_id: providerId('The order id'),
  razorpay_signature: z.string({ error: 'The signature is missing' }).regex(/^[0-9a-f]{64}$/, 'The signature is not valid'),
});

/** A webhook: the raw JSON text, whose signature covers it byte for byte. */
export const webhookBodySchema = z.string().max(256 * 1024).describe('The event, exactly as Razorpay sent it (X-Razorpay-Signature covers these bytes)');

/** Where the booking stands once the payment is applied: confirmed, or still awaiting it. */
export const paymentResultSchema = z.object({ booking_id: z.uuid(), status: z.enum(BOOKING_STATUSES) });

export type Checkout = z.infer<typeof checkoutSchema>;
export type CheckoutCallback = z.infer<typeof checkoutCallbackSchema>;

/** Where Razorpay (or the test gateway) sends webhooks. */
export const RAZORPAY_WEBHOOK_PATH = '/api/payments/webhooks/razorpay';

export const paymentEndpoints = {
  'POST /api/bookings/:id/payment': { params: idParams, response: checkoutSchema },
  'POST /api/payments/checkout-callback': { body: checkoutCallbackSchema, response: paymentResultSchema },
  'POST /api/payments/webhooks/razorpay': { body: webhookBodySchema, response: z.object({ ok: z.literal(true) }) },
} as const satisfies Contract;
