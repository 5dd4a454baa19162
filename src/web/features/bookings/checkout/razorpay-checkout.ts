import type { Checkout, CheckoutCallback } from '@/domain/contracts/payment';

// Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/):
// its script, loaded on the first Pay tap only, opens its own payment window on our order; the
// handler receives the signed answer that the server verifies.

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayInstance = { open(): void; on(event: 'payment.failed', handler: (answer: { error: { description: string } }) => void): void };
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let script: Promise<RazorpayConstructor> | undefined;

function loadScript(): Promise<RazorpayConstructor> {
  script ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const tag = document.createElement('script');
    tag.src = SCRIPT;
    tag.async = true;
    tag.onload = () => resolve((window as unknown as { Razorpay: RazorpayConstructor }).Razorpay);
    tag.onerror = () => {
      script = undefined; // a network blip: the next tap tries again
      tag.remove();
      reject(new Error('Razorpay Checkout could not be loaded'));
    };
    document.head.append(tag);
  });
  return script;
}

export type CheckoutEvents = {
  onPaid(callback: CheckoutCallback): void;
  onFailed(description: string): void;
  onClosed(): void;
};

/** Opens Razorpay's window for `order`. */
export async function openRazorpayCheckout(order: Checkout, events: CheckoutEvents): Promise<void> {
  const Razorpay = await loadScript();
  const checkout = new Razorpay({
    key: order.key_id,
    order_id: order.order_id,
    amount: order.amount_paise,
    currency: order.currency,
    name: order.name,
    description: order.description,
    prefill: order.prefill,
    theme: { color: '#c2410c' },
    handler: (answer: CheckoutCallback) => events.onPaid(answer),
    modal: { ondismiss: () => events.onClosed() },
  });
  checkout.on('payment.failed', (answer) => events.onFailed(answer.error.description));
  checkout.open();
}
