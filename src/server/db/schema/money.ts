import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RECOVERY_STATUSES } from '../../../domain/contracts/payout';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { bookings } from './bookings';

// Payments, refunds, the ledger and payouts (the payments module), hosts' tax details (payouts), GST documents (tax-documents). Owners: src/server/db/table-owners.ts.

// The money (PRODUCT.md section 7, docs/decisions/027). Amounts are whole paise. Rows refer to
// bookings without a cascade: money records are never deleted with what they paid for.

/** The provider's order for a booking: one per booking, for the total frozen at acceptance. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['razorpay', 'test'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** When the reconciliation job last asked the provider about it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The reconciliation job's scan: orders of the last week, oldest first.
    index('payment_orders_created_idx').on(t.createdAt),
    check('payment_orders_amount_check', sql`${t.amountPaise} > 0`),
    check('payment_orders_provider_check', sql`${t.provider} in ('razorpay', 'test')`),
  ],
);

/** Every payment attempt the provider reported, captured or failed, by its id. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: ['captured', 'failed'] }).notNull(),
    method: text('method'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_check', sql`${t.amountPaise} > 0`),
    check('payments_status_check', sql`${t.status} in ('captured', 'failed')`),
  ],
);

/**
 * A refund owed on a captured payment: queued in the transaction that decides it, sent to the
 * provider by the refunds job (our id as the provider's receipt, so a retry finds a refund
 * already made), and processed when the provider says so.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason', { enum: ['guest_cancelled', 'host_cancelled', 'not_bookable', 'incident'] }).notNull(),
    status: text('status', { enum: ['queued', 'pending', 'processed', 'failed'] }).notNull().default('queued'),
    providerRefundId: text('provider_refund_id').unique(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_booking_idx').on(t.bookingId, t.createdAt),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'pending')`),
    // One refund per payment and reason: a repeated decision cannot refund twice (a stay's problems
    // are refunded once, by the operator who resolves one).
    uniqueIndex('refunds_payment_reason_idx').on(t.paymentId, t.reason),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
    check('refunds_reason_check', sql`${t.reason} in ('guest_cancelled', 'host_cancelled', 'not_bookable', 'incident')`),
    check('refunds_status_check', sql`${t.status} in ('queued', 'pending', 'processed', 'failed')`),
  ],
);

/**
 * Double entry, append-only: each movement is rows that sum to zero (debits positive), written in
 * the transaction of the change that causes it, so each booking's rows sum to zero too.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** The movement's rows share it. */
    movement: uuid('movement').notNull(),
    account: text('account').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_booking_idx').on(t.bookingId), index('ledger_entries_movement_idx').on(t.movement)],
);

// Part 2 of the money (issue 22): what the host states for tax, where they are paid, and when.

/** A host's tax status: GST-registered (with a GSTIN) or not, and their PAN (TDS is higher without). */
export const hostTaxProfiles = pgTable(
  'host_tax_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    gstin: text('gstin'),
    pan: text('pan'),
    updatedAt: updatedAt(),
  },
  (t) => [check('host_tax_profiles_gstin_check', sql`${t.gstin} is null or length(${t.gstin}) = 15`)],
);

/**
 * Where a host is paid: a bank account (number and IFSC) or a UPI ID. Only the last four
 * characters ever leave the server again.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bank', 'upi'] }).notNull(),
    holderName: text('holder_name').notNull(),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    upiId: text('upi_id'),
    last4: text('last4').notNull(),
    /** The holder's mobile number (+91…), which the provider asks of a linked account. */
    phone: text('phone'),
    /**
     * The provider's linked account (Razorpay Route) that this account's payouts are transferred
     * to: made by a job after each save (decision 030), `pending` until then.
     */
    linkStatus: text('link_status', { enum: ['pending', 'linked', 'failed'] }).notNull().default('pending'),
    linkedAccountId: text('linked_account_id'),
    /** The provider's reason, when it refused the account. */
    linkError: text('link_error'),
    /** The linked account's reference_id: new with each save, so each version is its own account. */
    linkReference: uuid('link_reference').notNull().defaultRandom(),
    linkAttempts: integer('link_attempts').notNull().default(0),
    linkNextAttemptAt: timestamp('link_next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_accounts_link_due_idx').on(t.linkNextAttemptAt).where(sql`link_status = 'pending'`),
    check('payout_accounts_kind_check', sql`${t.kind} in ('bank', 'upi')`),
    check('payout_accounts_link_status_check', sql`${t.linkStatus} in ('pending', 'linked', 'failed')`),
    check(
      'payout_accounts_fields_check',
      sql`(${t.kind} = 'bank' and ${t.accountNumber} is not null and ${t.ifsc} is not null and ${t.upiId} is null) or (${t.kind} = 'upi' and ${t.upiId} is not null and ${t.accountNumber} is null and ${t.ifsc} is null)`,
    ),
  ],
);

