import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError, razorpayGateway } from './razorpay';
import { LINKED_ACCOUNT, ORDER, PAYMENT, REFUND, REVERSAL, TRANSFER } from './razorpay-samples';

// A contract test of the adapter over the official SDK, against a local server that answers as
// Razorpay's published API reference does (Orders, Payments, Refunds, Route: the documented sample
// answers of razorpay-samples.ts). It proves what the adapter
// sends (paths, Basic auth with the key pair, JSON bodies in paise) and how it reads answers and
// errors, without the internet.

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisisasecret';

type Seen = { method: string; url: string; auth: string | undefined; contentType: string | undefined; body: unknown };
type Answer = { status: number; body: unknown } | 'hang' | 'close';

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let answer: (req: Seen) => Answer;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });
}

/** Razorpay's documented answers, by route. */
function documented(req: Seen): Answer {
  const route = `${req.method} ${req.url.split('?')[0]}`;
  if (route === 'POST /v1/orders') return { status: 200, body: ORDER };
  if (route === `GET /v1/payments/${PAYMENT.id}`) return { status: 200, body: PAYMENT };
  if (route === `GET /v1/orders/${ORDER.id}/payments`) return { status: 200, body: { entity: 'collection', count: 1, items: [PAYMENT] } };
  if (route === `POST /v1/payments/${PAYMENT.id}/refund`) return { status: 200, body: REFUND };
  if (route === `GET /v1/payments/${PAYMENT.id}/refunds`) return { status: 200, body: { entity: 'collection', count: 1, items: [REFUND] } };
  if (route === 'POST /v2/accounts') return { status: 200, body: LINKED_ACCOUNT };
  if (route === `POST /v1/payments/${PAYMENT.id}/transfers` || route === `GET /v1/payments/${PAYMENT.id}/transfers`) return { status: 200, body: { entity: 'collection', count: 1, items: [TRANSFER] } };
  if (route === `PATCH /v1/transfers/${TRANSFER.id}`) return { status: 200, body: { ...TRANSFER, on_hold: false, on_hold_until: null, settlement_status: 'pending' } };
  if (route === `POST /v1/transfers/${TRANSFER.id}/reversals`) return { status: 200, body: REVERSAL };
  return { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } } };
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const text = await readBody(req);
    const entry: Seen = {
      method: req.method!,
      url: req.url!,
      auth: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    const a = answer(entry);
    if (a === 'hang') return;
    if (a === 'close') return void req.socket.destroy();
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  answer = documented;
});

const gateway = (timeoutMs?: number) => razorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, apiUrl: baseUrl, timeoutMs });
const basicAuth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;

