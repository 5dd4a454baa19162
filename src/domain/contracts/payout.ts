import { z } from 'zod';
import { isBankAccountNumber, isGstin, isIfsc, isPan, isUpiId, normaliseId } from '../money/tax-ids';
import type { Contract } from './endpoint';
import { normaliseIndianMobile } from './profile';

// A host's money settings and payouts (PRODUCT.md section 7, issue 22): their tax status, where
// they are paid, and what is paid when. Identifiers are checked here for the form and the server
// alike (domain/tax-ids.ts); an account number never comes back, only its last four characters.

export const PAYOUT_MESSAGES = {
  pan: /*i18n*/ 'Enter a valid PAN, like ABCPK1234Q',
  gstin: /*i18n*/ 'Enter a valid 15-character GSTIN',
  gstinPan: /*i18n*/ 'This GSTIN belongs to another PAN: a GSTIN contains its holder\'s PAN',
  gstinNeeded: /*i18n*/ 'Enter your GSTIN, or say you are not registered for GST',
  gstRegistered: /*i18n*/ 'Say whether you are registered for GST',
  holder: /*i18n*/ 'Enter the name on the account',
  // Route's own rules for the name (ROUTE_LIMITS.beneficiaryName), in the form's words.
  holderShort: /*i18n*/ 'The name on the account must be at least 4 characters.',
  holderLong: /*i18n*/ 'The name on the account may not be greater than 120 characters.',
  holderLetters: /*i18n*/ 'The name on the account must contain letters.',
  accountNumber: /*i18n*/ 'Enter the account number: 9 to 18 digits',
  ifsc: /*i18n*/ 'Enter a valid IFSC, like HDFC0001234',
  upi: /*i18n*/ 'Enter a valid UPI ID, like name@okhdfcbank',
  phone: /*i18n*/ 'Enter a valid Indian mobile number',
  kind: /*i18n*/ 'Choose a bank account or a UPI ID',
} as const;

const id = (message: string, valid: (value: string) => boolean) =>
  z
    .string({ error: message })
    .transform(normaliseId)
    .refine(valid, message);

export const taxProfileSchema = z
  .object({
    gst_registered: z.boolean({ error: PAYOUT_MESSAGES.gstRegistered }),
    gstin: z.string().nullish(),
    pan: id(PAYOUT_MESSAGES.pan, isPan),
  })
  .transform((value, ctx) => {
    if (!value.gst_registered) return { gstin: null, pan: value.pan };
    const gstin = normaliseId(value.gstin ?? '');
    if (!gstin) ctx.addIssue({ code: 'custom', message: PAYOUT_MESSAGES.gstinNeeded, path: ['gstin'] });
    else if (!isGstin(gstin)) ctx.addIssue({ code: 'custom', message: PAYOUT_MESSAGES.gstin, path: ['gstin'] });
    else if (gstin.slice(2, 12) !== value.pan) ctx.addIssue({ code: 'custom', message: PAYOUT_MESSAGES.gstinPan, path: ['gstin'] });
    return { gstin, pan: value.pan };
  });

export const taxProfileAnswerSchema = z.object({
  gst_registered: z.boolean(),
  gstin: z.string().nullable(),
  pan: z.string().nullable().describe('Masked: the first five and the last characters'),
});

/**
 * Razorpay Route's limits on what a payout account becomes at the provider (decisions 030 and
 * 039): the name on the account is the settlement account's `beneficiary_name` (4 to 120
 * characters) and the linked account's `legal_business_name` (4 to 200). Checked here before an
 * account is saved, and by the test gateway with these same rules (test-gateway/api.ts), so that
 * neither takes what the other refuses.
 */
export const ROUTE_LIMITS = {
  beneficiaryName: { min: 4, max: 120 },
  legalBusinessName: { min: 4, max: 200 },
} as const;

/** What routeName says of a name Route would refuse. */
type NameWords = { required: string; short: string; long: string; letters: string };

/** Razorpay's words for the field named (`The … must be at least 4 characters.`). */
export const routeWords = (field: string, limits: { min: number; max: number }, required: string): NameWords => ({
  required,
  short: `The ${field} must be at least ${limits.min} characters.`,
  long: `The ${field} may not be greater than ${limits.max} characters.`,
  letters: `The ${field} must contain letters.`,
});

/**
 * A name as Route takes it: spaces trimmed and single, `min` to `max` characters, at least one of
 * them a letter, else refused with `words`.
 */
