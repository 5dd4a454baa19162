import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { instantColumn, queryRows } from '../../db/rows';
import { testGatewayAccount, testGatewayLinkedAccounts, testGatewayOrders, testGatewayPayments, testGatewayRefunds, testGatewayTransfers, testGatewayWebhooks } from '../../db/schema';
import { razorpayStyleId } from './ids';

// The test gateway's storage (decision 025).

export type GatewayAccount = { keyId: string; keySecret: string; webhookSecret: string };

/**
 * The gateway's keys, made once (by whichever process asks first) and the same for every process.
 * Read first: every call of the gateway's API asks, and only the first ever needs to write.
 */
export async function gatewayAccount(db: Db): Promise<GatewayAccount> {
  const read = async () => (await db.select().from(testGatewayAccount).where(eq(testGatewayAccount.id, 1)))[0];
  let row = await read();
  if (!row) {
    await db
      .insert(testGatewayAccount)
      .values({ id: 1, keyId: razorpayStyleId('rzp_test'), keySecret: randomBytes(24).toString('base64url'), webhookSecret: randomBytes(24).toString('base64url') })
      .onConflictDoNothing();
    row = (await read())!;
  }
  return { keyId: row.keyId, keySecret: row.keySecret, webhookSecret: row.webhookSecret };
}

export type OrderRow = typeof testGatewayOrders.$inferSelect;
export type PaymentRow = typeof testGatewayPayments.$inferSelect;
export type RefundRow = typeof testGatewayRefunds.$inferSelect;
export type LinkedAccountRow = typeof testGatewayLinkedAccounts.$inferSelect;
export type TransferRow = typeof testGatewayTransfers.$inferSelect;

export async function insertOrder(db: Db, order: { amount: number; currency: string; receipt: string | null; notes: string }): Promise<OrderRow> {
  const [row] = await db.insert(testGatewayOrders).values({ id: razorpayStyleId('order'), ...order }).returning();
  return row!;
}

export async function selectOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(testGatewayOrders).where(eq(testGatewayOrders.id, id));
  return row;
}

/** The order, locked until the transaction ends: two payments of one order take turns. */
export async function lockOrder(tx: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(testGatewayOrders).where(eq(testGatewayOrders.id, id)).for('update');
  return row;
}

export async function recordAttempt(tx: Db, orderId: string, paid: boolean): Promise<void> {
  await tx
    .update(testGatewayOrders)
    .set({ attempts: sql`${testGatewayOrders.attempts} + 1`, status: paid ? 'paid' : 'attempted' })
    .where(eq(testGatewayOrders.id, orderId));
}

export async function insertPayment(
  tx: Db,
  payment: { orderId: string; amount: number; currency: string; status: 'captured' | 'failed'; method: 'upi' | 'card'; errorDescription: string | null },
): Promise<PaymentRow> {
  const [row] = await tx.insert(testGatewayPayments).values({ id: razorpayStyleId('pay'), ...payment }).returning();
  return row!;
}

export async function selectPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id));
  return row;
}

export async function lockPayment(tx: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id)).for('update');
  return row;
}

export async function selectOrderPayments(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(testGatewayPayments).where(eq(testGatewayPayments.orderId, orderId)).orderBy(asc(testGatewayPayments.createdAt));
}

/** A refund of `payment` (locked by the caller), and the payment's refunded total with it. */
export async function insertRefund(tx: Db, payment: PaymentRow, refund: { amount: number; receipt: string | null; notes: string }): Promise<RefundRow> {
  const refunded = payment.amountRefunded + refund.amount;
  await tx
    .update(testGatewayPayments)
    .set({ amountRefunded: refunded, status: refunded === payment.amount ? 'refunded' : payment.status })
    .where(eq(testGatewayPayments.id, payment.id));
  const [row] = await tx
    .insert(testGatewayRefunds)
    .values({ id: razorpayStyleId('rfnd'), paymentId: payment.id, amount: refund.amount, currency: payment.currency, receipt: refund.receipt, notes: refund.notes })
    .returning();
  return row!;
}

export async function selectPaymentRefunds(db: Db, paymentId: string): Promise<RefundRow[]> {
  return db.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.paymentId, paymentId)).orderBy(asc(testGatewayRefunds.createdAt));
}

export async function markRefundProcessed(db: Db, id: string): Promise<void> {
  await db.update(testGatewayRefunds).set({ status: 'processed' }).where(and(eq(testGatewayRefunds.id, id), eq(testGatewayRefunds.status, 'pending')));
}

export async function insertLinkedAccount(db: Db, account: Omit<LinkedAccountRow, 'id' | 'createdAt'>): Promise<LinkedAccountRow> {
  const [row] = await db.insert(testGatewayLinkedAccounts).values({ id: razorpayStyleId('acc'), ...account }).returning();
  return row!;
}

export async function selectLinkedAccount(db: Db, id: string): Promise<LinkedAccountRow | undefined> {
  const [row] = await db.select().from(testGatewayLinkedAccounts).where(eq(testGatewayLinkedAccounts.id, id));
  return row;
}

