import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The built-in test gateway's own tables, answering as Razorpay's API does (decision 025). Owners: src/server/db/table-owners.ts.

// The test gateway built into the app (server/payments/test-gateway, decision 025): Razorpay's
// Orders, Payments and Refunds as its API documents them, for test mode. Never used when
// Razorpay's keys are set. Ids are Razorpay's shape (`order_…`, `pay_…`, `rfnd_…`).

/** The gateway's key pair and webhook secret: one row, made on first use, shared by every process. */
export const testGatewayAccount = pgTable(
  'test_gateway_account',
  {
    id: integer('id').primaryKey().default(1),
    keyId: text('key_id').notNull(),
    keySecret: text('key_secret').notNull(),
    webhookSecret: text('webhook_secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('test_gateway_account_single', sql`${t.id} = 1`)],
);

export const testGatewayOrders = pgTable(
  'test_gateway_orders',
  {
    id: text('id').primaryKey(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    notes: text('notes').notNull().default('{}'),
    status: text('status', { enum: ['created', 'attempted', 'paid'] }).notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('test_gateway_orders_amount', sql`${t.amount} >= 100`),
    check('test_gateway_orders_status', sql`${t.status} in ('created', 'attempted', 'paid')`),
  ],
);

export const testGatewayPayments = pgTable(
  'test_gateway_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => testGatewayOrders.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['captured', 'failed', 'refunded'] }).notNull(),
    method: text('method', { enum: ['upi', 'card'] }).notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    errorDescription: text('error_description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_gateway_payments_order_idx').on(t.orderId, t.createdAt),
    check('test_gateway_payments_refunded', sql`${t.amountRefunded} between 0 and ${t.amount}`),
    check('test_gateway_payments_status', sql`${t.status} in ('captured', 'failed', 'refunded')`),
    check('test_gateway_payments_method', sql`${t.method} in ('upi', 'card')`),
  ],
);

export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => testGatewayPayments.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    notes: text('notes').notNull().default('{}'),
    // Pending until its refund.processed webhook goes out (a bank takes days; the gateway, moments).
    status: text('status', { enum: ['pending', 'processed'] }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_gateway_refunds_payment_idx').on(t.paymentId, t.createdAt),
    check('test_gateway_refunds_amount', sql`${t.amount} > 0`),
    check('test_gateway_refunds_status', sql`${t.status} in ('pending', 'processed')`),
  ],
);

/** Route's linked accounts: where a host's transfers settle (a bank account or a UPI ID). */
export const testGatewayLinkedAccounts = pgTable('test_gateway_linked_accounts', {
  id: text('id').primaryKey(),
  referenceId: text('reference_id').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  legalBusinessName: text('legal_business_name').notNull(),
  /** The settlement account as sent (JSON), for the entity's answer. */
  settlement: text('settlement').notNull(),
  createdAt: createdAt(),
});

/**
 * Route's transfers to a linked account: from a captured payment, held until released, or a direct
 * transfer from the merchant's balance (no payment).
 */
export const testGatewayTransfers = pgTable(
  'test_gateway_transfers',
  {
    id: text('id').primaryKey(),
    /** Null for a direct transfer (POST /v1/transfers), made from the balance. */
    paymentId: text('payment_id').references(() => testGatewayPayments.id),
    recipient: text('recipient')
      .notNull()
      .references(() => testGatewayLinkedAccounts.id),
    amount: integer('amount').notNull(),
    amountReversed: integer('amount_reversed').notNull().default(0),
    notes: text('notes').notNull().default('{}'),
    onHold: boolean('on_hold').notNull(),
    onHoldUntil: timestamp('on_hold_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_gateway_transfers_payment_idx').on(t.paymentId, t.createdAt),
    check('test_gateway_transfers_amount', sql`${t.amount} > 0 and ${t.amountReversed} between 0 and ${t.amount}`),
  ],
);

/** Webhooks the gateway owes the app: sent from here with retries, as Razorpay retries them. */
export const testGatewayWebhooks = pgTable(
  'test_gateway_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** X-Razorpay-Event-Id: the same on every retry of one event. */
    eventId: text('event_id').notNull().unique(),
    /** The JSON body exactly as signed and sent. */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('test_gateway_webhooks_due_idx').on(t.nextAttemptAt).where(sql`delivered_at is null`)],
);
