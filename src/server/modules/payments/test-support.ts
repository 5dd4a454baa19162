import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { settleStay } from '../../../domain/money/settlement';
import { webhookSignature } from '../../payments/signatures';
import { gatewayAccount } from '../../payments/test-gateway/queries';
import type { TestContext } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { toPaise } from '../../../domain/money/units';

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

const quiet = { warn() {}, error() {}, info() {} };

/**
 * What the payments' end-to-end tests share (payments.test.ts, refunds.test.ts): accepted stays of
 * new hosts and guests, the test checkout page's choice, and the payments', refunds' and ledger's
 * rows as the tests read them. Call it inside a describe, after useTestApp.
 */
export function paymentKit(t: TestContext) {
  const call = api(t);
  const deps = () => ({ db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000', log: quiet });
  const deliverWebhooks = () => t.app.payments.webhooks!.deliver(quiet);
  let n = 0;
  let webhookSecret: string;
  beforeAll(async () => {
    webhookSecret = (await gatewayAccount(t.database.db)).webhookSecret;
  });

  /** A new host's listing (with `policy`) and a new guest's request for days `from`..`to`, accepted. */
  async function acceptedStay(opts: { from?: number; to?: number; policy?: string; accept?: boolean } = {}) {
    n++;
    const host = await signIn(t, `p-host${n}@example.com`);
    const listing = await createListing(t, host, { cancellation_policy: opts.policy ?? 'moderate' });
    const guest = await signIn(t, `p-guest${n}@example.com`);
    await addPet(t, guest, { name: `Pet${n}`, size: 's' });
    const created = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(opts.from ?? 20), toDate: inDays(opts.to ?? 23), size: 'small' });
    if (created.statusCode !== 201) throw new Error(created.body);
    const booking = created.json() as { id: string; total_inr: number; price_subtotal_inr: number; taxes_inr: number; platform_fee_inr: number };
    if (opts.accept !== false) {
      const accepted = await call('POST', `/api/bookings/${booking.id}/accept`, host);
      if (accepted.statusCode !== 200) throw new Error(accepted.body);
    }
    return { host, guest, listing, booking, guestEmail: `p-guest${n}@example.com`, hostEmail: `p-host${n}@example.com` };
  }

  const checkout = (bookingId: string, cookie: string) => call('POST', `/api/bookings/${bookingId}/payment`, cookie);

  /** The payer's choice on the test checkout page; answers Checkout's callback or error. */
  async function pay(order: { test_checkout_url: string; key_id: string }, outcome: 'success' | 'failure' = 'success', method: 'upi' | 'card' = 'upi') {
    const res = await t.app.inject({ method: 'POST', url: order.test_checkout_url, payload: { key_id: order.key_id, method, outcome } });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const payments = (bookingId: string) =>
    rawRows<{ provider_payment_id: string; status: string; amount_paise: number }>(t.database.db, sql`select provider_payment_id, status, amount_paise from payments where booking_id = ${bookingId} order by created_at`);
  const refunds = (bookingId: string) =>
    rawRows<{ amount_paise: number; status: string; reason: string; provider_refund_id: string | null }>(t.database.db, sql`select amount_paise, status, reason, provider_refund_id from refunds where booking_id = ${bookingId} order by created_at`);
  /** The booking's ledger balances, by account, leaving out those at zero. */
  const ledger = async (bookingId: string) =>
    Object.fromEntries(
      (await rawRows<{ account: string; balance: number }>(t.database.db, sql`
        select account, sum(amount_paise)::int as balance from ledger_entries where booking_id = ${bookingId} group by account having sum(amount_paise) <> 0
      `)).map((r) => [r.account, r.balance]),
    );
  /** The settlement of a stay paid today by a host who gave no tax details (domain/settlement.ts). */
  const settled = (b: { price_subtotal_inr: number; taxes_inr: number; platform_fee_inr: number }, refundPercent = 0) =>
    settleStay({ subtotal_paise: toPaise(b.price_subtotal_inr), taxes_paise: toPaise(b.taxes_inr), platform_fee_paise: toPaise(b.platform_fee_inr) }, { gstin: null, pan: null }, inDays(0), refundPercent);
  /** The balances a settlement leaves: the guest's money held, and where it is owed. */
  const ledgerOf = (s: ReturnType<typeof settled>) =>
    Object.fromEntries(
      Object.entries({
        provider_cash: s.guest_paid_paise,
        host_payable: -s.host_payable_paise,
        platform_fees: -s.fee_paise,
        gst_on_fees: -s.fee_gst_paise,
        gst_on_stays: -s.operator_stay_gst_paise,
        tds_payable: -s.tds_paise,
      }).filter(([, v]) => v !== 0),
    );
  const ledgerMovements = async (bookingId: string) =>
    (await rawRows<{ n: number; total: number }>(t.database.db, sql`select count(distinct movement)::int as n, coalesce(sum(amount_paise), 0)::int as total from ledger_entries where booking_id = ${bookingId}`))[0]!;
  const status = async (bookingId: string) =>
    (await rawRows<{ status: string; holds: number; cancelled_by: string | null }>(t.database.db, sql`
      select status, cancelled_by, (select count(*) from calendar_holds h where h.booking_id = b.id)::int as holds from bookings b where id = ${bookingId}
    `))[0]!;
  /** The movements that paid a refund out: money leaving the provider's account, once per refund. */
  const refundPayouts = async (refundId: string) =>
    (await rawRows<{ n: number }>(t.database.db, sql`
      select count(distinct movement)::int as n from ledger_entries where refund_id = ${refundId} and account = 'provider_cash' and amount_paise < 0
    `))[0]!.n;

  /** Posts `raw` to the webhook route as the provider does: signed over its exact bytes, with the gateway's secret unless told. */
  const postWebhook = (raw: string, secret = webhookSecret) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhooks/razorpay', headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(raw, secret) }, payload: raw });
  /** The body of the gateway's latest undelivered `event` that names `about` (an order, a payment), as its sender would post it. */
  const queuedEvent = async (event: string, about: string) =>
    (await rawRows<{ body: string }>(t.database.db, sql`
      select body from test_gateway_webhooks where delivered_at is null and body like ${`%"event":"${event}"%`} and body like ${`%${about}%`} order by created_at desc limit 1
    `))[0]!.body;

  /** An accepted stay of days `from`..`from + 3` under `policy`, paid. */
  async function paidStay(opts: { from: number; policy: string }) {
    const stay = await acceptedStay({ from: opts.from, to: opts.from + 3, policy: opts.policy });
    await payForStay(t, stay.guest, stay.booking.id);
    return stay;
  }

  return { call, deps, deliverWebhooks, acceptedStay, checkout, pay, payments, refunds, ledger, settled, ledgerOf, ledgerMovements, status, refundPayouts, postWebhook, queuedEvent, paidStay };
}
