import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { PaymentProviderError, razorpayGateway, type PaymentGateway } from '../razorpay';
import { DIRECT_TRANSFER, LINKED_ACCOUNT, ORDER, PAYMENT, REFUND, REVERSAL, TRANSFER } from '../razorpay-samples';
import { isCheckoutSigned, isWebhookSigned } from '../signatures';
import { TEST_GATEWAY_PREFIX, testGatewayApi } from './api';
import { GatewayError, payOrder } from './gateway';
import { gatewayAccount, selectWebhooks } from './queries';
import { httpWebhooks } from './in-process';
import { deliverGatewayWebhooks } from './webhooks';

// The built-in test gateway (decision 025) driven through the app's real adapter, the official
// SDK: its answers carry every field of Razorpay's documented samples, with the same types, and
// it signs callbacks and webhooks as Razorpay does.

let database: Database;
let api: FastifyInstance;
let gateway: PaymentGateway;
let receiver: Server;
let receiverUrl: string;
/** What the webhook receiver got; it answers `receiverStatus`. */
const received: { body: string; signature: string | undefined; eventId: string | undefined }[] = [];
let receiverStatus = 200;
const quiet = { warn() {} };

beforeAll(async () => {
  database = await createTestDatabase();
  api = Fastify();
  await api.register(testGatewayApi(database.db), { prefix: TEST_GATEWAY_PREFIX });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const account = await gatewayAccount(database.db);
  gateway = razorpayGateway({ keyId: account.keyId, keySecret: account.keySecret, apiUrl: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}${TEST_GATEWAY_PREFIX}` });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ body, signature: req.headers['x-razorpay-signature'] as string, eventId: req.headers['x-razorpay-event-id'] as string });
      res.writeHead(receiverStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhooks/razorpay`;
});

afterAll(async () => {
  await api?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.close();
});

/** The keys of `sample` that `answer` lacks, or has with another JSON type. */
function shapeDifferences(sample: Record<string, unknown>, answer: Record<string, unknown>): string[] {
  // Razorpay writes empty notes as [] and others as an object: both are notes.
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? (v.length === 0 ? 'object' : 'array') : typeof v);
  return Object.keys(sample).filter((k) => !(k in answer) || (sample[k] !== null && answer[k] !== null && kind(sample[k]) !== kind(answer[k])));
}

const events = () => received.map((r) => JSON.parse(r.body) as { event: string; payload: Record<string, { entity: Record<string, unknown> }> });

