import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ROUTE_LIMITS, routeName, routeWords } from '../../../domain/contracts/payout';
import { isBankAccountNumber, isIfsc, isUpiId } from '../../../domain/money/tax-ids';
import type { Db } from '../../db/client';
import {
  createLinkedAccount,
  createOrder,
  directTransfer,
  editTransfer,
  GatewayError,
  orderEntity,
  payOrder,
  paymentEntity,
  refundEntity,
  refundPayment,
  reverseTransfer,
  transferEntity,
  transferFromPayment,
} from './gateway';
import { gatewayAccount, selectOrder, selectOrderPayments, selectPayment, selectPaymentRefunds, selectPaymentTransfers, selectTransfer, selectTransfers } from './queries';

// The test gateway's HTTP API: the part of Razorpay's (https://razorpay.com/docs/api/) that the
// app's adapter calls, at the same paths under /test-gateway, with the same Basic auth, bodies,
// answers and error shape. The adapter cannot tell it from Razorpay but for the URL and keys.

export const TEST_GATEWAY_PREFIX = '/test-gateway';

const notes = z.record(z.string(), z.string().max(256)).refine((n) => Object.keys(n).length <= 15, 'notes can have at most 15 keys');

const orderBody = z.object({
  amount: z.number({ error: 'The amount must be an integer.' }).int('The amount must be an integer.').min(100, 'The amount must be atleast INR 1.00'),
  currency: z.literal('INR', { error: 'The currency must be INR.' }),
  receipt: z.string().max(40, 'The receipt may not be greater than 40 characters.').optional(),
  notes: notes.optional(),
});

const refundBody = z.object({
  amount: z.number().int('The amount must be an integer.').positive('The amount must be atleast INR 1.00').optional(),
  speed: z.enum(['normal', 'optimum']).optional(),
  receipt: z.string().max(40).optional(),
  notes: notes.optional(),
});

const idParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{1,40}$/) });

// Route's rules for names, the VPA, the account number and the IFSC are the app's own
// (domain/contracts/payout.ts, domain/tax-ids.ts): the gateway refuses exactly what the app does
// not send, in Razorpay's words.
const beneficiary = routeName(ROUTE_LIMITS.beneficiaryName, routeWords('beneficiary name', ROUTE_LIMITS.beneficiaryName, 'The beneficiary name field is required.'));

/** The composite Create Linked Account body: the account and where it settles, at once. */
const linkedAccountBody = z.object({
  type: z.literal('route', { error: 'The type must be route.' }),
  tnc_accepted: z.literal(true, { error: 'The tnc accepted field must be true.' }),
  reference_id: z.string().max(20, 'The reference id may not be greater than 20 characters.'),
  email: z.email('The email must be a valid email address.'),
  phone: z.string().regex(/^\+?\d{8,15}$/, 'The phone format is invalid.'),
  legal_business_name: routeName(ROUTE_LIMITS.legalBusinessName, routeWords('legal business name', ROUTE_LIMITS.legalBusinessName, 'The legal business name field is required.')),
  contact_name: z.string().optional(),
  business_type: z.string(),
  legal_info: z.object({ pan: z.string().regex(/^[A-Z]{5}\d{4}[A-Z]$/, 'The pan format is invalid.') }).optional(),
  settlement_accounts: z.tuple([
    z.discriminatedUnion('method', [
      z.object({
        method: z.literal('bank_account'),
        bank_account: z.object({
          account_number: z.string().refine(isBankAccountNumber, 'The account number format is invalid.'),
          beneficiary_name: beneficiary,
          code_type: z.literal('ifsc'),
          code: z.string().refine(isIfsc, 'The ifsc code format is invalid.'),
          currency: z.literal('INR'),
          is_default: z.boolean().optional(),
        }),
      }),
      z.object({
        method: z.literal('upi'),
        upi: z.object({
          vpa: z.string().refine(isUpiId, 'The VPA address format is invalid. Expected format: username@bankname.'),
          beneficiary_name: beneficiary,
          currency: z.literal('INR'),
          is_default: z.boolean().optional(),
        }),
      }),
    ]),
  ], { error: 'Exactly one settlement account is required.' }),
});

/** Route accepts true/false or 1/0 for a flag. */
const flag = z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]);

const transfersBody = z.object({
  transfers: z
    .array(
      z.object({
        account: z.string().regex(/^acc_[A-Za-z0-9]{1,30}$/, 'The account id is invalid.'),
        amount: z.number().int('The amount must be an integer.').min(100, 'The amount must be atleast INR 1.00'),
        currency: z.literal('INR', { error: 'The currency must be INR.' }),
        notes: notes.optional(),
        on_hold: flag.optional(),
        on_hold_until: z.number().int().positive().optional(),
      }),
    )
    .min(1, 'The transfers field is required.')
    .max(20),
});

