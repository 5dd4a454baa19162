import type { Db } from '../../db/client';
import { checkoutSignature } from '../signatures';
import { razorpayStyleId } from './ids';
import {
  gatewayAccount,
  insertLinkedAccount,
  insertOrder,
  insertPayment,
  insertRefund,
  insertTransfer,
  insertWebhook,
  type LinkedAccountRow,
  lockBalance,
  lockOrder,
  lockPayment,
  lockTransfer,
  type OrderRow,
  type PaymentRow,
  recordAttempt,
  type RefundRow,
  selectLinkedAccount,
  selectPaymentTransfers,
  selectBalance,
  type TransferRow,
  updateTransfer,
} from './queries';

// What the test gateway does (decision 025): orders, payments made on its checkout page, refunds,
// and the webhooks each one owes; Route's linked accounts and transfers (decision 030); in
// Razorpay's shapes. Everything a Razorpay integration reads is
// here; what it does not (fees, acquirer data, customer details) is left out.

/** Razorpay's error answer; `status` is the HTTP status it comes with. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(description);
  }

  get body() {
    return { error: { code: this.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description: this.description, source: 'business', step: null, reason: null, metadata: {}, ...this.extra } };
  }
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
/** Notes as Razorpay writes them: an object, or `[]` when there are none (as its samples show). */
function notesOf(notes: string): Record<string, string> | [] {
  const parsed = JSON.parse(notes) as Record<string, string>;
  return Object.keys(parsed).length === 0 ? [] : parsed;
}

export function orderEntity(o: OrderRow) {
  const paid = o.status === 'paid' ? o.amount : 0;
  return {
    id: o.id,
    entity: 'order',
    amount: o.amount,
    amount_paid: paid,
    amount_due: o.amount - paid,
    currency: o.currency,
    receipt: o.receipt,
    offer_id: null,
    status: o.status,
    attempts: o.attempts,
    notes: notesOf(o.notes),
    created_at: seconds(o.createdAt),
  };
}

export function paymentEntity(p: PaymentRow) {
  const failed = p.status === 'failed';
  return {
    id: p.id,
    entity: 'payment',
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    order_id: p.orderId,
    invoice_id: null,
    international: false,
    method: p.method,
    amount_refunded: p.amountRefunded,
    refund_status: p.amountRefunded === 0 ? null : p.amountRefunded === p.amount ? 'full' : 'partial',
    captured: !failed,
    description: 'Test mode payment',
    notes: [],
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: p.errorDescription,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'payment_failed' : null,
    created_at: seconds(p.createdAt),
  };
}

export function refundEntity(r: RefundRow, status: RefundRow['status'] = r.status) {
  return {
    id: r.id,
    entity: 'refund',
    amount: r.amount,
    receipt: r.receipt,
    currency: r.currency,
    payment_id: r.paymentId,
    notes: notesOf(r.notes),
    status,
    speed_requested: 'normal',
    created_at: seconds(r.createdAt),
  };
}

/** The gateway's one merchant: the account its events come from and its direct transfers leave. */
const MERCHANT_ACCOUNT = 'acc_pawstaytest';

/** A webhook event as Razorpay sends it: `payload.<entity>.entity` for each entity it contains. */
async function queueEvent(tx: Db, event: string, entities: Record<string, object>): Promise<void> {
  const payload = Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }]));
  const body = JSON.stringify({ entity: 'event', account_id: MERCHANT_ACCOUNT, event, contains: Object.keys(entities), payload, created_at: seconds(new Date()) });
  await insertWebhook(tx, { eventId: razorpayStyleId('evt'), body });
}

export async function createOrder(db: Db, input: { amount: number; currency: string; receipt?: string | undefined; notes?: Record<string, string> | undefined }) {
  const row = await insertOrder(db, { amount: input.amount, currency: input.currency, receipt: input.receipt ?? null, notes: JSON.stringify(input.notes ?? {}) });
  return orderEntity(row);
}

export type CheckoutChoice = { method: 'upi' | 'card'; outcome: 'success' | 'failure' };

/** What Checkout hands the page: the signed callback of a success, or the failure's error. */
export type CheckoutResult =
  | { paid: true; callback: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } }
  | { paid: false; error: { code: string; description: string; source: string; step: string; reason: string; metadata: { payment_id: string; order_id: string } } };

/**
 * The payer's choice on the checkout page: a captured payment (auto-capture, as the app's orders
 * ask) or a failed one, and its webhook. A paid order takes no other payment.
 */
