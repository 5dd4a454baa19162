import Razorpay from 'razorpay';
import { z } from 'zod';

// The payment provider as the app uses it: Razorpay's Orders, Payments, Refunds and Route APIs through
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
    /** The provider's own words for a refusal, fit to show to whom it concerns. */
    readonly description?: string,
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

/** Notes as Razorpay answers them: an object, or `[]` when there are none. */
const notesSchema = z.union([z.record(z.string(), z.string()), z.array(z.never()).transform((): Record<string, string> => ({}))]);

const linkedAccountSchema = z.object({ id: z.string().min(1), status: z.string() });

export const providerTransferSchema = z.object({
  id: z.string().min(1),
  /** created, pending, processed, failed, reversed or partially_reversed (older answers lack it). */
  status: z.string().optional(),
  source: z.string(),
  recipient: z.string(),
  amount: z.number().int(),
  amount_reversed: z.number().int(),
  currency: z.string(),
  on_hold: z.boolean(),
  on_hold_until: z.number().int().nullable(),
  notes: notesSchema,
  /** Why a transfer failed, when it did (its fields are null otherwise). */
  error: z.object({ description: z.string().nullable().optional() }).nullable().optional(),
});

const reversalSchema = z.object({ id: z.string().min(1), transfer_id: z.string(), amount: z.number().int() });

const collection = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export type ProviderOrder = z.infer<typeof orderSchema>;
export type ProviderPayment = z.infer<typeof providerPaymentSchema>;
export type ProviderRefund = z.infer<typeof providerRefundSchema>;
export type ProviderTransfer = z.infer<typeof providerTransferSchema>;

/** Where a linked account's transfers settle. */
export type SettlementAccount = { kind: 'bank'; accountNumber: string; ifsc: string } | { kind: 'upi'; vpa: string };

export type LinkedAccountInput = {
  /** Ours, at most 20 characters. */
  referenceId: string;
  email: string;
  /** +91 and ten digits. */
  phone: string;
  /** The holder's name, as on the settlement account. */
  name: string;
  pan: string | null;
  settlement: SettlementAccount;
};

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
  /** Route: a linked account with its settlement account, in one call (the composite API). */
  createLinkedAccount(input: LinkedAccountInput): Promise<{ id: string; status: string }>;
  /** Route: a transfer of part of a captured payment to a linked account, held until released. */
  transfer(paymentId: string, input: { account: string; amountPaise: number; onHoldUntil: Date | null; notes: Record<string, string> }): Promise<ProviderTransfer>;
  fetchPaymentTransfers(paymentId: string): Promise<ProviderTransfer[]>;
  /**
   * Route's Direct Transfers: from the merchant's balance to a linked account, settled as made (no
   * hold). The way to pay a linked account when no payment can be transferred from (decision 039).
   */
  directTransfer(input: { account: string; amountPaise: number; notes: Record<string, string> }): Promise<ProviderTransfer>;
  fetchTransfer(transferId: string): Promise<ProviderTransfer>;
  /** Transfers created since `from` (any source), `count` (at most 100) after `skip`, as Fetch Transfers lists them. */
  fetchTransfers(input: { from: Date; count: number; skip: number }): Promise<ProviderTransfer[]>;
  /** Ends a transfer's hold: it settles to the linked account. */
  releaseTransfer(transferId: string): Promise<ProviderTransfer>;
  reverseTransfer(transferId: string, amountPaise: number): Promise<{ id: string; amount: number }>;
};

type SdkError = { statusCode?: number; error?: { code?: string; description?: string } };

function providerError(err: unknown, what: string): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  const e = (err ?? {}) as SdkError;
  if (typeof e.statusCode === 'number') {
    const retryable = e.statusCode === 429 || e.statusCode >= 500;
    return new PaymentProviderError(`${what}: ${e.statusCode} ${e.error?.code ?? ''} ${e.error?.description ?? ''}`.trim(), e.statusCode, e.error?.code, retryable, e.error?.description);
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
    createLinkedAccount: (input) =>
      ask('create linked account', linkedAccountSchema, () => sdk.accounts.create(linkedAccountBody(input) as never)),
    transfer: async (paymentId, { account, amountPaise, onHoldUntil, notes }) => {
      const hold = onHoldUntil ? { on_hold: true, on_hold_until: Math.floor(onHoldUntil.getTime() / 1000) } : { on_hold: true };
      const made = await ask('transfer', collection(providerTransferSchema), () =>
        sdk.payments.transfer(paymentId, { transfers: [{ account, amount: amountPaise, currency: 'INR', notes, ...hold }] } as never),
      );
      if (made.items.length !== 1) throw new PaymentProviderError(`transfer: ${made.items.length} transfers in the answer, not 1`, 200, undefined, false);
      return made.items[0]!;
    },
    fetchPaymentTransfers: async (paymentId) =>
      (await ask('fetch transfers', collection(providerTransferSchema), () => sdk.payments.fetchTransfer(paymentId))).items,
    directTransfer: ({ account, amountPaise, notes }) =>
      ask('direct transfer', providerTransferSchema, () => sdk.transfers.create({ account, amount: amountPaise, currency: 'INR', notes })),
    fetchTransfer: (transferId) => ask('fetch transfer', providerTransferSchema, () => sdk.transfers.fetch(transferId)),
    fetchTransfers: async ({ from, count, skip }) =>
      (await ask('fetch transfers', collection(providerTransferSchema), () => sdk.transfers.all({ from: Math.floor(from.getTime() / 1000), count, skip }))).items,
    releaseTransfer: (transferId) => ask('release transfer', providerTransferSchema, () => sdk.transfers.edit(transferId, { on_hold: false } as never)),
    reverseTransfer: (transferId, amountPaise) => ask('reverse transfer', reversalSchema, () => sdk.transfers.reverse(transferId, { amount: amountPaise })),
  };
}

/**
 * The composite Create Linked Account body (POST /v2/accounts with settlement_accounts): the
 * account, its Route configuration and where it settles, made at once or not at all.
 */
function linkedAccountBody(input: LinkedAccountInput) {
  const settlement =
    input.settlement.kind === 'bank'
      ? { method: 'bank_account', bank_account: { account_number: input.settlement.accountNumber, beneficiary_name: input.name, code_type: 'ifsc', code: input.settlement.ifsc, currency: 'INR', is_default: true } }
      : { method: 'upi', upi: { vpa: input.settlement.vpa, beneficiary_name: input.name, currency: 'INR', is_default: true } };
  return {
    type: 'route',
    tnc_accepted: true,
    reference_id: input.referenceId,
    email: input.email,
    phone: input.phone,
    legal_business_name: input.name,
    contact_name: input.name,
    business_type: 'individual',
    ...(input.pan && { legal_info: { pan: input.pan } }),
    settlement_accounts: [settlement],
  };
}
