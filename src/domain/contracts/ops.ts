import { z } from 'zod';
import type { Contract } from './endpoint';
import { AUDIT_TARGETS, OPERATOR_ACTIONS } from '../operator-actions';
import { BOOKING_STATUSES } from '../bookings';
import { VERIFICATION_STATUSES } from '../verification';
import { LISTING_STATUSES } from './listing';
import { idParams, uuidInput } from './params';

// The operators' console (issue 23, PRODUCT.md section 8): what every operator action is recorded
// as, and the record's read side. Each part of the console has its own contract beside its
// feature (verification.ts for the queue); this is what they share.

export const historyQuerySchema = z.object({
  target_type: z.enum(AUDIT_TARGETS, { error: 'Unknown kind of target' }),
  target_id: uuidInput('Invalid id'),
});

export const operatorActionSchema = z.object({
  id: z.uuid(),
  action: z.enum(OPERATOR_ACTIONS),
  operator: z.string().describe("The operator's e-mail, or \"server console\" for `npm run operator`"),
  target_type: z.enum(AUDIT_TARGETS),
  target_id: z.uuid(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

export type OperatorActionRecord = z.infer<typeof operatorActionSchema>;

export const opsEndpoints = {
  'GET /api/ops/history': { query: historyQuerySchema, response: z.object({ results: z.array(operatorActionSchema) }) },
} as const satisfies Contract;

// ---------------------------------------------------------------------------------------------
// Accounts, listings and reviews: what an operator looks up and acts on

/** Why an operator acts: kept in the record, never shown to the account's owner. */
export const actionReasonSchema = z.object({
  reason: z
    .string({ error: 'Give a reason of at least 10 characters' })
    .trim()
    .min(10, 'Give a reason of at least 10 characters')
    .max(1000, 'Keep the reason under 1,000 characters'),
});

export const userSearchQuerySchema = z.object({
  email: z
    .string({ error: 'Type at least 3 characters of the e-mail address' })
    .trim()
    .toLowerCase()
    .min(3, 'Type at least 3 characters of the e-mail address')
    .max(254, 'That is longer than any e-mail address'),
});

export const opsUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  joined_at: z.string(),
  operator: z.boolean(),
  verified: z.boolean(),
  suspended_at: z.string().nullable(),
});

export const opsListingSchema = z.object({
  id: z.uuid(),
  host_id: z.uuid(),
  title: z.string(),
  city: z.string(),
  status: z.enum(LISTING_STATUSES).describe("The host's own switch"),
  hidden: z.boolean().describe('Hidden by an operator'),
  listed: z.boolean().describe('Guests can find and book it'),
});

export const opsBookingSchema = z.object({
  id: z.uuid(),
  role: z.enum(['guest', 'host']).describe('The side of the account looked up'),
  listing_id: z.uuid(),
  listing_title: z.string(),
  other_party: z.string().describe("The other side's e-mail"),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(BOOKING_STATUSES),
  total_inr: z.number().int(),
  paid_paise: z.number().int().describe('Captured by the payment provider'),
  refunded_paise: z.number().int().describe('Refunds queued, sent or processed'),
});

/** A verification request the account sent for review; its draft, still the host's own, is not shown. */
export const opsVerificationSchema = z.object({
  id: z.uuid(),
  status: z.enum(VERIFICATION_STATUSES).exclude(['draft']),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable().describe("The operator's reason, when rejected"),
});

export const opsAccountSchema = opsUserSchema.extend({
  listings: z.array(opsListingSchema),
  bookings: z.array(opsBookingSchema).describe('Newest first, at most 100'),
  verifications: z.array(opsVerificationSchema).describe('Sent for review, newest first, at most 20: each with its own history'),
  history: z.array(operatorActionSchema),
});

export type OpsUser = z.infer<typeof opsUserSchema>;
export type OpsAccount = z.infer<typeof opsAccountSchema>;
export type OpsListing = z.infer<typeof opsListingSchema>;
export type OpsVerification = z.infer<typeof opsVerificationSchema>;

export const opsAccountEndpoints = {
  'GET /api/ops/users': { query: userSearchQuerySchema, response: z.object({ results: z.array(opsUserSchema) }) },
  'GET /api/ops/users/:id': { params: idParams, response: opsAccountSchema },
  'POST /api/ops/users/:id/suspend': { params: idParams, body: actionReasonSchema, response: opsAccountSchema },
  'POST /api/ops/users/:id/restore': { params: idParams, body: actionReasonSchema, response: opsAccountSchema },
  'POST /api/ops/listings/:id/hide': { params: idParams, body: actionReasonSchema, response: opsListingSchema },
  'POST /api/ops/listings/:id/restore': { params: idParams, body: actionReasonSchema, response: opsListingSchema },
  'POST /api/ops/reviews/:id/remove': { params: idParams, body: actionReasonSchema, response: z.object({ id: z.uuid(), removed: z.literal(true) }) },
} as const satisfies Contract;

// ---------------------------------------------------------------------------------------------
// Money the payment provider would not move, waiting for a person: payouts it refused to pay
// (decision 039), and what hosts owe back of payouts already paid (decision 055)

/** A stay's money in the queue: whose, for which stay, how much, since when, and the provider's answer. */
const queuedMoney = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  host: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  amount_paise: z.number().int(),
  since: z.string(),
  problem: z.string().describe("The payment provider's answer"),
});

export const opsPayoutSchema = queuedMoney.extend({
  amount_paise: z.number().int().describe("The host's share still owed"),
  since: z.string().describe('When it came to the queue'),
  direct: z.boolean().describe("Paid directly from the balance (the guest's payment was refunded in part before it could be transferred), not from the payment"),
});

export type OpsPayout = z.infer<typeof opsPayoutSchema>;

/** A host's share of a refund an operator decided on a problem after their payout, which the provider would not take back. */
export const opsRecoverySchema = queuedMoney.extend({
  amount_paise: z.number().int().describe('What the host owes back'),
  since: z.string().describe('When the provider last refused'),
});

export type OpsRecovery = z.infer<typeof opsRecoverySchema>;

/** A message given up after its last attempt (decisions 056, 058): the operators' dead letters, of every channel. */
export const opsDeliverySchema = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'push', 'whatsapp', 'sms']),
  to: z.string(),
  subject: z.string(),
  about: z.string().nullable().describe('What it is about, e.g. "booking <id>"'),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  since: z.string().describe('When it was queued'),
});

export type OpsDelivery = z.infer<typeof opsDeliverySchema>;

export const opsPayoutEndpoints = {
  'GET /api/ops/payouts': { response: z.object({ results: z.array(opsPayoutSchema) }) },
  'POST /api/ops/payouts/:id/retry': { params: idParams, body: actionReasonSchema, response: z.object({ id: z.uuid(), retried: z.literal(true) }) },
  'GET /api/ops/recoveries': { response: z.object({ results: z.array(opsRecoverySchema) }) },
  'POST /api/ops/recoveries/:id/retry': { params: idParams, body: actionReasonSchema, response: z.object({ id: z.uuid(), retried: z.literal(true) }) },
  'GET /api/ops/deliveries': { response: z.object({ results: z.array(opsDeliverySchema) }) },
  'POST /api/ops/deliveries/:id/retry': { params: idParams, body: actionReasonSchema, response: z.object({ id: z.uuid(), retried: z.literal(true) }) },
} as const satisfies Contract;