export async function payOrder(db: Db, orderId: string, choice: CheckoutChoice): Promise<CheckoutResult> {
  const account = await gatewayAccount(db);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new GatewayError(400, 'The id provided does not exist');
    if (order.status === 'paid') throw new GatewayError(400, 'This order has already been paid');
    const ok = choice.outcome === 'success';
    const payment = await insertPayment(tx, {
      orderId,
      amount: order.amount,
      currency: order.currency,
      status: ok ? 'captured' : 'failed',
      method: choice.method,
      errorDescription: ok ? null : `Payment failed: the ${choice.method === 'upi' ? 'UPI app' : 'bank'} declined it (test mode)`,
    });
    await recordAttempt(tx, orderId, ok);
    await queueEvent(tx, ok ? 'payment.captured' : 'payment.failed', { payment: paymentEntity(payment) });
    if (ok) {
      return {
        paid: true,
        callback: { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: checkoutSignature(orderId, payment.id, account.keySecret) },
      };
    }
    return {
      paid: false,
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: payment.errorDescription!,
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { payment_id: payment.id, order_id: orderId },
      },
    };
  });
}

/** A refund of a captured payment, pending until its refund.processed webhook goes out. */
export async function refundPayment(db: Db, paymentId: string, input: { amount?: number | undefined; receipt?: string | undefined; notes?: Record<string, string> | undefined }) {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new GatewayError(400, 'The id provided does not exist');
    if (payment.status === 'failed') throw new GatewayError(400, 'The payment has not been captured, so it cannot be refunded');
    const amount = input.amount ?? payment.amount - payment.amountRefunded;
    if (amount <= 0 || payment.amountRefunded + amount > payment.amount) {
      throw new GatewayError(400, 'The total refund amount is greater than the refund payment amount');
    }
    const refund = await insertRefund(tx, payment, { amount, receipt: input.receipt ?? null, notes: JSON.stringify(input.notes ?? {}) });
    const refunded = payment.amountRefunded + amount;
    const paymentAfter = { ...payment, amountRefunded: refunded, status: refunded === payment.amount ? ('refunded' as const) : payment.status };
    await queueEvent(tx, 'refund.processed', { refund: refundEntity(refund, 'processed'), payment: paymentEntity(paymentAfter) });
    return refundEntity(refund);
  });
}

export type SettlementAccountBody =
  | { method: 'bank_account'; bank_account: { account_number: string; beneficiary_name: string; code_type: 'ifsc'; code: string; currency: 'INR'; is_default?: boolean | undefined } }
  | { method: 'upi'; upi: { vpa: string; beneficiary_name: string; currency: 'INR'; is_default?: boolean | undefined } };

export function linkedAccountEntity(a: LinkedAccountRow) {
  return {
    id: a.id,
    entity: 'linked_account',
    type: 'route',
    reference_id: a.referenceId,
    status: 'created',
    email: a.email,
    phone: a.phone,
    legal_business_name: a.legalBusinessName,
    business_type: 'individual',
    settlement_accounts: [JSON.parse(a.settlement) as SettlementAccountBody],
    created_at: seconds(a.createdAt),
  };
}

/** A hold ends when released, or by itself at `on_hold_until`, as Route's does. */
const heldAt = (t: TransferRow, now: Date) => t.onHold && (t.onHoldUntil === null || now < t.onHoldUntil);

export function transferEntity(t: TransferRow, now = new Date()) {
  const held = heldAt(t, now);
  return {
    id: t.id,
    entity: 'transfer',
    status: t.amountReversed === 0 ? 'processed' : t.amountReversed === t.amount ? 'reversed' : 'partially_reversed',
    settlement_status: held ? 'on_hold' : 'settled',
    // A direct transfer's source is the merchant's own account.
    source: t.paymentId ?? MERCHANT_ACCOUNT,
    recipient: t.recipient,
    amount: t.amount,
    currency: 'INR',
    amount_reversed: t.amountReversed,
    fees: 0,
    tax: 0,
    notes: notesOf(t.notes),
    linked_account_notes: [],
    on_hold: held,
    on_hold_until: t.onHoldUntil ? seconds(t.onHoldUntil) : null,
    recipient_settlement_id: null,
    created_at: seconds(t.createdAt),
    processed_at: seconds(t.createdAt),
    // The gateway's transfers never fail once made: Route's refusals are its 4xx answers.
    error: { code: null, description: null, reason: null, field: null, step: null, id: t.id, source: null, metadata: null },
  };
}

export async function createLinkedAccount(
  db: Db,
  input: { reference_id: string; email: string; phone: string; legal_business_name: string; settlement_accounts: [SettlementAccountBody] },
) {
  const row = await insertLinkedAccount(db, {
    referenceId: input.reference_id,
    email: input.email,
    phone: input.phone,
    legalBusinessName: input.legal_business_name,
    settlement: JSON.stringify(input.settlement_accounts[0]),
  });
  return linkedAccountEntity(row);
}

