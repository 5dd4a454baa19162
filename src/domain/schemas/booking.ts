import { z } from 'zod';
import { stayProblem } from '../bookings';
import { isIsoDate } from '../dates';
import { STAY_SIZES } from '../pet-sizes';

// The booking forms' rules, shared by the browser and the server. SPEC.md section 8 words the one
// message for missing dates or size; the server adds the date-dependent check (no past dates).

export const BOOKING_MESSAGES = {
  missing: 'Please select dates and pet size',
  badDate: 'Dates must be real dates written as yyyy-MM-dd',
  badSize: 'Choose small, medium or large',
  noteTooLong: 'Special requests must be at most 1000 characters',
  listing: 'Choose a listing',
  pet: 'Choose which pet is coming',
} as const;

export const BOOKING_NOTE_MAX = 1000;

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

const stayDate = z
  .string({ error: BOOKING_MESSAGES.missing })
  .min(1, { error: BOOKING_MESSAGES.missing, abort: true })
  .refine(isIsoDate, BOOKING_MESSAGES.badDate)
  .meta({ format: 'date', description: 'A calendar date, yyyy-MM-dd (no time, no time zone)' });

const stayFields = {
  listingId: z.uuid({ error: BOOKING_MESSAGES.listing }),
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

/** The listing page's request (POST /api/bookings): the guest names the pet, whose size counts. */
export const bookingCreateSchema = z
  .object({ ...stayFields, petId: z.uuid({ error: BOOKING_MESSAGES.pet }), note })
  .superRefine(checkStay);

export type BookingQuoteInput = z.infer<typeof bookingQuoteSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;
export type BookingCreate = z.output<typeof bookingCreateSchema>;