export function routeName(limits: { min: number; max: number }, words: NameWords) {
  return z
    .string({ error: words.required })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .superRefine((value, ctx) => {
      const message =
        value.length === 0
          ? words.required
          : value.length < limits.min
            ? words.short
            : value.length > limits.max
              ? words.long
              : /\p{L}/u.test(value)
                ? undefined
                : words.letters;
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

const holderName = routeName(ROUTE_LIMITS.beneficiaryName, {
  required: PAYOUT_MESSAGES.holder,
  short: PAYOUT_MESSAGES.holderShort,
  long: PAYOUT_MESSAGES.holderLong,
  letters: PAYOUT_MESSAGES.holderLetters,
});

/** The holder's mobile number, which the payment provider asks of every account it pays. */
const payoutPhone = z
  .string({ error: PAYOUT_MESSAGES.phone })
  .max(20, PAYOUT_MESSAGES.phone)
  .transform((value, ctx) => normaliseIndianMobile(value) ?? (ctx.addIssue({ code: 'custom', message: PAYOUT_MESSAGES.phone }), z.NEVER));

export const payoutAccountSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('bank'),
      holder_name: holderName,
      phone: payoutPhone,
      account_number: z.string({ error: PAYOUT_MESSAGES.accountNumber }).transform((v) => v.replace(/[\s-]/g, '')).refine(isBankAccountNumber, PAYOUT_MESSAGES.accountNumber),
      ifsc: id(PAYOUT_MESSAGES.ifsc, isIfsc),
    }),
    z.object({
      kind: z.literal('upi'),
      holder_name: holderName,
      phone: payoutPhone,
      upi_id: z.string({ error: PAYOUT_MESSAGES.upi }).trim().refine(isUpiId, PAYOUT_MESSAGES.upi),
    }),
  ],
  { error: PAYOUT_MESSAGES.kind },
);

export const payoutAccountAnswerSchema = z
  .object({
    kind: z.enum(['bank', 'upi']),
    holder_name: z.string(),
    last4: z.string().describe('All that is shown of the account'),
    status: z.enum(['pending', 'linked', 'failed']).describe('Whether the payment provider has set the account up for payouts (Route), or refused it'),
    problem: z.string().nullable().describe("The provider's reason, when it refused the account"),
  })
  .nullable();

/** What became of a host's share of a refund decided after their payout was paid (decision 055). */
export const RECOVERY_STATUSES = ['due', 'recovered', 'owed'] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

/** A paid payout's share taken back for a later refund: how much, and where it stands. */
export const recoverySchema = z.object({ amount_paise: z.number().int(), status: z.enum(RECOVERY_STATUSES) });

const payoutStay = {
  booking_id: z.uuid(),
  listing_title: z.string(),
  guest_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  amount_paise: z.number().int(),
};

export const payoutsAnswerSchema = z.object({
  test_mode: z.boolean().describe('Payments and payouts run through the built-in test gateway: no real money moves (decision 040)'),
  account: payoutAccountAnswerSchema,
  upcoming: z.array(
    z.object({
      ...payoutStay,
      release_at: z.string(),
      waiting_for_account: z.boolean().describe('Due, and held until the host has a payout account the provider has set up'),
      delayed: z.boolean().describe('The payment provider would not send it: it waits for our team, who have been told (decision 039)'),
      waits_for: z
        .enum(['check_in', 'problem'])
        .nullable()
        .describe("Held by its stay: not checked in yet (a paid stay is paid out only once it began), or a problem on it is open until our team resolves it"),
    }),
  ),
  paid: z.array(
    z.object({
      ...payoutStay,
      paid_at: z.string(),
      reference: z.string(),
      taken_back: recoverySchema
        .nullable()
        .describe("My share of a refund decided after this payout (a problem on the stay): being taken back, taken back from my payout account, or due back (our team will be in touch)"),
    }),
  ),
});

/** A month of the host's statements: yyyy-MM, in India time. */
export const statementParamsSchema = z.object({
  month: z.string().regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, 'A month is written yyyy-MM, like 2026-11'),
});

export const statementQuerySchema = z.object({ format: z.enum(['pdf', 'csv'], { error: 'Choose pdf or csv' }).default('pdf') });

export const statementMonthsAnswerSchema = z.object({
  months: z.array(z.object({ month: z.string().describe('yyyy-MM'), stays: z.number().int(), net_paise: z.number().int() })).describe('Newest first: the months in which my stays moved money'),
});

export type StatementMonths = z.infer<typeof statementMonthsAnswerSchema>;

export type TaxProfileInput = z.input<typeof taxProfileSchema>;
export type TaxProfile = z.infer<typeof taxProfileAnswerSchema>;
export type PayoutAccountInput = z.input<typeof payoutAccountSchema>;
export type PayoutAccount = z.infer<typeof payoutAccountAnswerSchema>;
export type Payouts = z.infer<typeof payoutsAnswerSchema>;

export const payoutEndpoints = {
  'GET /api/host/tax-profile': { response: taxProfileAnswerSchema },
  'PUT /api/host/tax-profile': { body: taxProfileSchema, response: taxProfileAnswerSchema },
  'GET /api/host/payout-account': { response: payoutAccountAnswerSchema },
  'PUT /api/host/payout-account': { body: payoutAccountSchema, response: payoutAccountAnswerSchema },
  'GET /api/host/payouts': { response: payoutsAnswerSchema },
  'GET /api/host/statements': { response: statementMonthsAnswerSchema },
  'GET /api/host/statements/:month': { params: statementParamsSchema, query: statementQuerySchema, response: null },
} as const satisfies Contract;
