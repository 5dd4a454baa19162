import { z } from 'zod';
import { stayStageSchema } from './stay-stage';
import { BOOKING_MESSAGES, BOOKING_NOTE_MAX } from '../booking-form';
import { BOOKING_STATUSES, stayProblem } from '../bookings';
import { CANCELLATION_POLICIES } from '../money/cancellation';
import type { BookingCost } from '../money/pricing';
import { rupeesOf } from '../money/units';
import { isIsoDate } from '../dates';
import { LISTING_LIMITS } from '../listing-limits';
import { PET_SIZES, STAY_SIZES } from '../pet-sizes';
import { PET_TYPES } from '../pet-types';
import type { Contract } from './endpoint';
import { idParams, uuidInput } from './params';
import { taxDocumentSummarySchema } from './tax-document';
import { bookingMeetFields } from './meet';

// The bookings endpoints: the booking forms' rules, shared by the browser and the server (SPEC.md
// section 8 words the one message for missing dates or size; the server adds the date-dependent
// check, no past dates), and the answers.


const isBlank = (input: unknown) => input === undefined || input === null || input === '';

const stayDate = z
  .string({ error: BOOKING_MESSAGES.missing })
  .min(1, { error: BOOKING_MESSAGES.missing, abort: true })
  .refine(isIsoDate, BOOKING_MESSAGES.badDate)
  .meta({ format: 'date', description: 'A calendar date, yyyy-MM-dd (no time, no time zone)' });

const stayFields = {
  listingId: uuidInput(BOOKING_MESSAGES.listing),
  fromDate: stayDate,
  toDate: stayDate,
};

const size = z.enum(STAY_SIZES, { error: (issue) => (isBlank(issue.input) ? BOOKING_MESSAGES.missing : BOOKING_MESSAGES.badSize) });

/** Optional; blank or absent becomes ''. */
const note = z
  .string()
  .trim()
  .max(BOOKING_NOTE_MAX, BOOKING_MESSAGES.noteTooLong)
  .nullish()
  .transform((v) => v ?? '');

/** End after start and at most 30 nights, reported on the date that is wrong. */
function checkStay(value: { fromDate: string; toDate: string }, ctx: z.RefinementCtx) {
  if (!isIsoDate(value.fromDate) || !isIsoDate(value.toDate)) return;
  const problem = stayProblem(value.fromDate, value.toDate);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

/** The price of a stay (POST /api/bookings/quote). */
export const bookingQuoteSchema = z.object(stayFields).superRefine(checkStay);

/** SPEC.md section 7's payload, word for word (POST /api/bookings/create, the search sheet). */
export const bookingRequestSchema = z.object({ ...stayFields, size, note }).superRefine(checkStay);

/**
 * The listing page's request (POST /api/bookings): the guest names one or more of their pets,
 * each checked against the listing's pet policy (domain/pet-policy.ts).
 */
export const bookingCreateSchema = z
  .object({
    ...stayFields,
    petIds: z
      .array(uuidInput(BOOKING_MESSAGES.pet), { error: BOOKING_MESSAGES.pet })
      .min(1, BOOKING_MESSAGES.pet)
      .max(LISTING_LIMITS.maxPets.max, BOOKING_MESSAGES.tooManyPets)
      .refine((ids) => new Set(ids).size === ids.length, BOOKING_MESSAGES.petTwice),
    note,
  })
  .superRefine(checkStay);

export type BookingQuoteInput = z.infer<typeof bookingQuoteSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;
export type BookingCreate = z.output<typeof bookingCreateSchema>;

// The answers.

const date = z.string().describe('yyyy-MM-dd');
const inr = z.number().int();
const status = z.enum(BOOKING_STATUSES);

/** SPEC.md's calculate_booking_cost row, plus the nightly price it was computed from. */
export const quoteSchema = z.object({
  nights: z.number().int(),
  nightly_price_inr: inr,
  subtotal_inr: inr,
  taxes_inr: inr,
  platform_fee_inr: inr.describe('The host service fee: deducted from the payout, not added to the total'),
  total_inr: inr.describe('What the guest pays: subtotal + GST'),
});

const bookedStayFields = {
  id: z.uuid(),
  status,
  start_date: date,
  end_date: date.describe('yyyy-MM-dd, the check-out day (the stay is [start_date, end_date))'),
  nights: z.number().int(),
  size: z.enum(STAY_SIZES),
  note: z.string(),
  cancellation_policy: z.enum(CANCELLATION_POLICIES).describe('The listing\'s policy when the guest asked'),
  created_at: z.string(),
  payment_due_at: z.string().nullable().describe('awaiting_payment: unpaid by then, the stay lapses'),
  paid_at: z.string().nullable(),
  cancelled_by: z.enum(['guest', 'host']).nullable(),
  stage: stayStageSchema.nullable().describe('Where a paid stay is; null for one that is no stay'),
  refund: z
    .object({ amount_paise: z.number().int(), status: z.enum(['pending', 'refunded', 'failed']) })
    .nullable()
    .describe('What is being, or was, given back of the payment'),
  documents: z.array(taxDocumentSummarySchema).describe("The stay's GST invoice (once paid) and credit notes (after refunds)"),
};

const vaccinationOnStay = z
  .object({
    given_on: z.string(),
    due_on: z.string(),
    certificate_url: z.string().nullable().describe('While the request or stay is open (always for the guest); null without a certificate'),
  })
  .nullable();

/** A pet on a stay, as its host reads it before answering (PRODUCT.md section 9). */
export const petOnStaySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PET_TYPES),
  breed: z.string().nullable(),
  size: z.enum(PET_SIZES),
  weight_kg: z.number().nullable(),
  birth_date: z.string().nullable(),
  neutered: z.boolean().nullable(),
  temperament: z.string().nullable(),
  notes: z.string().nullable(),
  photo_url: z.string().nullable(),
  vaccinations: z.object({ rabies: vaccinationOnStay, core: vaccinationOnStay }),
});
export type PetOnStay = z.infer<typeof petOnStaySchema>;
const petsOnStay = z.array(petOnStaySchema).describe('The pets the stay is for, as their profiles are now; a profile deleted since is left out');