/**
 * A paid stay's money for its host: held until PAYOUT_DELAY_HOURS after check-in, then released (paid out),
 * or reversed by a cancellation before that. Made with the payment's capture; its amount follows
 * refunds. The host's tax status is kept as it was at payment, so that a refund settles the same way.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    hostGstin: text('host_gstin'),
    hostPan: text('host_pan'),
    /** The day the stay was paid: the tax rates of that day apply. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /**
     * The stay's value the guest keeps paid (GST excluded; it follows refunds): what the host's
     * gross of a financial year sums, for section 194-O(4).
     */
    stayPaise: integer('stay_paise').notNull(),
    /** No TDS on this stay under section 194-O(4), as decided when it was paid. */
    tdsExempt: boolean('tds_exempt').notNull().default(false),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['held', 'paid', 'reversed'] }).notNull().default('held'),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's transfer to the host's linked account, held until `releaseAt` (decision 030). */
    transferId: text('transfer_id'),
    /** Why the provider last failed to make or release the transfer, for an operator. */
    transferError: text('transfer_error'),
    /** Calls to the provider about the transfer (to make it, then to release it), and when the next may be. */
    transferAttempts: integer('transfer_attempts').notNull().default(0),
    transferNextAttemptAt: timestamp('transfer_next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the first direct transfer (from the balance, decision 039) was asked for: the payment
     * was refunded before the transfer could be made from it. A run after a crash looks for the
     * transfer among those made since.
     */
    directSince: timestamp('direct_since', { withTimezone: true }),
    /** Since when it waits in the operators' queue: the provider refused to pay it (decision 039). */
    attentionSince: timestamp('attention_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_host_idx').on(t.hostId, t.releaseAt),
    index('payouts_attention_idx').on(t.attentionSince).where(sql`attention_since is not null and status = 'held'`),
    index('payouts_transfer_due_idx').on(t.transferNextAttemptAt).where(sql`status = 'held' and transfer_id is null`),
    index('payouts_due_idx').on(t.releaseAt).where(sql`status = 'held'`),
    check('payouts_amount_check', sql`${t.amountPaise} >= 0`),
    check('payouts_stay_check', sql`${t.stayPaise} >= 0`),
    check('payouts_status_check', sql`${t.status} in ('held', 'paid', 'reversed')`),
  ],
);

/**
 * A host's share of a refund decided after their payout was paid (an operator resolving a problem
 * on the stay, decision 055): taken back from their linked account at the provider (a Route
 * transfer reversal) before the guest's refund goes; `owed` when the provider refused (the balance
 * had reached the host's bank), for an operator to collect. Until `recovered`, the stay's
 * host_payable in the ledger is a debit of this amount: what the host owes.
 */
export const payoutRecoveries = pgTable(
  'payout_recoveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    /** The refund it pays for: one recovery per refund. */
    refundId: uuid('refund_id')
      .notNull()
      .unique()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: RECOVERY_STATUSES }).notNull().default('due'),
    /** The provider's reason, when it would not give the money back. */
    providerError: text('provider_error'),
    /**
     * Tries at the provider, and when the next may be: the refund's job tries first; one owed is due
     * again after the host's next payout is released (money is back in their linked account) or when
     * an operator asks, and the payments job tries it then (recoveries.ts).
     */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_recoveries_payout_idx').on(t.payoutId),
    index('payout_recoveries_owed_idx').on(t.createdAt).where(sql`status = 'owed'`),
    index('payout_recoveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'due'`),
    check('payout_recoveries_amount_check', sql`${t.amountPaise} > 0`),
    check('payout_recoveries_status_check', sql`${t.status} in ('due', 'recovered', 'owed')`),
  ],
);

/**
 * The last number given in each series of tax documents (invoices, credit notes) per financial
 * year. Taken under the row's lock in the transaction that issues the document: a rolled-back
 * payment gives its number back, so each series stays unbroken. Test mode's documents have series
 * of their own (decision 040): they never take a number of the real ones.
 */
export const taxDocumentSeries = pgTable(
  'tax_document_series',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.testMode, t.financialYear] })],
);

/**
 * A GST invoice for a paid stay (to its guest), or a credit note for its refund: issued once, in
 * the transaction of the payment or of the refund, with every party and figure as they were then,
 * so that a copy downloaded later is the same document.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /**
     * "PS/26-27/000001" (invoices) or "CN/26-27/000001" (credit notes): at most 16 characters (rule
     * 46); in test mode "TEST-PS/26-27/000001" and "TEST-CN/26-27/000001".
     */
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    /**
     * Made for money that moved through the built-in test gateway (decision 040): not a tax
     * document, marked so on every page, and numbered in a test series. Set when it is issued.
     */
    testMode: boolean('test_mode').notNull().default(false),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** A credit note's refund. */
    refundId: uuid('refund_id')
      .unique()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** The parties, the place of supply and the figures: the document, as issued (domain/tax-invoice.ts). */
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_documents_series_idx').on(t.kind, t.testMode, t.financialYear, t.seq),
    // One invoice per stay.
    uniqueIndex('tax_documents_invoice_idx').on(t.bookingId).where(sql`kind = 'invoice'`),
    index('tax_documents_booking_idx').on(t.bookingId),
    check('tax_documents_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('tax_documents_refund_check', sql`(${t.kind} = 'credit_note') = (${t.refundId} is not null)`),
    // A test document can never pass for a real one, nor take a real one's number.
    check('tax_documents_test_number_check', sql`${t.testMode} = (${t.number} like 'TEST-%')`),
  ],
);