export type TransferBody = { account: string; amount: number; currency: 'INR'; notes?: Record<string, string> | undefined; on_hold?: boolean | undefined; on_hold_until?: number | undefined };

/**
 * Transfers from a captured payment, as Route makes them: to existing linked accounts, never more
 * than the payment, never from a payment already (partly) refunded; the hold's end in the future.
 */
export async function transferFromPayment(db: Db, paymentId: string, transfers: TransferBody[], now = new Date()) {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new GatewayError(400, 'The id provided does not exist');
    if (payment.status !== 'captured') throw new GatewayError(400, 'Transfer can only be initiated on a captured payment');
    if (payment.amountRefunded > 0) throw new GatewayError(400, 'Transfer cannot be initiated on a refunded payment');
    const before = (await selectPaymentTransfers(tx, paymentId)).reduce((sum, t) => sum + t.amount, 0);
    if (before + transfers.reduce((sum, t) => sum + t.amount, 0) > payment.amount) {
      throw new GatewayError(400, 'The sum of amount requested for transfer is greater than the captured amount', { field: 'amount' });
    }
    const made: TransferRow[] = [];
    for (const t of transfers) {
      if (!(await selectLinkedAccount(tx, t.account))) throw new GatewayError(400, `The account ${t.account} does not exist`, { field: 'account' });
      const until = t.on_hold_until === undefined ? null : new Date(t.on_hold_until * 1000);
      if (until && until <= now) throw new GatewayError(400, 'on_hold_until should be a timestamp in the future', { field: 'on_hold_until' });
      made.push(await insertTransfer(tx, { paymentId, recipient: t.account, amount: t.amount, notes: JSON.stringify(t.notes ?? {}), onHold: Boolean(t.on_hold), onHoldUntil: until }));
    }
    return { entity: 'collection', count: made.length, items: made.map((t) => transferEntity(t, now)) };
  });
}

export type DirectTransferBody = { account: string; amount: number; currency: 'INR'; notes?: Record<string, string> | undefined };

/**
 * A direct transfer from the merchant's balance to a linked account (Route's Direct Transfers),
 * settled at once: refused, as Route refuses it, when the balance (what payments brought in, less
 * refunds and transfers not reversed) is short.
 */
export async function directTransfer(db: Db, body: DirectTransferBody, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockBalance(tx);
    if (!(await selectLinkedAccount(tx, body.account))) throw new GatewayError(400, `The account ${body.account} does not exist`, { field: 'account' });
    if ((await selectBalance(tx)) < body.amount) throw new GatewayError(400, 'Transfer failed due to insufficient balance', { field: 'amount', reason: 'insufficient_balance' });
    const made = await insertTransfer(tx, { paymentId: null, recipient: body.account, amount: body.amount, notes: JSON.stringify(body.notes ?? {}), onHold: false, onHoldUntil: null });
    return transferEntity(made, now);
  });
}

/** Puts a transfer's settlement on hold, or releases it; a settled transfer stays settled. */
export async function editTransfer(db: Db, id: string, input: { on_hold: boolean; on_hold_until?: number | undefined }, now = new Date()) {
  return db.transaction(async (tx) => {
    const transfer = await lockTransfer(tx, id);
    if (!transfer) throw new GatewayError(400, 'The id provided does not exist');
    if (!heldAt(transfer, now) && input.on_hold) throw new GatewayError(400, 'The transfer has already been settled');
    const until = input.on_hold && input.on_hold_until !== undefined ? new Date(input.on_hold_until * 1000) : null;
    return transferEntity(await updateTransfer(tx, id, { onHold: input.on_hold, onHoldUntil: until }), now);
  });
}

/** Takes back part or all of a transfer (the whole remainder by default). */
export async function reverseTransfer(db: Db, id: string, input: { amount?: number | undefined }) {
  return db.transaction(async (tx) => {
    const transfer = await lockTransfer(tx, id);
    if (!transfer) throw new GatewayError(400, 'The id provided does not exist');
    const amount = input.amount ?? transfer.amount - transfer.amountReversed;
    if (amount <= 0 || transfer.amountReversed + amount > transfer.amount) {
      throw new GatewayError(400, 'The reversal amount is greater than the amount left in the transfer', { field: 'amount' });
    }
    await updateTransfer(tx, id, { amountReversed: transfer.amountReversed + amount });
    return {
      id: razorpayStyleId('rvrsl'),
      entity: 'reversal',
      transfer_id: id,
      amount,
      fee: 0,
      tax: 0,
      currency: 'INR',
      notes: [],
      // The merchant who reversed it: the gateway's one account (its events say acc_pawstaytest).
      initiator_id: 'pawstaytest',
      customer_refund_id: null,
      created_at: seconds(new Date()),
    };
  });
}
