import Razorpay from 'razorpay';
import { z } from 'zod';

// The payment provider as the app uses it: Razorpay's Orders, Payments and Refunds APIs through
// its official Node SDK (docs/decisions/025). The same adapter talks to api.razorpay.com, or to
// the test gateway built into the app, whose API answers as Razorpay's does; only the URL and the
// keys differ. Every answer is parsed: a field the app relies on that is missing or of another
// type is a provider error, not a wrong amount further on.

/** Razorpay's answer when a call fails: `{ error: { code, description, … } }` with a 4xx or 5xx. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the provider answered. */
    readonly status: number | undefined,
    /** Razorpay's error code, e.g. BAD_REQUEST_ERROR. */
    readonly code: string | undefined,
    /** Worth trying again later: no answer, a timeout, a 429 or a 5xx. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

const orderSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable(),
  status: z.enum(['created', 'attempted', 'paid']),
});

export const providerPaymentSchema = z.object({
  id: z.string().min(1),
  order_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  /** Whether the money was taken: a payment Razorpay refunded without capturing it is `refunded` too. */
  captured: z.boolean().optional(),
  method: z.string().nullable().optional(),
  error_description: z.string().nullable().optional(),
  created_at: z.number().int(),
});

export const providerRefundSchema = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
  receipt: z.string().nullable().optional(),
});

const collection = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export type ProviderOrder = z.infer<typeof orderSchema>;
export type ProviderPayment = z.infer<typeof providerPaymentSchema>;
export type ProviderRefund = z.infer<typeof providerRefundSchema>;

/** What the app asks of a payment provider. Amounts are whole paise; the currency is INR. */
export type PaymentGateway = {
  /** The public key Checkout is opened with. */
  keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /** A refund; `receipt` (our refund's id) lets a retry find a refund already made (fetchRefunds). */
  refund(paymentId: string, input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderRefund>;
  fetchRefunds(paymentId: string): Promise<ProviderRefund[]>;
};

type SdkError = { statusCode?: number; error?: { code?: string; description?: string } };

function providerError(err: unknown, what: string): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  const e = (err ?? {}) as SdkError;
  if (typeof e.statusCode === 'number') {
    const retryable = e.statusCode === 429 || e.statusCode >= 500;
    return new PaymentProviderError(`${what}: ${e.statusCode} ${e.error?.code ?? ''} ${e.error?.description ?? ''}`.trim(), e.statusCode, e.error?.code, retryable);
  }
  // No answer: refused, reset, timed out. The SDK cannot normalise these (it reads err.response).
  const reason = err instanceof Error ? err.message : String(err);
  return new PaymentProviderError(`${what}: no answer from the payment provider (${reason})`, undefined, undefined, true);
}

async function ask<T extends z.ZodType>(what: string, schema: T, call: () => Promise<unknown>): Promise<z.infer<T>> {
  let answer: unknown;
  try {
    answer = await call();
  } catch (err) {
    throw providerError(err, what);
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new PaymentProviderError(`${what}: unexpected answer (${z.prettifyError(parsed.error)})`, 200, undefined, false);
  return parsed.data;
}

export type RazorpayOptions = {
  keyId: string;
  keySecret: string;
  /** Razorpay's API by default; the test gateway's (or a test's server) otherwise. */
  apiUrl?: string;
  /** The SDK sets no timeout: a provider that hangs would hold a guest's request for ever. */
  timeoutMs?: number;
  /**
   * How the SDK's requests travel (an axios adapter): over HTTP by default; test mode hands them
   * to the app's own test gateway in process (test-gateway/in-process.ts).
   */
  adapter?: (config: never) => Promise<unknown>;
};

/** The gateway over the official SDK. */
export function razorpayGateway({ keyId, keySecret, apiUrl, timeoutMs = 15_000, adapter }: RazorpayOptions): PaymentGateway {
  const sdk = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK fixes its host and has no timeout option; both live on its axios instance.
  const http = (sdk.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number; adapter?: unknown } } }).rq.defaults;
  if (apiUrl) http.baseURL = apiUrl.replace(/\/$/, '');
  http.timeout = timeoutMs;
  if (adapter) http.adapter = adapter;
  return {
    keyId,
    createOrder: ({ amountPaise, receipt, notes }) =>
      ask('create order', orderSchema, () => sdk.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes })),
    fetchPayment: (paymentId) => ask('fetch payment', providerPaymentSchema, () => sdk.payments.fetch(paymentId)),
    fetchOrderPayments: async (orderId) =>
      (await ask('fetch order payments', collection(providerPaymentSchema), () => sdk.orders.fetchPayments(orderId))).items,
    refund: (paymentId, { amountPaise, receipt, notes }) =>
      ask('refund', providerRefundSchema, () => sdk.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', receipt, notes })),
    fetchRefunds: async (paymentId) =>
      (await ask('fetch refunds', collection(providerRefundSchema), () => sdk.payments.fetchMultipleRefund(paymentId, { count: 100 }))).items,
  };
}
