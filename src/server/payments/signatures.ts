import { createHmac, timingSafeEqual } from 'node:crypto';

// Razorpay's two signatures (docs: "Verify payment signature", "Validate webhooks"), made and
// checked here for both providers, so the built-in test gateway proves the same checks:
//   checkout callback: HMAC-SHA256(key secret, `${order_id}|${payment_id}`), hex
//   webhook:           HMAC-SHA256(webhook secret, the raw request body), hex, X-Razorpay-Signature
// The SDK's own validators compare with ===, which leaks by timing how much of a guess is right;
// these compare in constant time, and a test holds them equal to the SDK's on every input.

const HEX_SHA256 = /^[0-9a-f]{64}$/;

export function hmacSha256Hex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Whether `given` is `expected` (both hex SHA-256), in time that does not depend on where they differ. */
function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** The signature Checkout hands the browser with a successful payment of an order. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export function isCheckoutSigned(callback: { orderId: string; paymentId: string; signature: unknown }, keySecret: string): boolean {
  return sameSignature(checkoutSignature(callback.orderId, callback.paymentId, keySecret), callback.signature);
}

/** The X-Razorpay-Signature of a webhook: over the body's exact bytes, never a re-serialised copy. */
export function webhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return hmacSha256Hex(webhookSecret, rawBody);
}

export function isWebhookSigned(rawBody: string | Buffer, signature: unknown, webhookSecret: string): boolean {
  return sameSignature(webhookSignature(rawBody, webhookSecret), signature);
}