describe('the test gateway, through the Razorpay adapter', () => {
  it('takes an order, a successful UPI payment, and a partial refund, answering in Razorpay shapes', async () => {
    const order = await gateway.createOrder({ amountPaise: 1312500, receipt: 'booking-1', notes: { booking_id: 'booking-1' } });
    expect(order).toMatchObject({ amount: 1312500, currency: 'INR', receipt: 'booking-1', status: 'created' });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);

    const { keySecret } = await gatewayAccount(database.db);
    const result = await payOrder(database.db, order.id, { method: 'upi', outcome: 'success' });
    if (!result.paid) throw new Error('expected a payment');
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = result.callback;
    expect(razorpay_order_id).toBe(order.id);
    expect(isCheckoutSigned({ orderId: razorpay_order_id, paymentId: razorpay_payment_id, signature: razorpay_signature }, keySecret)).toBe(true);

    const payment = await gateway.fetchPayment(razorpay_payment_id);
    expect(payment).toMatchObject({ id: razorpay_payment_id, order_id: order.id, amount: 1312500, currency: 'INR', status: 'captured', method: 'upi' });
    expect((await gateway.fetchOrderPayments(order.id)).map((p) => p.id)).toEqual([razorpay_payment_id]);

    const refund = await gateway.refund(razorpay_payment_id, { amountPaise: 656250, receipt: 'refund-1', notes: { reason: 'guest_cancelled' } });
    expect(refund).toMatchObject({ payment_id: razorpay_payment_id, amount: 656250, status: 'pending', receipt: 'refund-1' });
    expect((await gateway.fetchRefunds(razorpay_payment_id)).map((r) => r.receipt)).toEqual(['refund-1']);
    expect((await gateway.fetchPayment(razorpay_payment_id)).status).toBe('captured');

    // Every field of Razorpay's documented samples is there, with the same JSON type.
    const raw = async (path: string) => (await api.inject({ method: 'GET', url: `${TEST_GATEWAY_PREFIX}/v1${path}`, headers: { authorization: basic(await gatewayAccount(database.db)) } })).json();
    expect(shapeDifferences(ORDER, await raw(`/orders/${order.id}`))).toEqual([]);
    expect(shapeDifferences(PAYMENT, await raw(`/payments/${razorpay_payment_id}`))).toEqual(['card_id', 'bank', 'wallet', 'vpa', 'email', 'contact', 'fee', 'tax', 'acquirer_data']);
    expect(shapeDifferences(REFUND, (await raw(`/payments/${razorpay_payment_id}/refunds`)).items[0])).toEqual(['acquirer_data', 'batch_id', 'speed_processed']);
  });

  it('sends the webhooks each step owes, signed over the exact body, and processes a refund as it reports it', async () => {
    received.length = 0;
    expect(await deliverGatewayWebhooks(database.db, httpWebhooks(receiverUrl, 10_000), quiet)).toEqual({ delivered: 2, failed: 0 });
    const { webhookSecret } = await gatewayAccount(database.db);
    for (const r of received) expect(isWebhookSigned(r.body, r.signature, webhookSecret)).toBe(true);
    expect(events().map((e) => e.event)).toEqual(['payment.captured', 'refund.processed']);
    const [captured, processed] = events();
    expect(captured!.payload.payment!.entity).toMatchObject({ status: 'captured', amount: 1312500 });
    expect(processed!.payload.refund!.entity).toMatchObject({ status: 'processed', amount: 656250, receipt: 'refund-1' });
    expect(processed!.payload.payment!.entity).toMatchObject({ amount_refunded: 656250, refund_status: 'partial' });
    const paymentId = captured!.payload.payment!.entity.id as string;
    expect((await gateway.fetchRefunds(paymentId))[0]!.status).toBe('processed');
    // Nothing is sent twice once delivered.
    expect(await deliverGatewayWebhooks(database.db, httpWebhooks(receiverUrl, 10_000), quiet)).toEqual({ delivered: 0, failed: 0 });
  });

  it('answers a failed payment with Razorpay\'s error and a payment.failed webhook; the order then takes a retry', async () => {
    received.length = 0;
    const order = await gateway.createOrder({ amountPaise: 250000, receipt: 'booking-2', notes: {} });
    const failed = await payOrder(database.db, order.id, { method: 'card', outcome: 'failure' });
    expect(failed).toMatchObject({ paid: false, error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_failed', metadata: { order_id: order.id } } });
    const retried = await payOrder(database.db, order.id, { method: 'upi', outcome: 'success' });
    expect(retried.paid).toBe(true);
    const payments = await gateway.fetchOrderPayments(order.id);
    expect(payments.map((p) => p.status)).toEqual(['failed', 'captured']);
    // A paid order takes no other payment.
    await expect(payOrder(database.db, order.id, { method: 'upi', outcome: 'success' })).rejects.toBeInstanceOf(GatewayError);
    await deliverGatewayWebhooks(database.db, httpWebhooks(receiverUrl, 10_000), quiet);
    expect(events().map((e) => e.event)).toEqual(['payment.failed', 'payment.captured']);
  });

  it('takes one payment of an order paid from two tabs at once', async () => {
    const order = await gateway.createOrder({ amountPaise: 100000, receipt: 'booking-3', notes: {} });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => payOrder(database.db, order.id, { method: 'upi', outcome: 'success' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await gateway.fetchOrderPayments(order.id)).filter((p) => p.status === 'captured')).toHaveLength(1);
  });

  it('retries a webhook the app did not take, with the same event id, until it does', async () => {
    await deliverGatewayWebhooks(database.db, httpWebhooks(receiverUrl, 10_000), quiet);
    received.length = 0;
    const order = await gateway.createOrder({ amountPaise: 100000, receipt: 'booking-4', notes: {} });
    await payOrder(database.db, order.id, { method: 'card', outcome: 'success' });
    receiverStatus = 500;
    expect(await deliverGatewayWebhooks(database.db, httpWebhooks(receiverUrl, 10_000), quiet)).toEqual({ delivered: 0, failed: 1 });
    receiverStatus = 200;
    // Not due yet: the next try waits.
    expect(await deliverGatewayWebhooks(database.db, httpWebhooks(receiverUrl, 10_000), quiet)).toEqual({ delivered: 0, failed: 0 });
    await database.db.execute(sql`update test_gateway_webhooks set next_attempt_at = now() where delivered_at is null`);
    expect(await deliverGatewayWebhooks(database.db, httpWebhooks(receiverUrl, 10_000), quiet)).toEqual({ delivered: 1, failed: 0 });
    expect(received).toHaveLength(2);
    expect(received[0]!.eventId).toBe(received[1]!.eventId);
    expect(received[0]!.body).toBe(received[1]!.body);
    expect((await selectWebhooks(database.db)).every((w) => w.delivered_at !== null)).toBe(true);
  });

  it("refuses what Razorpay refuses, in its error shape: wrong keys, unknown ids, bad bodies, refunds beyond the payment", async () => {
    const wrongKeys = razorpayGateway({ keyId: 'rzp_test_nope', keySecret: 'nope', apiUrl: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}${TEST_GATEWAY_PREFIX}` });
    expect(await wrongKeys.fetchPayment('pay_x').catch((e: unknown) => e)).toMatchObject({ status: 401, code: 'BAD_REQUEST_ERROR', retryable: false });
    expect(await gateway.fetchPayment('pay_doesnotexist1').catch((e: unknown) => e)).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
    expect(await gateway.createOrder({ amountPaise: 99, receipt: 'r', notes: {} }).catch((e: unknown) => e)).toBeInstanceOf(PaymentProviderError);
    const order = await gateway.createOrder({ amountPaise: 10000, receipt: 'booking-5', notes: {} });
    const paid = await payOrder(database.db, order.id, { method: 'upi', outcome: 'success' });
    if (!paid.paid) throw new Error('expected a payment');
    const id = paid.callback.razorpay_payment_id;
    await gateway.refund(id, { amountPaise: 6000, receipt: 'a', notes: {} });
    const over = await gateway.refund(id, { amountPaise: 6000, receipt: 'b', notes: {} }).catch((e: unknown) => e);
    expect(over).toMatchObject({ status: 400 });
    expect((over as Error).message).toContain('greater than the refund payment amount');
    expect((await gateway.fetchRefunds(id)).map((r) => r.amount)).toEqual([6000]);
    const auth = { authorization: basic(await gatewayAccount(database.db)) };
    for (const payload of ['not json', { amount: 'lots', currency: 'INR' }, { amount: 1000, currency: 'USD' }, { amount: 1000, currency: 'INR', receipt: 'x'.repeat(41) }]) {
      const res = await api.inject({ method: 'POST', url: `${TEST_GATEWAY_PREFIX}/v1/orders`, headers: { ...auth, 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST_ERROR');
    }
  });
});

describe("the test gateway's Route, through the Razorpay adapter", () => {
  const holder = { email: 'host@example.com', phone: '+919876543210', name: 'Asha Patel', pan: null };
  async function paidPayment(amountPaise: number): Promise<string> {
    const order = await gateway.createOrder({ amountPaise, receipt: `route-${amountPaise}`, notes: {} });
    const paid = await payOrder(database.db, order.id, { method: 'upi', outcome: 'success' });
    if (!paid.paid) throw new Error('expected a payment');
    return paid.callback.razorpay_payment_id;
  }

  it('links an account, transfers part of a payment on hold, releases the hold and reverses part, in Razorpay shapes', async () => {
    const account = await gateway.createLinkedAccount({ ...holder, referenceId: 'ref-1', settlement: { kind: 'upi', vpa: 'asha@okaxis' } });
    expect(account).toEqual({ id: expect.stringMatching(/^acc_[A-Za-z0-9]{14}$/), status: 'created' });
    const paymentId = await paidPayment(1312500);
    const until = new Date(Date.now() + 86_400_000);
    const transfer = await gateway.transfer(paymentId, { account: account.id, amountPaise: 1183750, onHoldUntil: until, notes: { payout_id: 'p1' } });
    expect(transfer).toMatchObject({ id: expect.stringMatching(/^trf_/), source: paymentId, recipient: account.id, amount: 1183750, amount_reversed: 0, on_hold: true, on_hold_until: Math.floor(until.getTime() / 1000), notes: { payout_id: 'p1' } });
    expect(await gateway.fetchPaymentTransfers(paymentId)).toEqual([transfer]);

    const raw = async (method: 'GET' | 'POST', path: string, body?: object) =>
      (await api.inject({ method, url: `${TEST_GATEWAY_PREFIX}${path}`, headers: { authorization: basic(await gatewayAccount(database.db)), 'content-type': 'application/json' }, payload: JSON.stringify(body ?? {}) })).json();
    expect(shapeDifferences(TRANSFER, await raw('GET', `/v1/transfers/${transfer.id}`))).toEqual([]);
    expect(shapeDifferences(LINKED_ACCOUNT, await raw('POST', '/v2/accounts', { type: 'route', tnc_accepted: true, reference_id: 'ref-2', email: holder.email, phone: holder.phone, legal_business_name: holder.name, business_type: 'individual', settlement_accounts: [{ method: 'upi', upi: { vpa: 'asha@okaxis', beneficiary_name: holder.name, currency: 'INR' } }] }))).toEqual([]);

    expect(await gateway.releaseTransfer(transfer.id)).toMatchObject({ id: transfer.id, on_hold: false });
    const reversal = await gateway.reverseTransfer(transfer.id, 591875);
    expect(reversal).toEqual({ id: expect.stringMatching(/^rvrsl_/), transfer_id: transfer.id, amount: 591875 });
    expect(shapeDifferences(REVERSAL, await raw('POST', `/v1/transfers/${transfer.id}/reversals`, { amount: 100 }))).toEqual([]);
    expect((await gateway.fetchPaymentTransfers(paymentId))[0]).toMatchObject({ amount_reversed: 591975 });
    expect((await raw('GET', `/v1/transfers/${transfer.id}`)).status).toBe('partially_reversed');
  });

  it('ends a hold by itself at on_hold_until, as Route does', async () => {
    const account = await gateway.createLinkedAccount({ ...holder, referenceId: 'ref-3', settlement: { kind: 'bank', accountNumber: '123456789012', ifsc: 'HDFC0001234' } });
    const paymentId = await paidPayment(50000);
    const transfer = await gateway.transfer(paymentId, { account: account.id, amountPaise: 40000, onHoldUntil: new Date(Date.now() + 1500), notes: {} });
    expect(transfer.on_hold).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await gateway.fetchPaymentTransfers(paymentId))[0]).toMatchObject({ on_hold: false });
  });

  it('refuses what Route refuses: bad account details, more than the payment, a refunded payment, a past hold, an unknown account, over-reversal', async () => {
    const refusal = (p: Promise<unknown>) => p.then(() => 'accepted', (e: unknown) => (e instanceof PaymentProviderError ? `${e.status} ${e.description}` : String(e)));
    expect(await refusal(gateway.createLinkedAccount({ ...holder, name: 'Ram', referenceId: 'ref-4', settlement: { kind: 'upi', vpa: 'ram@okaxis' } }))).toBe('400 The legal business name must be at least 4 characters.');
    expect(await refusal(gateway.createLinkedAccount({ ...holder, referenceId: 'ref-5', settlement: { kind: 'upi', vpa: 'no vpa' } }))).toMatch(/^400 The VPA address format is invalid/);
    expect(await refusal(gateway.createLinkedAccount({ ...holder, referenceId: 'x'.repeat(21), settlement: { kind: 'upi', vpa: 'asha@okaxis' } }))).toBe('400 The reference id may not be greater than 20 characters.');
    const account = await gateway.createLinkedAccount({ ...holder, referenceId: 'ref-6', settlement: { kind: 'upi', vpa: 'asha@okaxis' } });
    const paymentId = await paidPayment(100000);
    const to = (amountPaise: number, onHoldUntil: Date | null = null, acc = account.id) => gateway.transfer(paymentId, { account: acc, amountPaise, onHoldUntil, notes: {} });
    expect(await refusal(to(100001))).toBe('400 The sum of amount requested for transfer is greater than the captured amount');
    expect(await refusal(to(1000, new Date(Date.now() - 1000)))).toBe('400 on_hold_until should be a timestamp in the future');
    expect(await refusal(to(1000, null, 'acc_doesnotexist01'))).toBe('400 The account acc_doesnotexist01 does not exist');
    const t = await to(60000);
    expect(await refusal(to(40001))).toBe('400 The sum of amount requested for transfer is greater than the captured amount');
    expect(await refusal(gateway.reverseTransfer(t.id, 60001))).toBe('400 The reversal amount is greater than the amount left in the transfer');
    await gateway.refund(paymentId, { amountPaise: 100, receipt: 'route-r', notes: {} });
    expect(await refusal(to(1000))).toBe('400 Transfer cannot be initiated on a refunded payment');
    expect(await gateway.fetchPaymentTransfers(paymentId)).toHaveLength(1);
  });

  it("refuses a settlement account's name as Route does, by the app's own rules: 4 to 120 characters, with letters", async () => {
    const raw = async (beneficiary: string, legal = 'Asha Patel') =>
      (
        await api.inject({
          method: 'POST',
          url: `${TEST_GATEWAY_PREFIX}/v2/accounts`,
          headers: { authorization: basic(await gatewayAccount(database.db)), 'content-type': 'application/json' },
          payload: JSON.stringify({ type: 'route', tnc_accepted: true, reference_id: 'ref-names', email: holder.email, phone: holder.phone, legal_business_name: legal, business_type: 'individual', settlement_accounts: [{ method: 'upi', upi: { vpa: 'asha@okaxis', beneficiary_name: beneficiary, currency: 'INR' } }] }),
        })
      ).json();
    expect((await raw('Ram')).error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'The beneficiary name must be at least 4 characters.', field: 'settlement_accounts.0.upi.beneficiary_name' });
    expect((await raw('R'.repeat(121))).error.description).toBe('The beneficiary name may not be greater than 120 characters.');
    expect((await raw('1234')).error.description).toBe('The beneficiary name must contain letters.');
    expect((await raw('   ')).error.description).toBe('The beneficiary name field is required.');
    expect((await raw('Ram Kumar', 'Ram')).error.description).toBe('The legal business name must be at least 4 characters.');
    expect(await raw('  Ram   Kumar ')).toMatchObject({ entity: 'linked_account', id: expect.stringMatching(/^acc_/) });
  });

  it('pays a linked account directly from the balance, lists transfers since a time, and refuses what Route refuses', async () => {
    const refusal = (p: Promise<unknown>) => p.then(() => 'accepted', (e: unknown) => (e instanceof PaymentProviderError ? `${e.status} ${e.description}` : String(e)));
    const account = await gateway.createLinkedAccount({ ...holder, referenceId: 'ref-direct', settlement: { kind: 'upi', vpa: 'asha@okaxis' } });
    const since = new Date(Date.now() - 1000);
    // A payment refunded in part, as the stay of a host who linked an account only afterwards.
    const paymentId = await paidPayment(200000);
    await gateway.refund(paymentId, { amountPaise: 100000, receipt: 'direct-r', notes: {} });
    expect(await refusal(gateway.transfer(paymentId, { account: account.id, amountPaise: 50000, onHoldUntil: null, notes: {} }))).toBe('400 Transfer cannot be initiated on a refunded payment');

    const direct = await gateway.directTransfer({ account: account.id, amountPaise: 50000, notes: { payout_id: 'p-direct' } });
    expect(direct).toMatchObject({ id: expect.stringMatching(/^trf_/), status: 'processed', source: 'acc_pawstaytest', recipient: account.id, amount: 50000, amount_reversed: 0, on_hold: false, on_hold_until: null, notes: { payout_id: 'p-direct' } });
    const raw = async (method: 'GET' | 'POST', path: string, body?: object) =>
      api.inject({ method, url: `${TEST_GATEWAY_PREFIX}${path}`, headers: { authorization: basic(await gatewayAccount(database.db)), 'content-type': 'application/json' }, ...(body && { payload: JSON.stringify(body) }) });
    expect(shapeDifferences(DIRECT_TRANSFER, (await raw('GET', `/v1/transfers/${direct.id}`)).json())).toEqual([]);
    expect(await gateway.fetchTransfer(direct.id)).toEqual(direct);
    // Not among the payment's transfers: a direct transfer has no payment.
    expect(await gateway.fetchPaymentTransfers(paymentId)).toEqual([]);
    // Fetch Transfers: every source, newest first, from a time on, by pages.
    const later = await gateway.directTransfer({ account: account.id, amountPaise: 100, notes: {} });
    expect((await gateway.fetchTransfers({ from: since, count: 100, skip: 0 })).map((t) => t.id).slice(0, 2)).toEqual([later.id, direct.id]);
    expect((await gateway.fetchTransfers({ from: since, count: 1, skip: 1 })).map((t) => t.id)).toEqual([direct.id]);
    expect(await gateway.fetchTransfers({ from: new Date(Date.now() + 60_000), count: 100, skip: 0 })).toEqual([]);
    expect((await raw('GET', '/v1/transfers?count=101')).json().error.description).toBe('The count may not be greater than 100.');
    // It can be taken back, as any transfer.
    await gateway.reverseTransfer(direct.id, 20000);
    expect(await gateway.fetchTransfer(direct.id)).toMatchObject({ amount_reversed: 20000, status: 'partially_reversed' });

    expect(await refusal(gateway.directTransfer({ account: 'acc_doesnotexist02', amountPaise: 1000, notes: {} }))).toBe('400 The account acc_doesnotexist02 does not exist');
    expect(await refusal(gateway.directTransfer({ account: account.id, amountPaise: 99, notes: {} }))).toBe('400 The amount must be atleast INR 1.00');
    // More than the balance holds (every captured payment here, less refunds and transfers).
    expect(await refusal(gateway.directTransfer({ account: account.id, amountPaise: 100_000_000_000, notes: {} }))).toBe('400 Transfer failed due to insufficient balance');
    // Direct Transfers take no hold: Route documents none, and refuses a field it does not take.
    const held = await raw('POST', '/v1/transfers', { account: account.id, amount: 1000, currency: 'INR', on_hold: true });
    expect(held.statusCode).toBe(400);
    expect(held.json().error.description).toBe('on_hold is/are not required and should not be sent');
  });
});

describe('the test gateway, fed anything', () => {
  it('answers every body and id with a 2xx or a 4xx in Razorpay\'s error shape, never a 5xx', async () => {
    const auth = { authorization: basic(await gatewayAccount(database.db)), 'content-type': 'application/json' };
    const order = await gateway.createOrder({ amountPaise: 100000, receipt: 'fuzz', notes: {} });
    const paid = await payOrder(database.db, order.id, { method: 'upi', outcome: 'success' });
    if (!paid.paid) throw new Error('expected a payment');
    const paths = ['/v1/orders', `/v1/payments/${paid.callback.razorpay_payment_id}/refund`, `/v1/payments/${paid.callback.razorpay_payment_id}/transfers`, '/v2/accounts', '/v1/transfers', '/v1/transfers/trf_fuzz/reversals'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue(), fc.string(), async (path, body, id) => {
        const res = await api.inject({ method: 'POST', url: `${TEST_GATEWAY_PREFIX}${path}`, headers: auth, payload: JSON.stringify(body) });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error.code).toBe('BAD_REQUEST_ERROR');
        const read = await api.inject({ method: 'GET', url: `${TEST_GATEWAY_PREFIX}/v1/payments/${encodeURIComponent(id)}`, headers: auth });
        expect(read.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

function basic(account: { keyId: string; keySecret: string }): string {
  return `Basic ${Buffer.from(`${account.keyId}:${account.keySecret}`).toString('base64')}`;
}
