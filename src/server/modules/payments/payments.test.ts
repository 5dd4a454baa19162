import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refundPaise } from '../../../domain/money/settlement';
import { settleStay } from '../../../domain/money/settlement';
import { runLifecycle } from '../../jobs/lifecycle';
import { webhookSignature } from '../../payments/signatures';
import { gatewayAccount, markRefundProcessed as gatewayProcessesRefund } from '../../payments/test-gateway/queries';
import { useTestApp } from '../../test/app';
import { checkLedger } from './ledger-check';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { reconcileOrders } from './jobs';
import { REFUND_POLICY, sendDueRefunds } from './refunds';
import { payForStay } from './test-support';

// Paying for a stay, end to end through the real app in test mode: the official SDK talks to the
// built-in test gateway, whose checkout page a payer uses and whose signed webhooks reach the
// app's webhook route, exactly as Razorpay's would (decision 025).

const quiet = { warn() {}, error() {}, info() {} };

describe('paying for an accepted stay', () => {
  const t = useTestApp();
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
    settleStay({ subtotal_inr: b.price_subtotal_inr, taxes_inr: b.taxes_inr, platform_fee_inr: b.platform_fee_inr }, { gstin: null, pan: null }, inDays(0), refundPercent);
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

  it('accepting holds the dates and asks the guest to pay within 24 hours', async () => {
    const { guest, booking, guestEmail } = await acceptedStay();
    expect(await status(booking.id)).toMatchObject({ status: 'awaiting_payment', holds: 1 });
    const [mine] = (await call('GET', '/api/bookings', guest)).json().results;
    expect(mine).toMatchObject({ status: 'awaiting_payment', can_pay: true, can_cancel: true, paid_at: null });
    const due = new Date(mine.payment_due_at).getTime();
    expect(Math.abs(due - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    const mail = t.mail.filter((m) => m.to === guestEmail).at(-1)!;
    expect(mail.subject).toMatch(/^\[Test mode\] Accepted: pay to confirm your stay at /);
    expect(mail.text).toMatch(/Pay ₹[\d,]+ by \d+ \w{3}, \d+:\d\d (am|pm) to confirm your stay/);
  });

  it('checkout is for exactly the server\'s total in paise, once per booking, and only for its guest', async () => {
    const { guest, host, booking } = await acceptedStay();
    const first = await checkout(booking.id, guest);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ provider: 'test', currency: 'INR', amount_paise: booking.total_inr * 100, key_id: expect.stringMatching(/^rzp_test_/) });
    expect((await checkout(booking.id, guest)).json().order_id).toBe(first.json().order_id);
    const stranger = await signIn(t, 'p-stranger@example.com');
    expect((await checkout(booking.id, stranger)).statusCode).toBe(404);
    expect((await checkout(booking.id, host)).statusCode).toBe(404);
    expect((await call('POST', `/api/bookings/${booking.id}/payment`)).statusCode).toBe(401);
    expect((await call('POST', '/api/bookings/not-a-uuid/payment', guest)).statusCode).toBe(400);
    // A request the host has not accepted cannot be paid.
    const pending = await acceptedStay({ accept: false });
    const early = await checkout(pending.booking.id, pending.guest);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('The host has not accepted this request yet');
  });

  it('a paid stay is confirmed once, whether the callback or the webhook comes first, or twice', async () => {
    for (const order of ['callback first', 'webhook first'] as const) {
      const { guest, booking, guestEmail, hostEmail } = await acceptedStay();
      const checkoutAnswer = (await checkout(booking.id, guest)).json();
      const paid = await pay(checkoutAnswer);
      expect(paid.paid).toBe(true);
      const sendCallback = () => call('POST', '/api/payments/checkout-callback', guest, paid.callback);
      if (order === 'webhook first') expect(await deliverWebhooks()).toMatchObject({ failed: 0 });
      const answer = await sendCallback();
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ booking_id: booking.id, status: 'confirmed' });
      if (order === 'callback first') expect(await deliverWebhooks()).toMatchObject({ failed: 0 });
      expect((await sendCallback()).json().status).toBe('confirmed');
      expect(await status(booking.id)).toMatchObject({ status: 'confirmed', holds: 1 });
      expect(await payments(booking.id)).toEqual([expect.objectContaining({ status: 'captured', amount_paise: booking.total_inr * 100 })]);
      expect(await ledger(booking.id)).toEqual(ledgerOf(settled(booking)));
      expect((await ledger(booking.id)).provider_cash).toBe(booking.total_inr * 100);
      expect(t.mail.filter((m) => m.to === guestEmail && m.subject.startsWith('[Test mode] Confirmed: '))).toHaveLength(1);
      expect(t.mail.filter((m) => m.to === hostEmail && m.subject.startsWith('[Test mode] Confirmed: '))).toHaveLength(1);
      const [mine] = (await call('GET', '/api/bookings', guest)).json().results;
      expect(mine).toMatchObject({ status: 'confirmed', can_pay: false, paid_at: expect.any(String) });
    }
  });

  it('a failed payment is recorded and the guest can try again', async () => {
    const { guest, booking } = await acceptedStay();
    const order = (await checkout(booking.id, guest)).json();
    const failed = await pay(order, 'failure', 'card');
    expect(failed).toMatchObject({ paid: false, error: { reason: 'payment_failed' } });
    await deliverWebhooks();
    expect(await payments(booking.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await status(booking.id)).toMatchObject({ status: 'awaiting_payment' });
    expect(await ledgerMovements(booking.id)).toEqual({ n: 0, total: 0 });
    const retry = (await checkout(booking.id, guest)).json();
    expect(retry.order_id).toBe(order.order_id);
    const paid = await pay(retry);
    expect((await call('POST', '/api/payments/checkout-callback', guest, paid.callback)).json().status).toBe('confirmed');
  });

  it('refuses a forged callback, a bad signature, an unknown order and a wrong amount, changing nothing', async () => {
    const { guest, booking } = await acceptedStay();
    const order = (await checkout(booking.id, guest)).json();
    const paid = await pay(order);
    const forged = await call('POST', '/api/payments/checkout-callback', guest, { ...paid.callback, razorpay_signature: 'a'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('This payment could not be verified');
    expect((await call('POST', '/api/payments/checkout-callback', guest, { ...paid.callback, razorpay_signature: 'nope' })).statusCode).toBe(400);
    // Someone else's session cannot complete the guest's checkout.
    expect((await call('POST', '/api/payments/checkout-callback', await signIn(t, 'p-other@example.com'), paid.callback)).statusCode).toBe(404);

    const payment = { id: 'pay_Forged0000001', entity: 'payment', order_id: order.order_id, amount: order.amount_paise, currency: 'INR', status: 'captured', method: 'upi', created_at: 1 };
    const webhook = (body: object, secret?: string) => postWebhook(JSON.stringify(body), secret);
    const event = (p: object) => ({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: p } } });
    const cases = [
      await webhook(event(payment), 'not-the-secret'),
      await webhook(event({ ...payment, order_id: 'order_Unknown0000001' })),
      await webhook(event({ ...payment, amount: order.amount_paise - 100 })),
      await webhook(event({ ...payment, currency: 'USD' })),
      await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/razorpay', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event(payment)) }),
      await webhook({ event: 'payment.captured', payload: 'nonsense' }),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(cases[2]!.json().error.message).toMatch(/^Webhook refused: payment pay_Forged0000001 is for \d+ INR; order order_\w+ is for \d+ INR$/);
    expect(await status(booking.id)).toMatchObject({ status: 'awaiting_payment' });
    expect(await payments(booking.id)).toEqual([]);
    // Logged for an operator: the signed events the app refused (the unsigned ones are warnings).
    const refused = t.serverErrors.filter((line) => line.includes('payments: webhook refused'));
    expect(refused.map((line) => JSON.parse(line).reason)).toEqual([
      'payment pay_Forged0000001 is for an unknown order (order_Unknown0000001)',
      expect.stringMatching(/^payment pay_Forged0000001 is for \d+ INR; order/),
      expect.stringMatching(/^payment pay_Forged0000001 is for \d+ USD; order/),
      expect.stringMatching(/^unexpected shape/),
    ]);
    expect(t.serverErrors.length).toBe(refused.length);
  });

  it('an unpaid stay lapses at its deadline and frees its dates; a payment that comes after is refunded in full', async () => {
    const { guest, booking, guestEmail, hostEmail } = await acceptedStay();
    const order = (await checkout(booking.id, guest)).json();
    const [mine] = (await call('GET', '/api/bookings', guest)).json().results;
    const due = new Date(mine.payment_due_at);
    await runLifecycle(t.database.db, { publicUrl: 'http://localhost:3000', testMode: true }, inDays(0), new Date(due.getTime() - 1000));
    expect(await status(booking.id)).toMatchObject({ status: 'awaiting_payment', holds: 1 });
    // Other tests' stays, accepted a moment earlier, are due by then too.
    expect((await runLifecycle(t.database.db, { publicUrl: 'http://localhost:3000', testMode: true }, inDays(0), due)).lapsed).toBeGreaterThanOrEqual(1);
    await t.deliverMail();
    expect(await status(booking.id)).toMatchObject({ status: 'lapsed', holds: 0 });
    expect(t.mail.filter((m) => m.to === guestEmail).at(-1)!.subject).toMatch(/^Not paid in time: /);
    expect(t.mail.filter((m) => m.to === hostEmail).at(-1)!.subject).toMatch(/^Not paid in time: /);
    expect((await checkout(booking.id, guest)).json().error.message).toBe('The time to pay for this stay is over');

    // The guest had Checkout open: the payment goes through after the lapse.
    const paid = await pay(order);
    expect((await call('POST', '/api/payments/checkout-callback', guest, paid.callback)).json().status).toBe('lapsed');
    await deliverWebhooks();
    expect(await refunds(booking.id)).toEqual([expect.objectContaining({ reason: 'not_bookable', status: 'queued', amount_paise: booking.total_inr * 100 })]);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    expect(await refunds(booking.id)).toEqual([expect.objectContaining({ status: 'pending', provider_refund_id: expect.stringMatching(/^rfnd_/) })]);
    await deliverWebhooks(); // refund.processed
    await t.deliverMail();
    expect(await refunds(booking.id)).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect(await ledger(booking.id)).toEqual({});
    expect(t.mail.filter((m) => m.to === guestEmail).at(-1)!.subject).toMatch(/^\[Test mode\] Refund processed: /);
    expect((await call('GET', '/api/bookings', guest)).json().results[0].refund).toEqual({ amount_paise: booking.total_inr * 100, status: 'refunded' });
  });

  it('a payment through the checkout left open after the guest cancelled the unpaid stay is refunded in full; the stay stays cancelled', async () => {
    const { guest, booking, guestEmail, hostEmail } = await acceptedStay();
    const order = (await checkout(booking.id, guest)).json();
    const cancelled = await call('POST', `/api/bookings/${booking.id}/cancel`, guest);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refund: null }); // nothing was paid yet
    expect(await status(booking.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'guest', holds: 0 });
    expect((await checkout(booking.id, guest)).json().error.message).toBe('This booking can no longer be paid');

    // Checkout was still open in another tab: the payment of the order made before goes through.
    const paid = await pay(order);
    expect((await call('POST', '/api/payments/checkout-callback', guest, paid.callback)).json()).toEqual({ booking_id: booking.id, status: 'cancelled' });
    expect(await deliverWebhooks()).toMatchObject({ failed: 0 }); // its payment.captured: a repeat
    expect(await payments(booking.id)).toEqual([expect.objectContaining({ status: 'captured', amount_paise: booking.total_inr * 100 })]);
    expect(await refunds(booking.id)).toEqual([expect.objectContaining({ reason: 'not_bookable', status: 'queued', amount_paise: booking.total_inr * 100 })]);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    await deliverWebhooks(); // refund.processed
    await t.deliverMail();
    expect(await refunds(booking.id)).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect(await ledger(booking.id)).toEqual({});
    expect(await status(booking.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'guest', holds: 0 });
    expect(t.mail.filter((m) => (m.to === guestEmail || m.to === hostEmail) && m.subject.startsWith('[Test mode] Confirmed: '))).toEqual([]);
    expect(t.mail.filter((m) => m.to === guestEmail).at(-1)!.subject).toMatch(/^\[Test mode\] Refund processed: /);
  });

  it('a declined or an expired request cannot be paid, and no order is made for it', async () => {
    const declined = await acceptedStay({ accept: false });
    expect((await call('POST', `/api/bookings/${declined.booking.id}/decline`, declined.host)).statusCode).toBe(200);
    const expired = await acceptedStay({ accept: false });
    // Unanswered for a day: the lifecycle job expires it.
    await t.database.db.execute(sql`update bookings set created_at = created_at - interval '25 hours' where id = ${expired.booking.id}`);
    await runLifecycle(t.database.db, { publicUrl: 'http://localhost:3000', testMode: true });
    for (const { guest, booking } of [declined, expired]) {
      const answer = await checkout(booking.id, guest);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe('This booking can no longer be paid');
    }
    expect((await status(declined.booking.id)).status).toBe('declined');
    expect((await status(expired.booking.id)).status).toBe('expired');
    // Neither here nor at the provider.
    const ids = [declined.booking.id, expired.booking.id];
    const orders = await rawRows<{ n: number }>(t.database.db, sql`
      select ((select count(*) from payment_orders where booking_id::text in ${ids}) + (select count(*) from test_gateway_orders where receipt in ${ids}))::int as n
    `);
    expect(orders).toEqual([{ n: 0 }]);
  });

  /** A stay `from` days ahead under `policy`, accepted and paid. */
  async function paidStay(opts: { from: number; policy: string }) {
    const stay = await acceptedStay({ from: opts.from, to: opts.from + 3, policy: opts.policy });
    await payForStay(t, stay.guest, stay.booking.id);
    return stay;
  }

  it('a guest who cancels a paid stay gets what the policy says at that moment, sent to the provider and tracked', async () => {
    const cases = [
      { policy: 'moderate', from: 10, percent: 100 },
      { policy: 'strict', from: 10, percent: 50 },
      { policy: 'flexible', from: 2, percent: 100 },
      { policy: 'moderate', from: 2, percent: 0 },
    ];
    for (const c of cases) {
      const { guest, booking, guestEmail } = await paidStay(c);
      const res = await call('POST', `/api/bookings/${booking.id}/cancel`, guest);
      expect(res.statusCode).toBe(200);
      const expected = refundPaise({ subtotal_inr: booking.price_subtotal_inr, taxes_inr: booking.taxes_inr }, c.percent);
      expect(await status(booking.id)).toMatchObject({ status: 'cancelled', cancelled_by: 'guest', holds: 0 });
      if (c.percent === 0) {
        expect(await refunds(booking.id)).toEqual([]);
        expect(res.json().refund).toBeNull();
        expect(t.mail.filter((m) => m.to === guestEmail).at(-1)!.text).toContain('no refund is due');
        continue;
      }
      expect(res.json().refund).toEqual({ amount_paise: expected, status: 'pending' });
      expect(await refunds(booking.id)).toEqual([expect.objectContaining({ reason: 'guest_cancelled', amount_paise: expected, status: 'queued' })]);
      await sendDueRefunds(deps());
      await deliverWebhooks();
      expect(await refunds(booking.id)).toEqual([expect.objectContaining({ status: 'processed' })]);
      // What was kept stays with the booking, settled as a stay of that value; the host's payout follows.
      expect(await ledger(booking.id)).toEqual(ledgerOf(settled(booking, c.percent)));
      const [payout] = await rawRows<{ amount_paise: number; status: string }>(t.database.db, sql`select amount_paise, status from payouts where booking_id = ${booking.id}`);
      expect(payout).toEqual({ amount_paise: settled(booking, c.percent).host_payable_paise, status: c.percent === 100 ? 'reversed' : 'held' });
    }
  });

  it('a host who cancels a paid stay refunds it in full, recorded against the host', async () => {
    const { host, guest, booking, guestEmail } = await paidStay({ from: 3, policy: 'strict' });
    const stranger = await signIn(t, 'p-stranger2@example.com');
    expect((await call('POST', `/api/host/bookings/${booking.id}/cancel`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/host/bookings/${booking.id}/cancel`, guest)).statusCode).toBe(404);
    const res = await call('POST', `/api/host/bookings/${booking.id}/cancel`, host);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelled_by: 'host', refund: { amount_paise: booking.total_inr * 100, status: 'pending' } });
    expect(t.mail.filter((m) => m.to === guestEmail).at(-1)!.subject).toMatch(/^\[Test mode\] The host cancelled your stay at /);
    expect((await call('POST', `/api/host/bookings/${booking.id}/cancel`, host)).statusCode).toBe(409);
  });

  it('50 confirmations of one payment at once, 40 callbacks and 10 posts of its webhook, confirm it once with one ledger movement', async () => {
    const { guest, booking, guestEmail, hostEmail } = await acceptedStay();
    const order = (await checkout(booking.id, guest)).json();
    const paid = await pay(order);
    // The gateway's own signed payment.captured, posted ten times at once: its sender leases an
    // event and posts it once, but Razorpay may repeat one at any moment, so the route itself must hold.
    const captured = await queuedEvent('payment.captured', order.order_id);
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => call('POST', '/api/payments/checkout-callback', guest, paid.callback)),
      ...Array.from({ length: 10 }, () => postWebhook(captured)),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.slice(0, 40).map((r) => r.json().status)).toEqual(Array(40).fill('confirmed'));
    expect(await status(booking.id)).toMatchObject({ status: 'confirmed', holds: 1 });
    expect(await payments(booking.id)).toEqual([expect.objectContaining({ provider_payment_id: paid.callback.razorpay_payment_id, status: 'captured' })]);
    expect(await ledgerMovements(booking.id)).toEqual({ n: 1, total: 0 });
    expect(await ledger(booking.id)).toEqual(ledgerOf(settled(booking)));
    expect(await refunds(booking.id)).toEqual([]);
    expect(t.mail.filter((m) => m.to === guestEmail && m.subject.startsWith('[Test mode] Confirmed: '))).toHaveLength(1);
    expect(t.mail.filter((m) => m.to === hostEmail && m.subject.startsWith('[Test mode] Confirmed: '))).toHaveLength(1);
  });

  it('a refund the provider made before a crash is found by its receipt, not made twice', async () => {
    const { guest, booking } = await paidStay({ from: 10, policy: 'moderate' });
    await call('POST', `/api/bookings/${booking.id}/cancel`, guest);
    const [refund] = await rawRows<{ id: string; provider_payment_id: string }>(t.database.db, sql`
      select r.id, p.provider_payment_id from refunds r join payments p on p.id = r.payment_id where r.booking_id = ${booking.id}
    `);
    // The job asked the provider, which refunded, and the process died before writing it down.
    const { gateway } = await t.app.payments.account();
    await gateway.refund(refund!.provider_payment_id, { amountPaise: booking.total_inr * 100, receipt: refund!.id, notes: {} });
    await sendDueRefunds(deps());
    expect(await gateway.fetchRefunds(refund!.provider_payment_id)).toHaveLength(1);
    expect(await refunds(booking.id)).toEqual([expect.objectContaining({ provider_refund_id: expect.stringMatching(/^rfnd_/) })]);
  });

  it('a refund.processed webhook sent ten times at once is applied once', async () => {
    const { guest, booking, guestEmail } = await paidStay({ from: 10, policy: 'moderate' });
    await deliverWebhooks(); // the payment's own webhook, out of the way
    await call('POST', `/api/bookings/${booking.id}/cancel`, guest);
    await sendDueRefunds(deps());
    const event = await queuedEvent('refund.processed', (await payments(booking.id))[0]!.provider_payment_id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    await t.deliverMail();
    expect(await refunds(booking.id)).toEqual([expect.objectContaining({ status: 'processed' })]);
    expect(await ledger(booking.id)).toEqual({});
    expect(t.mail.filter((m) => m.to === guestEmail && m.subject.startsWith('[Test mode] Refund processed: '))).toHaveLength(1);
  });

  it('a refund whose refund.processed webhook never comes is asked about after 15 minutes, and applied once', async () => {
    const { guest, booking, guestEmail } = await paidStay({ from: 10, policy: 'moderate' });
    await deliverWebhooks(); // the payment's own webhook, out of the way
    await call('POST', `/api/bookings/${booking.id}/cancel`, guest);
    await sendDueRefunds(deps());
    const pending = async () =>
      (await rawRows<{ id: string; status: string; provider_refund_id: string; recheck_minutes: number }>(t.database.db, sql`
        select id, status, provider_refund_id, extract(epoch from next_attempt_at - updated_at)::int / 60 as recheck_minutes from refunds where booking_id = ${booking.id}
      `))[0]!;
    const refund = await pending();
    expect(refund).toMatchObject({ status: 'pending', provider_refund_id: expect.stringMatching(/^rfnd_/), recheck_minutes: REFUND_POLICY.recheckMinutes });
    // The provider processes the refund (at Razorpay, whether or not its webhook reaches us; the
    // test gateway does it as it sends the webhook, so the test does that much) and the webhook is lost.
    await gatewayProcessesRefund(t.database.db, refund.provider_refund_id);
    await t.database.db.execute(sql`delete from test_gateway_webhooks where delivered_at is null and body like ${`%${refund.provider_refund_id}%`}`);

    await sendDueRefunds(deps()); // too soon: not asked about
    expect((await pending()).status).toBe('pending');
    expect(await refundPayouts(refund.id)).toBe(0);
    await t.database.db.execute(sql`update refunds set next_attempt_at = next_attempt_at - make_interval(mins => ${REFUND_POLICY.recheckMinutes}) where id = ${refund.id}`);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    await sendDueRefunds(deps()); // a later run finds nothing more to do
    await t.deliverMail();
    expect((await pending()).status).toBe('processed');
    expect(await refundPayouts(refund.id)).toBe(1);
    expect(await ledger(booking.id)).toEqual({});
    expect(t.mail.filter((m) => m.to === guestEmail && m.subject.startsWith('[Test mode] Refund processed: '))).toHaveLength(1);
  });

  it('takes a payment Razorpay refunded without capturing it as no payment', async () => {
    const { guest, booking } = await acceptedStay();
    const order = (await checkout(booking.id, guest)).json();
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.failed',
      payload: { payment: { entity: { id: 'pay_AutoRefunded01', entity: 'payment', order_id: order.order_id, amount: order.amount_paise, currency: 'INR', status: 'refunded', captured: false, method: 'upi', created_at: 1 } } },
    });
    const res = await postWebhook(raw);
    expect(res.statusCode).toBe(200);
    expect(await status(booking.id)).toMatchObject({ status: 'awaiting_payment' });
    expect(await ledgerMovements(booking.id)).toEqual({ n: 0, total: 0 });
  });

  it('reconciliation finds a payment whose callback and webhook never arrived', async () => {
    const { guest, booking } = await acceptedStay();
    const order = (await checkout(booking.id, guest)).json();
    await pay(order); // the browser closed; the webhook is lost
    await t.database.db.execute(sql`delete from test_gateway_webhooks`);
    expect(await reconcileOrders(deps())).toEqual({ reconciled: 0 }); // too recent to ask about
    await t.database.db.execute(sql`update payment_orders set created_at = now() - interval '16 minutes' where provider_order_id = ${order.order_id}`);
    expect(await reconcileOrders(deps())).toEqual({ reconciled: 1 });
    expect(await status(booking.id)).toMatchObject({ status: 'confirmed' });
  });

  it('leaves a ledger that balances and agrees with the payments, refunds and payouts of every stay above', async () => {
    const { problems, rows } = await checkLedger(t.database.db);
    expect(problems).toEqual([]);
    expect(rows).toBeGreaterThan(10);
  });
});