/** One of my bookings as a guest (the dashboard's Bookings tab). */
export const guestBookingSchema = z.object({
  ...bookedStayFields,
  price_subtotal_inr: inr,
  taxes_inr: inr,
  total_inr: inr,
  listing: z.object({
    id: z.uuid(),
    title: z.string(),
    locality: z.string(),
    city: z.string(),
    state: z.string(),
    address: z
      .string()
      .nullable()
      .describe("The home's exact address: for the host; for the guest of a paid stay once cancelling would no longer refund in full, or from 48 hours before check-in, until it ends (decision 038)"),
    address_from: z.string().nullable().describe('A paid stay that does not show the address yet: when it will (ISO 8601 instant); else null'),
    cover_photo_url: z.string().nullable(),
  }),
  host: z.object({ name: z.string() }),
  pets: z.array(z.object({ id: z.uuid(), name: z.string() })).describe('The pets the stay is for; a profile deleted since is left out'),
  can_cancel: z.boolean(),
  can_pay: z.boolean().describe('Awaiting payment and not yet due'),
  ...bookingMeetFields,
});

/** A booking of one of my listings (the host's Booking Requests tab). */
export const hostBookingSchema = z.object({
  ...bookedStayFields,
  host_payout_inr: inr.describe('Subtotal minus the platform fee'),
  responded_at: z.string().nullable(),
  guest: z.object({ name: z.string() }),
  pets: petsOnStay,
  listing: z.object({ id: z.uuid(), title: z.string() }),
  can_respond: z.boolean().describe('Accept and Decline are possible'),
  can_host_cancel: z.boolean().describe('The host may still cancel this accepted stay (a full refund)'),
  ...bookingMeetFields,
});

/** One booking as its guest or its host sees it; what create, accept, decline and cancel answer. */
export const bookingDetailSchema = z.object({
  ...bookedStayFields,
  viewer_role: z.enum(['guest', 'host']),
  price_subtotal_inr: inr,
  taxes_inr: inr,
  platform_fee_inr: inr,
  total_inr: inr,
  host_payout_inr: inr,
  responded_at: z.string().nullable(),
  listing: guestBookingSchema.shape.listing,
  guest: z.object({ name: z.string() }),
  pets: petsOnStay,
  can_cancel: z.boolean().describe('For the guest'),
  can_pay: z.boolean().describe('For the guest'),
  can_respond: z.boolean().describe('For the host'),
  can_host_cancel: z.boolean().describe('For the host'),
});

export const hostBookingsQuerySchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `Status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
});

export type Quote = z.infer<typeof quoteSchema>;
export type GuestBooking = z.infer<typeof guestBookingSchema>;
export type HostBooking = z.infer<typeof hostBookingSchema>;
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

// The answers' rupee fields (SPEC.md names them) from the paise a booking keeps (decision 043, "One
// unit"): computed here, at the edge, and nowhere else. Exact: a booking's figures are whole rupees.

/** SPEC.md's calculate_booking_cost row of a price. */
export const quoteInRupees = (c: BookingCost): Quote => ({
  nights: c.nights,
  nightly_price_inr: c.nightly_price_inr,
  subtotal_inr: rupeesOf(c.subtotal_paise),
  taxes_inr: rupeesOf(c.taxes_paise),
  platform_fee_inr: rupeesOf(c.platform_fee_paise),
  total_inr: rupeesOf(c.total_paise),
});

/** A booked stay's figures as the answers name them; the host's payout is the subtotal less the fee. */
export const bookingInRupees = (b: { price_subtotal_paise: number; taxes_paise: number; platform_fee_paise: number; total_paise: number }) => ({
  price_subtotal_inr: rupeesOf(b.price_subtotal_paise),
  taxes_inr: rupeesOf(b.taxes_paise),
  platform_fee_inr: rupeesOf(b.platform_fee_paise),
  total_inr: rupeesOf(b.total_paise),
  host_payout_inr: rupeesOf(b.price_subtotal_paise - b.platform_fee_paise),
});

export const bookingEndpoints = {
  'POST /api/bookings/quote': { body: bookingQuoteSchema, response: quoteSchema },
  'POST /api/bookings/create': { body: bookingRequestSchema, response: bookingDetailSchema, status: 201 },
  'POST /api/bookings': { body: bookingCreateSchema, response: bookingDetailSchema, status: 201 },
  'GET /api/bookings': { response: z.object({ results: z.array(guestBookingSchema) }) },
  'GET /api/bookings/:id': { params: idParams, response: bookingDetailSchema },
  'GET /api/host/bookings': { query: hostBookingsQuerySchema, response: z.object({ results: z.array(hostBookingSchema) }) },
  'POST /api/bookings/:id/accept': { params: idParams, response: bookingDetailSchema },
  'POST /api/bookings/:id/decline': { params: idParams, response: bookingDetailSchema },
  'POST /api/bookings/:id/cancel': { params: idParams, response: bookingDetailSchema },
  'POST /api/host/bookings/:id/cancel': { params: idParams, response: bookingDetailSchema },
} as const satisfies Contract;
