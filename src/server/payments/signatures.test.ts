import fc from 'fast-check';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { describe, expect, it } from 'vitest';
import { checkoutSignature, isCheckoutSigned, isWebhookSigned, webhookSignature } from './signatures';

describe("Razorpay's signatures", () => {
  it('are the ones the official SDK checks, for any ids, body and secret', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.string(), (orderId, paymentId, secret, body) => {
        const signature = checkoutSignature(orderId, paymentId, secret);
        expect(validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, secret)).toBe(true);
        expect(isCheckoutSigned({ orderId, paymentId, signature }, secret)).toBe(true);
        const hook = webhookSignature(body, secret);
        expect(Razorpay.validateWebhookSignature(body, hook, secret)).toBe(true);
        expect(isWebhookSigned(body, hook, secret)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("refuse a signature of other ids, another body, another secret, or one that is not a signature", () => {
    const signature = checkoutSignature('order_A', 'pay_B', 'secret');
    expect(isCheckoutSigned({ orderId: 'order_A', paymentId: 'pay_C', signature }, 'secret')).toBe(false);
    expect(isCheckoutSigned({ orderId: 'order_X', paymentId: 'pay_B', signature }, 'secret')).toBe(false);
    expect(isCheckoutSigned({ orderId: 'order_A', paymentId: 'pay_B', signature }, 'other')).toBe(false);
    const body = '{"event":"payment.captured","payload":{}}';
    const hook = webhookSignature(body, 'whsec');
    expect(isWebhookSigned(`${body} `, hook, 'whsec')).toBe(false);
    expect(isWebhookSigned(body, hook, 'whsec2')).toBe(false);
    for (const bad of [undefined, null, '', 'abc', hook.toUpperCase(), `${hook}00`, hook.slice(2), 42, [hook]]) {
      expect(isWebhookSigned(body, bad, 'whsec'), String(bad)).toBe(false);
    }
  });

  it('sign the exact bytes: the same JSON written with other spacing does not pass', () => {
    const raw = Buffer.from('{"a":1,"b":"₹"}');
    const hook = webhookSignature(raw, 'whsec');
    expect(isWebhookSigned(raw, hook, 'whsec')).toBe(true);
    expect(isWebhookSigned(JSON.stringify(JSON.parse(raw.toString()), null, 1), hook, 'whsec')).toBe(false);
  });
});