export async function insertTransfer(tx: Db, transfer: Omit<TransferRow, 'id' | 'createdAt' | 'amountReversed'>): Promise<TransferRow> {
  const [row] = await tx.insert(testGatewayTransfers).values({ id: razorpayStyleId('trf'), ...transfer }).returning();
  return row!;
}

export async function selectPaymentTransfers(db: Db, paymentId: string): Promise<TransferRow[]> {
  return db.select().from(testGatewayTransfers).where(eq(testGatewayTransfers.paymentId, paymentId)).orderBy(asc(testGatewayTransfers.createdAt));
}

/** Fetch Transfers: every transfer (from payments and direct) created in [from, to], newest first. */
export async function selectTransfers(db: Db, q: { from?: number | undefined; to?: number | undefined; count: number; skip: number }): Promise<TransferRow[]> {
  const t = testGatewayTransfers;
  const within = and(
    q.from === undefined ? undefined : gte(t.createdAt, new Date(q.from * 1000)),
    q.to === undefined ? undefined : lte(t.createdAt, new Date(q.to * 1000)),
  );
  return db.select().from(t).where(within).orderBy(desc(t.createdAt), desc(t.id)).limit(q.count).offset(q.skip);
}

/** Held until the transaction ends: direct transfers read the balance and spend it in turn. */
export async function lockBalance(tx: Db): Promise<void> {
  await tx.select({ id: testGatewayAccount.id }).from(testGatewayAccount).where(eq(testGatewayAccount.id, 1)).for('update');
}

/** The merchant's balance: captured payments, less refunds and transfers not reversed (paise). */
export async function selectBalance(tx: Db): Promise<number> {
  const [row] = await queryRows(tx, z.object({ balance: z.coerce.number().int() }), sql`
    select (
      (select coalesce(sum(amount), 0) from test_gateway_payments where status <> 'failed')
      - (select coalesce(sum(amount), 0) from test_gateway_refunds)
      - (select coalesce(sum(amount - amount_reversed), 0) from test_gateway_transfers)
    )::bigint as balance
  `);
  return row!.balance;
}

export async function selectTransfer(db: Db, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(testGatewayTransfers).where(eq(testGatewayTransfers.id, id));
  return row;
}

export async function lockTransfer(tx: Db, id: string): Promise<TransferRow | undefined> {
  const [row] = await tx.select().from(testGatewayTransfers).where(eq(testGatewayTransfers.id, id)).for('update');
  return row;
}

export async function updateTransfer(tx: Db, id: string, set: Partial<Pick<TransferRow, 'amountReversed' | 'onHold' | 'onHoldUntil'>>): Promise<TransferRow> {
  const [row] = await tx.update(testGatewayTransfers).set(set).where(eq(testGatewayTransfers.id, id)).returning();
  return row!;
}

/** Queues a webhook; sent after the transaction commits (webhooks.ts). */
export async function insertWebhook(tx: Db, webhook: { eventId: string; body: string }): Promise<void> {
  await tx.insert(testGatewayWebhooks).values(webhook);
}

const dueWebhookRow = z.object({ id: z.string(), event_id: z.string(), body: z.string(), attempts: z.number().int(), queued_at: z.number() });
export type DueWebhook = z.infer<typeof dueWebhookRow>;

/**
 * Takes up to `limit` due webhooks for `leaseSeconds` (SKIP LOCKED: several senders never share
 * one), oldest first: UPDATE … RETURNING keeps no order of its own.
 */
export async function leaseDueWebhooks(db: Db, limit: number, leaseSeconds: number): Promise<DueWebhook[]> {
  const rows = await queryRows(db, dueWebhookRow, sql`
    update test_gateway_webhooks set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from test_gateway_webhooks
      where delivered_at is null and next_attempt_at <= now()
      order by next_attempt_at limit ${limit}
      for update skip locked
    )
    returning id, event_id, body, attempts, extract(epoch from created_at)::float8 as queued_at
  `);
  return rows.sort((a, b) => a.queued_at - b.queued_at);
}

export async function markWebhookDelivered(db: Db, webhook: DueWebhook): Promise<void> {
  await db.execute(sql`update test_gateway_webhooks set delivered_at = now(), last_error = null where id = ${webhook.id}::uuid and attempts = ${webhook.attempts}`);
}

export async function markWebhookFailed(db: Db, webhook: DueWebhook, error: string, retryInSeconds: number): Promise<void> {
  await db.execute(sql`
    update test_gateway_webhooks set last_error = ${error.slice(0, 500)}, next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
    where id = ${webhook.id}::uuid and attempts = ${webhook.attempts}
  `);
}

const webhookStateRow = z.object({ event_id: z.string(), body: z.string(), attempts: z.number().int(), delivered_at: instantColumn.nullable() });

/** Every webhook, oldest first: for tests and support. */
export async function selectWebhooks(db: Db) {
  return queryRows(db, webhookStateRow, sql`select event_id, body, attempts, delivered_at from test_gateway_webhooks order by created_at, event_id`);
}
