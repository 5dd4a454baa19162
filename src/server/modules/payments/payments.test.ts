import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refundPaise } from '../../../domain/money/settlement';
import { runLifecycle } from '../../jobs/lifecycle';
import { useTestApp } from '../../test/app';
import { checkLedger } from './ledger-check';
import { signIn } from '../../test/auth';
import { rawRows } from '../../test/rows';
import { inDays } from '../bookings/test-support';
import { sendDueRefunds } from './refunds';
import { paymentKit } from './test-support';
import { toPaise } from '../../../domain/money/units';

// Paying for a stay, end to end through the real app in test mode: the official SDK talks to the
// built-in test gateway, whose checkout page a payer uses and whose signed webhooks reach the
// app's webhook route, exactly as Razorpay's would (decision 025). Repeats, crashes and lost
// messages: payments-repeats.test.ts.

describe('paying for an accepted stay', () => {
  const t = useTestApp();
  const { call, deps, deliverWebhooks, acceptedStay, checkout, pay, payments, refunds, ledger, settled, ledgerOf, ledgerMovements, status, postWebhook, paidStay } = paymentKit(t);

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
      const expected = refundPaise({ subtotal_paise: toPaise(booking.price_subtotal_inr), taxes_paise: toPaise(booking.taxes_inr) }, c.percent);
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


  it('leaves a ledger that balances and agrees with the payments, refunds and payouts of every stay above', async () => {
    const { problems, rows } = await checkLedger(t.database.db);
    expect(problems).toEqual([]);
    expect(rows).toBeGreaterThan(10);
  });
});