describe('the Razorpay adapter (official SDK) against the documented API', () => {
  it('creates an order in paise and INR, with the booking as receipt, authenticated by the key pair', async () => {
    const order = await gateway().createOrder({ amountPaise: 1312500, receipt: ORDER.receipt, notes: { booking_id: ORDER.receipt } });
    expect(order).toEqual({ id: ORDER.id, amount: 1312500, currency: 'INR', receipt: ORDER.receipt, status: 'created' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/v1/orders',
        auth: basicAuth,
        contentType: expect.stringMatching(/^application\/json/),
        body: { amount: 1312500, currency: 'INR', receipt: ORDER.receipt, notes: { booking_id: ORDER.receipt } },
      },
    ]);
  });

  it("reads a payment, and an order's payments", async () => {
    const g = gateway();
    expect(await g.fetchPayment(PAYMENT.id)).toMatchObject({ id: PAYMENT.id, order_id: ORDER.id, amount: 1312500, currency: 'INR', status: 'captured', method: 'upi' });
    expect((await g.fetchOrderPayments(ORDER.id)).map((p) => p.id)).toEqual([PAYMENT.id]);
    expect(seen.map((s) => `${s.method} ${s.url.split('?')[0]} ${s.auth === basicAuth}`)).toEqual([
      `GET /v1/payments/${PAYMENT.id} true`,
      `GET /v1/orders/${ORDER.id}/payments true`,
    ]);
  });

  it('refunds part of a payment with our refund id as receipt, and lists the refunds of a payment', async () => {
    const g = gateway();
    const refund = await g.refund(PAYMENT.id, { amountPaise: 656250, receipt: REFUND.receipt, notes: { reason: 'guest_cancelled' } });
    expect(refund).toMatchObject({ id: REFUND.id, payment_id: PAYMENT.id, amount: 656250, status: 'processed', receipt: REFUND.receipt });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: `/v1/payments/${PAYMENT.id}/refund`,
      auth: basicAuth,
      body: { amount: 656250, speed: 'normal', receipt: REFUND.receipt, notes: { reason: 'guest_cancelled' } },
    });
    expect((await g.fetchRefunds(PAYMENT.id)).map((r) => r.receipt)).toEqual([REFUND.receipt]);
  });

  it('makes a Route linked account with its settlement account in one call: a bank account, or a UPI ID', async () => {
    const g = gateway();
    const input = { referenceId: LINKED_ACCOUNT.reference_id, email: LINKED_ACCOUNT.email, phone: LINKED_ACCOUNT.phone, name: 'Ravi Kumar', pan: 'AAACL1234C' };
    expect(await g.createLinkedAccount({ ...input, settlement: { kind: 'upi', vpa: 'ravi.kumar@okhdfcbank' } })).toEqual({ id: LINKED_ACCOUNT.id, status: 'created' });
    await g.createLinkedAccount({ ...input, pan: null, settlement: { kind: 'bank', accountNumber: '1234567890123456', ifsc: 'HDFC0000317' } });
    const common = { type: 'route', tnc_accepted: true, reference_id: input.referenceId, email: input.email, phone: input.phone, legal_business_name: 'Ravi Kumar', contact_name: 'Ravi Kumar', business_type: 'individual' };
    expect(seen.map((s) => [s.method, s.url, s.auth === basicAuth, s.body])).toEqual([
      ['POST', '/v2/accounts', true, { ...common, legal_info: { pan: 'AAACL1234C' }, settlement_accounts: [{ method: 'upi', upi: { vpa: 'ravi.kumar@okhdfcbank', beneficiary_name: 'Ravi Kumar', currency: 'INR', is_default: true } }] }],
      [
        'POST',
        '/v2/accounts',
        true,
        { ...common, settlement_accounts: [{ method: 'bank_account', bank_account: { account_number: '1234567890123456', beneficiary_name: 'Ravi Kumar', code_type: 'ifsc', code: 'HDFC0000317', currency: 'INR', is_default: true } }] },
      ],
    ]);
  });

  it('transfers from a payment on hold until a time, reads the transfers back, releases the hold and reverses part', async () => {
    const g = gateway();
    const notes = { payout_id: TRANSFER.notes.payout_id, booking_id: ORDER.receipt };
    const made = await g.transfer(PAYMENT.id, { account: LINKED_ACCOUNT.id, amountPaise: 1183750, onHoldUntil: new Date(1671222870_000), notes });
    expect(made).toMatchObject({ id: TRANSFER.id, recipient: LINKED_ACCOUNT.id, amount: 1183750, amount_reversed: 0, on_hold: true, on_hold_until: 1671222870, notes });
    await g.transfer(PAYMENT.id, { account: LINKED_ACCOUNT.id, amountPaise: 1183750, onHoldUntil: null, notes });
    expect((await g.fetchPaymentTransfers(PAYMENT.id)).map((t) => t.id)).toEqual([TRANSFER.id]);
    expect(await g.releaseTransfer(TRANSFER.id)).toMatchObject({ id: TRANSFER.id, on_hold: false });
    expect(await g.reverseTransfer(TRANSFER.id, 591875)).toEqual({ id: REVERSAL.id, transfer_id: TRANSFER.id, amount: 591875 });
    const transfer = { account: LINKED_ACCOUNT.id, amount: 1183750, currency: 'INR', notes };
    expect(seen.map((s) => [s.method, s.url.split('?')[0], s.body])).toEqual([
      ['POST', `/v1/payments/${PAYMENT.id}/transfers`, { transfers: [{ ...transfer, on_hold: true, on_hold_until: 1671222870 }] }],
      // Already due: held with no end, until the job releases it.
      ['POST', `/v1/payments/${PAYMENT.id}/transfers`, { transfers: [{ ...transfer, on_hold: true }] }],
      ['GET', `/v1/payments/${PAYMENT.id}/transfers`, undefined],
      ['PATCH', `/v1/transfers/${TRANSFER.id}`, { on_hold: false }],
      ['POST', `/v1/transfers/${TRANSFER.id}/reversals`, { amount: 591875 }],
    ]);
  });

  it("turns Razorpay's error answer into a provider error with its code; a 4xx is not worth retrying", async () => {
    const err = await gateway().fetchPayment('pay_unknown').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR', retryable: false, description: 'The id provided does not exist' });
    expect((err as Error).message).toContain('The id provided does not exist');
  });

  it('says a 5xx, a 429, a dropped connection and a timeout are worth retrying', async () => {
    answer = () => ({ status: 502, body: { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } } });
    expect(await gateway().fetchPayment(PAYMENT.id).catch((e: unknown) => e)).toMatchObject({ status: 502, retryable: true });
    answer = () => ({ status: 429, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests' } } });
    expect(await gateway().fetchPayment(PAYMENT.id).catch((e: unknown) => e)).toMatchObject({ status: 429, retryable: true });
    answer = () => 'close';
    expect(await gateway().fetchPayment(PAYMENT.id).catch((e: unknown) => e)).toMatchObject({ status: undefined, retryable: true });
    answer = () => 'hang';
    const started = Date.now();
    expect(await gateway(300).fetchPayment(PAYMENT.id).catch((e: unknown) => e)).toMatchObject({ status: undefined, retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an answer without what the app relies on, rather than reading a wrong amount', async () => {
    answer = () => ({ status: 200, body: { ...PAYMENT, amount: '1312500' } });
    expect(await gateway().fetchPayment(PAYMENT.id).catch((e: unknown) => e)).toMatchObject({ name: 'PaymentProviderError', retryable: false });
    answer = () => ({ status: 200, body: { ...ORDER, id: undefined } });
    expect(await gateway().createOrder({ amountPaise: 100, receipt: 'r', notes: {} }).catch((e: unknown) => e)).toBeInstanceOf(PaymentProviderError);
  });
});