/** A direct transfer from the merchant's balance: the fields Route documents, and no others. */
const directTransferBody = z.strictObject(
  {
    account: z.string().regex(/^acc_[A-Za-z0-9]{1,30}$/, 'The account id is invalid.'),
    amount: z.number().int('The amount must be an integer.').min(100, 'The amount must be atleast INR 1.00'),
    currency: z.literal('INR', { error: 'The currency must be INR.' }),
    notes: notes.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')} is/are not required and should not be sent` : undefined) },
);

/** Fetch Transfers: created between `from` and `to` (Unix seconds), `count` (at most 100) after `skip`, newest first. */
const transfersQuery = z.object({
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  count: z.coerce.number().int().min(1).max(100, 'The count may not be greater than 100.').default(10),
  skip: z.coerce.number().int().nonnegative().default(0),
});

const transferEditBody = z.object({ on_hold: flag, on_hold_until: z.number().int().positive().optional() });
const reversalBody = z.object({ amount: z.number().int('The amount must be an integer.').positive('The amount must be atleast INR 1.00').optional() });

/** The payer's choice on the test checkout page, with the public key Checkout was opened with. */
const checkoutBody = z.object({
  key_id: z.string().max(64),
  method: z.enum(['upi', 'card'], { error: 'Choose UPI or card' }),
  outcome: z.enum(['success', 'failure'], { error: 'Choose success or failure' }),
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new GatewayError(400, result.error.issues[0]!.message, { field: result.error.issues[0]!.path.join('.') || null });
  return result.data;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Basic auth with the gateway's key pair, as Razorpay's API asks. */
async function authenticate(db: Db, req: FastifyRequest): Promise<void> {
  const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
  const [keyId = '', ...secret] = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString().split(':') : [];
  const account = await gatewayAccount(db);
  if (!(sameText(keyId, account.keyId) && sameText(secret.join(':'), account.keySecret))) throw new GatewayError(401, 'Authentication failed');
}

const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });

/**
 * The API, at TEST_GATEWAY_PREFIX/v1 (the app's key pair only), and the payer's side of Checkout
 * at TEST_GATEWAY_PREFIX/checkout (the public key only, as Razorpay's Checkout is opened with).
 * Every failure is answered in Razorpay's error shape. `onEvent` hears of each webhook queued.
 */
export function testGatewayApi(db: Db, opts: { onEvent?: () => void } = {}) {
  const announce = <T>(result: T): T => {
    opts.onEvent?.();
    return result;
  };
  return async function routes(app: FastifyInstance): Promise<void> {
    // Not the app's API: left out of its OpenAPI document (and so of its contract checks).
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.setErrorHandler((err, _req, reply: FastifyReply) => {
      if (err instanceof GatewayError) return reply.status(err.status).send(err.body);
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status < 500) return reply.status(status).send(new GatewayError(status, (err as Error).message).body);
      app.log.error({ err }, 'test gateway failed');
      return reply.status(500).send(new GatewayError(500, 'The server encountered an error. The incident has been reported to admins.').body);
    });

    app.post('/checkout/:id', async (req) => {
      const { id } = parse(idParam, req.params);
      const choice = parse(checkoutBody, req.body);
      if (!sameText(choice.key_id, (await gatewayAccount(db)).keyId)) throw new GatewayError(401, 'Authentication failed');
      return announce(await payOrder(db, id, choice));
    });

    await app.register(async (api) => {
      api.addHook('onRequest', async (req) => authenticate(db, req));
      serverApi(api, db, announce);
    });
  };
}

/** Razorpay's server API: orders, payments, refunds; Route's linked accounts and transfers. */
function serverApi(app: FastifyInstance, db: Db, announce: <T>(result: T) => T): void {
  const notFound = () => new GatewayError(400, 'The id provided does not exist');

  app.post('/v1/orders', async (req) => createOrder(db, parse(orderBody, req.body)));
  app.get('/v1/orders/:id', async (req) => {
    const order = await selectOrder(db, parse(idParam, req.params).id);
    if (!order) throw notFound();
    return orderEntity(order);
  });
  app.get('/v1/orders/:id/payments', async (req) => {
    const { id } = parse(idParam, req.params);
    if (!(await selectOrder(db, id))) throw notFound();
    return collection((await selectOrderPayments(db, id)).map(paymentEntity));
  });
  app.get('/v1/payments/:id', async (req) => {
    const payment = await selectPayment(db, parse(idParam, req.params).id);
    if (!payment) throw notFound();
    return paymentEntity(payment);
  });
  app.post('/v1/payments/:id/refund', async (req) => announce(await refundPayment(db, parse(idParam, req.params).id, parse(refundBody, req.body))));
  app.get('/v1/payments/:id/refunds', async (req) => {
    const { id } = parse(idParam, req.params);
    if (!(await selectPayment(db, id))) throw notFound();
    return collection((await selectPaymentRefunds(db, id)).map((r) => refundEntity(r)));
  });

  app.post('/v2/accounts', async (req) => createLinkedAccount(db, parse(linkedAccountBody, req.body)));
  app.post('/v1/payments/:id/transfers', async (req) => transferFromPayment(db, parse(idParam, req.params).id, parse(transfersBody, req.body).transfers));
  app.get('/v1/payments/:id/transfers', async (req) => {
    const { id } = parse(idParam, req.params);
    if (!(await selectPayment(db, id))) throw notFound();
    return collection((await selectPaymentTransfers(db, id)).map((t) => transferEntity(t)));
  });
  app.post('/v1/transfers', async (req) => directTransfer(db, parse(directTransferBody, req.body)));
  app.get('/v1/transfers', async (req) => collection((await selectTransfers(db, parse(transfersQuery, req.query))).map((t) => transferEntity(t))));
  app.get('/v1/transfers/:id', async (req) => {
    const transfer = await selectTransfer(db, parse(idParam, req.params).id);
    if (!transfer) throw notFound();
    return transferEntity(transfer);
  });
  app.patch('/v1/transfers/:id', async (req) => editTransfer(db, parse(idParam, req.params).id, parse(transferEditBody, req.body)));
  app.post('/v1/transfers/:id/reversals', async (req) => reverseTransfer(db, parse(idParam, req.params).id, parse(reversalBody, req.body)));
}
