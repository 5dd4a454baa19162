import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { markRefundProcessed as gatewayProcessesRefund } from '../../payments/test-gateway/queries';
import { useTestApp } from '../../test/app';
import { checkLedger } from './ledger-check';
import { rawRows } from '../../test/rows';
import { reconcileOrders } from './jobs';
import { REFUND_POLICY, sendDueRefunds } from './refunds';
import { paymentKit } from './test-support';

// Paying and refunding through the real app in test mode (as payments.test.ts) when the
// provider's messages come many times at once, after a crash, or never.

describe('paying and refunding when messages from the provider repeat, cross or go missing', () => {
  const t = useTestApp();
  const { call, deps, deliverWebhooks, acceptedStay, checkout, pay, payments, refunds, ledger, settled, ledgerOf, ledgerMovements, status, refundPayouts, postWebhook, queuedEvent, paidStay } = paymentKit(t);

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
