import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addPet, api, inDays } from '../modules/bookings/test-support';
import { sendDueRefunds } from '../modules/payments/refunds';
import { runPaymentJob } from '../modules/payments/jobs';
import { checkLedger } from '../modules/payments/ledger-check';
import { settleStay } from '../../domain/money/settlement';
import { useTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { createListing } from '../test/listings';
import { rawRows } from '../test/rows';
import { PaymentProviderError, razorpayGateway } from './razorpay';
import { DIRECT_TRANSFER, LINKED_ACCOUNT, ORDER, PAYMENT, PAYMENT_CAPTURED_EVENT, PAYMENT_FAILED_EVENT, REFUND, REFUND_PROCESSED_EVENT, REVERSAL, TRANSFER } from './razorpay-samples';
import { webhookSignature } from './signatures';
import { toPaise } from '../../domain/money/units';

// A contract test of the adapter over the official SDK, against a local server that answers as
// Razorpay's published API reference does (Orders, Payments, Refunds, Route: the documented sample
// answers of razorpay-samples.ts). It proves what the adapter
// sends (paths, Basic auth with the key pair, JSON bodies in paise) and how it reads answers and
// errors, without the internet. Then the app itself, run with Razorpay's keys against the same
// server, takes Razorpay's documented webhook events.

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
  if (route === 'POST /v1/transfers' || route === `GET /v1/transfers/${DIRECT_TRANSFER.id}`) return { status: 200, body: DIRECT_TRANSFER };
  if (route === 'GET /v1/transfers') return { status: 200, body: { entity: 'collection', count: 2, items: [DIRECT_TRANSFER, TRANSFER] } };
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

  it('pays a linked account directly from the balance, and reads a transfer by its id and the transfers made since a time', async () => {
    const g = gateway();
    const notes = { payout_id: '6f1c2d1e-0000-4000-8000-000000000003', booking_id: ORDER.receipt };
    expect(await g.directTransfer({ account: LINKED_ACCOUNT.id, amountPaise: 100, notes })).toMatchObject({ id: DIRECT_TRANSFER.id, source: DIRECT_TRANSFER.source, recipient: LINKED_ACCOUNT.id, amount: 100, on_hold: false, notes: {} });
    expect(await g.fetchTransfer(DIRECT_TRANSFER.id)).toMatchObject({ id: DIRECT_TRANSFER.id, amount_reversed: 0 });
    expect((await g.fetchTransfers({ from: new Date(1657273000_000), count: 100, skip: 200 })).map((t) => t.id)).toEqual([DIRECT_TRANSFER.id, TRANSFER.id]);
    expect(seen.map((s) => [s.method, s.url, s.auth === basicAuth, s.body])).toEqual([
      // Route's Direct Transfers: the documented fields, in paise; no hold (none is documented).
      ['POST', '/v1/transfers', true, { account: LINKED_ACCOUNT.id, amount: 100, currency: 'INR', notes }],
      ['GET', `/v1/transfers/${DIRECT_TRANSFER.id}`, true, undefined],
      // Fetch Transfers, from a time (Unix seconds) on, a page of 100 after those looked at.
      ['GET', '/v1/transfers?from=1657273000&count=100&skip=200', true, undefined],
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

describe("the app with Razorpay's keys, against the documented API and webhooks", () => {
  const WEBHOOK_SECRET = 'webhooksecret';
  const t = useTestApp({ RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const call = api(t);
  const quiet = { warn() {}, error() {}, info() {} };

  beforeAll(async () => {
    // The provider the config made, with its keys, but its SDK pointed at the local server (the
    // app has no setting for Razorpay's URL: in production it is always api.razorpay.com).
    const configured = await t.app.payments.account();
    vi.spyOn(t.app.payments, 'account').mockResolvedValue({ ...configured, gateway: razorpayGateway({ keyId: configured.keyId, keySecret: configured.keySecret, apiUrl: baseUrl }) });
  });

  /** Posts an event as Razorpay does: the exact bytes, signed with the webhook secret. */
  const post = (raw: string, secret = WEBHOOK_SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(raw, secret), 'x-razorpay-event-id': 'evt_sample' },
      payload: raw,
    });

  type Sample = { payload: { payment: { entity: object }; refund?: { entity: object } } };
  /**
   * A documented event, told of this stay: the samples are of a ₹13,125 order, ours of what the
   * stay costs; a refund is of what the app asked and carries the receipt it gave.
   */
  const retold = (event: Sample, paise: number, refund?: { amount: number; receipt: string }) =>
    JSON.stringify({
      ...event,
      payload: {
        ...event.payload,
        payment: { entity: { ...event.payload.payment.entity, amount: paise, base_amount: paise, ...(refund && { amount_refunded: refund.amount, refund_status: refund.amount === paise ? 'full' : 'partial' }) } },
        ...(event.payload.refund && refund && { refund: { entity: { ...event.payload.refund.entity, ...refund } } }),
      },
    });

  const state = async (bookingId: string) =>
    (await rawRows<{ status: string; payments: string; movements: number; refund: string | null }>(t.database.db, sql`
      select b.status,
        (select coalesce(string_agg(p.provider_payment_id || ' ' || p.status, ', ' order by p.created_at), '') from payments p where p.booking_id = b.id) as payments,
        (select count(distinct movement)::int from ledger_entries l where l.booking_id = b.id) as movements,
        (select r.status from refunds r where r.booking_id = b.id) as refund
      from bookings b where b.id = ${bookingId}
    `))[0]!;

  it('applies payment.failed, payment.captured and refund.processed once each, and refuses them signed with another secret', async () => {
    expect(t.app.payments.name).toBe('razorpay');
    const host = await signIn(t, 'rzp-host@example.com');
    const listing = await createListing(t, host, { cancellation_policy: 'moderate' });
    const guest = await signIn(t, 'rzp-guest@example.com');
    await addPet(t, guest, { name: 'Bruno', size: 's' });
    const booking = (await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(20), toDate: inDays(23), size: 'small' })).json();
    expect((await call('POST', `/api/bookings/${booking.id}/accept`, host)).statusCode).toBe(200);

    // Razorpay makes the order (the documented answer, of the amount asked).
    answer = (req) => {
      const body = req.body as { amount: number; receipt: string; notes: object };
      return req.method === 'POST' && req.url === '/v1/orders' ? { status: 200, body: { ...ORDER, amount: body.amount, amount_due: body.amount, receipt: body.receipt, notes: body.notes } } : documented(req);
    };
    const checkout = await call('POST', `/api/bookings/${booking.id}/payment`, guest);
    expect(checkout.json()).toMatchObject({ provider: 'razorpay', key_id: KEY_ID, order_id: ORDER.id, amount_paise: booking.total_inr * 100, test_checkout_url: null });
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', url: '/v1/orders', auth: basicAuth, body: expect.objectContaining({ amount: booking.total_inr * 100, receipt: booking.id }) })]);
    const paise = booking.total_inr * 100;

    const failed = retold(PAYMENT_FAILED_EVENT, paise);
    const captured = retold(PAYMENT_CAPTURED_EVENT, paise);
    const before = await state(booking.id);
    expect((await post(captured, 'not-the-webhook-secret')).statusCode).toBe(400);
    expect((await post(captured, KEY_SECRET)).statusCode).toBe(400); // the key secret signs callbacks, not webhooks
    expect(await state(booking.id)).toEqual(before);

    for (let i = 0; i < 2; i++) expect((await post(failed)).statusCode).toBe(200);
    expect(await state(booking.id)).toEqual({ status: 'awaiting_payment', payments: 'pay_DEAU825sJlCbGa failed', movements: 0, refund: null });
    for (let i = 0; i < 2; i++) expect((await post(captured)).statusCode).toBe(200);
    expect(await state(booking.id)).toEqual({ status: 'confirmed', payments: `pay_DEAU825sJlCbGa failed, ${PAYMENT.id} captured`, movements: 1, refund: null });
    for (const to of ['rzp-guest@example.com', 'rzp-host@example.com']) expect(t.mail.filter((m) => m.to === to && m.subject.startsWith('Confirmed: '))).toHaveLength(1);

    // The guest cancels; the refund job asks Razorpay, which has the refund pending at the bank.
    answer = (req) => {
      if (req.method === 'GET' && req.url.startsWith(`/v1/payments/${PAYMENT.id}/refunds`)) return { status: 200, body: { entity: 'collection', count: 0, items: [] } };
      const body = req.body as { amount: number; receipt: string };
      if (req.method === 'POST' && req.url === `/v1/payments/${PAYMENT.id}/refund`) return { status: 200, body: { ...REFUND, amount: body.amount, receipt: body.receipt, status: 'pending' } };
      return documented(req);
    };
    expect((await call('POST', `/api/bookings/${booking.id}/cancel`, guest)).statusCode).toBe(200);
    seen = [];
    expect(await sendDueRefunds({ db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000', log: quiet })).toEqual({ refunds: 1, refundErrors: 0 });
    // Asked with our refund's id as its receipt, as Razorpay echoes it back in the webhook.
    const [ours] = await rawRows<{ id: string; amount_paise: number }>(t.database.db, sql`select id, amount_paise from refunds where booking_id = ${booking.id}`);
    const asked = { amount: ours!.amount_paise, receipt: ours!.id };
    expect(seen.filter((s) => s.method === 'POST')).toEqual([expect.objectContaining({ url: `/v1/payments/${PAYMENT.id}/refund`, auth: basicAuth, body: expect.objectContaining(asked) })]);
    expect((await state(booking.id)).refund).toBe('pending');

    const processed = retold(REFUND_PROCESSED_EVENT, paise, asked);
    const cancelled = await state(booking.id);
    expect((await post(processed, 'not-the-webhook-secret')).statusCode).toBe(400);
    expect(await state(booking.id)).toEqual(cancelled);
    for (let i = 0; i < 2; i++) expect((await post(processed)).statusCode).toBe(200);
    expect(await state(booking.id)).toEqual({ ...cancelled, refund: 'processed', movements: cancelled.movements + 1 });
    expect(t.mail.filter((m) => m.to === 'rzp-guest@example.com' && m.subject.startsWith('Refund processed: '))).toHaveLength(1);
    // The refund left the provider's account: the booking owes nothing and holds nothing.
    const [owed] = await rawRows<{ n: number }>(t.database.db, sql`
      select count(*)::int as n from (select account from ledger_entries where booking_id = ${booking.id} and account in ('provider_cash', 'refunds_payable') group by account having sum(amount_paise) <> 0) a
    `);
    expect(owed).toEqual({ n: 0 });
  });
  it("pays the share of a stay refunded in part before its host had an account by a direct transfer, as Route documents it, once", async () => {
    const host = await signIn(t, 'rzp-late-host@example.com');
    const listing = await createListing(t, host, { cancellation_policy: 'strict' });
    const guest = await signIn(t, 'rzp-late-guest@example.com');
    await addPet(t, guest, { name: 'Tiger', size: 's' });
    const booking = (await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(20), toDate: inDays(23), size: 'small' })).json();
    expect((await call('POST', `/api/bookings/${booking.id}/accept`, host)).statusCode).toBe(200);
    const paise = booking.total_inr * 100;
    const order = { ...ORDER, id: 'order_LateHost000001' };
    const payment = { ...PAYMENT, id: 'pay_LateHost00000001', order_id: order.id, amount: paise };
    // Razorpay as documented, for this stay: its order and payment, the refund the guest's
    // cancellation asks for, the linked account, and the transfers made (none from the payment).
    const transfers: (typeof DIRECT_TRANSFER)[] = [];
    let refund: typeof REFUND | undefined;
    answer = (req) => {
      const route = `${req.method} ${req.url.split('?')[0]}`;
      const body = req.body as Record<string, unknown>;
      if (route === 'POST /v1/orders') return { status: 200, body: { ...order, amount: body.amount, amount_due: body.amount, receipt: body.receipt, notes: body.notes } };
      if (route === `GET /v1/payments/${payment.id}`) return { status: 200, body: payment };
      if (route === `GET /v1/payments/${payment.id}/refunds`) return { status: 200, body: { entity: 'collection', count: refund ? 1 : 0, items: refund ? [refund] : [] } };
      if (route === `POST /v1/payments/${payment.id}/refund`) return { status: 200, body: (refund = { ...REFUND, id: 'rfnd_LateHost0000001', payment_id: payment.id, amount: body.amount as number, receipt: body.receipt as string, status: 'pending' }) };
      if (route === `GET /v1/payments/${payment.id}/transfers`) return { status: 200, body: { entity: 'collection', count: 0, items: [] } };
      // Route refuses a transfer from a payment refunded in part; the app must not ask for one.
      if (route === `POST /v1/payments/${payment.id}/transfers`) return { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Transfer cannot be initiated on a refunded payment', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } } };
      if (route === 'POST /v1/transfers') {
        const made = { ...DIRECT_TRANSFER, id: `trf_LateHost${String(transfers.length).padStart(6, '0')}`, recipient: body.account as string, amount: body.amount as number, notes: body.notes as never };
        transfers.push(made);
        return { status: 200, body: made };
      }
      if (route === 'GET /v1/transfers') return { status: 200, body: { entity: 'collection', count: transfers.length, items: [...transfers].reverse() } };
      const one = transfers.find((x) => route === `GET /v1/transfers/${x.id}`);
      if (one) return { status: 200, body: one };
      return documented(req);
    };
    await call('POST', `/api/bookings/${booking.id}/payment`, guest);
    expect((await post(retold({ ...PAYMENT_CAPTURED_EVENT, payload: { payment: { entity: { ...PAYMENT_CAPTURED_EVENT.payload.payment.entity, id: payment.id, order_id: order.id } } } }, paise))).statusCode).toBe(200);
    expect((await state(booking.id)).status).toBe('confirmed');

    // The guest cancels 20 days ahead (strict: half back); the refund reaches Razorpay.
    expect((await call('POST', `/api/bookings/${booking.id}/cancel`, guest)).statusCode).toBe(200);
    expect(await sendDueRefunds({ db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000', log: quiet })).toEqual({ refunds: 1, refundErrors: 0 });
    // Then the host adds an account: Route's composite linked account.
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Ravi Kumar', phone: '+919876543210', upi_id: 'ravi.kumar@okhdfcbank' })).json()).toMatchObject({ status: 'linked' });
    const [owed] = await rawRows<{ id: string; amount_paise: number }>(t.database.db, sql`select id, amount_paise from payouts where booking_id = ${booking.id}`);
    const cost = { subtotal_paise: toPaise(booking.price_subtotal_inr), taxes_paise: toPaise(booking.taxes_inr), platform_fee_paise: toPaise(booking.platform_fee_inr) };
    expect(owed!.amount_paise).toBe(settleStay(cost, { gstin: null, pan: null }, inDays(0), 50).host_payable_paise);

    // Due: the payments job pays it from the balance, once, and writes it paid.
    await rawRows(t.database.db, sql`update payouts set release_at = now() - interval '1 minute' where id = ${owed!.id}`);
    const job = { db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000', log: quiet };
    seen = [];
    expect(await runPaymentJob(job)).toMatchObject({ transfers: 1, transferErrors: 0, paidOut: 1, payoutErrors: 0 });
    expect(await runPaymentJob(job)).toMatchObject({ transfers: 0, paidOut: 0 });
    expect(seen.filter((x) => x.method === 'POST').map((x) => [x.url, x.auth === basicAuth, x.body])).toEqual([
      ['/v1/transfers', true, { account: LINKED_ACCOUNT.id, amount: owed!.amount_paise, currency: 'INR', notes: { payout_id: owed!.id, booking_id: booking.id } }],
    ]);
    expect(transfers).toHaveLength(1);
    expect((await rawRows(t.database.db, sql`select status, reference from payouts where id = ${owed!.id}`))[0]).toEqual({ status: 'paid', reference: transfers[0]!.id });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
