import { z } from 'zod';
import type { Contract } from './endpoint';
import { addDays, daysBetween, type IsoDate, isIsoDate } from '../dates';
import { idParams } from './params';

// A host's availability calendar: the range shown, and the dates blocked or unblocked.

export const CALENDAR_LIMITS = {
  /** The longest range one calendar request may show (a year and a bit, for a year view). */
  maxViewDays: 400,
  /** Days shown after the start when no end is asked for. */
  defaultViewDays: 90,
  /** The most nights blocked or unblocked by one request. */
  maxBlockNights: 365,
} as const;

const END_BEFORE_START = 'The end date must be on or after the start date';

/** A real calendar date written as yyyy-MM-dd (2026-02-30 is refused). */
export const isoDateSchema = z
  .string({ error: 'Choose a date' })
  .refine(isIsoDate, 'Dates must be real dates written as yyyy-MM-dd');

/** Why `from`..`to` (both included) is not a range of at most `maxDays` days, or null when it is. */
function rangeError(from: IsoDate, to: IsoDate, maxDays: number, tooLong: string): string | null {
  const days = daysBetween(from, to);
  if (days < 0) return END_BEFORE_START;
  return days >= maxDays ? tooLong : null;
}

/** The calendar range to show: today (or `from`) for 90 days unless asked otherwise; an error message when it is not allowed. */
export function resolveCalendarRange(
  query: { from?: IsoDate; to?: IsoDate },
  today: IsoDate,
): { from: IsoDate; to: IsoDate; error: string | null } {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, CALENDAR_LIMITS.defaultViewDays);
  const error = rangeError(from, to, CALENDAR_LIMITS.maxViewDays, `Show at most ${CALENDAR_LIMITS.maxViewDays} days at a time`);
  return { from, to, error };
}

/** Adds the range's problem as an issue on `to`, once both ends are real dates. */
function checkRange(maxDays: number, tooLong: string) {
  return (r: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
    if (!r.from || !r.to || !isIsoDate(r.from) || !isIsoDate(r.to)) return;
    const error = rangeError(r.from, r.to, maxDays, tooLong);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['to'] });
  };
}

/** The calendar shown: both ends included; either may be left out (see resolveCalendarRange). */
export const calendarQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .superRefine(checkRange(CALENDAR_LIMITS.maxViewDays, `Show at most ${CALENDAR_LIMITS.maxViewDays} days at a time`));

/**
 * Nights to block or unblock: every night from `from` up to and including `to` (one day: from = to).
 * Past dates are the server's to refuse, as only it knows today for certain.
 */
export const blockedDatesSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .superRefine(checkRange(CALENDAR_LIMITS.maxBlockNights, `Choose at most ${CALENDAR_LIMITS.maxBlockNights} nights at a time`));

export type CalendarQuery = z.infer<typeof calendarQuerySchema>;
export type BlockedDatesInput = z.infer<typeof blockedDatesSchema>;

// The answers.

/** A listing's availability from `from` to `to` (both included). */
export const listingCalendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Nights the host blocked, as yyyy-MM-dd, ascending. */
  blocked: z.array(z.string()),
  /** Accepted stays: `from` is the check-in, `to` the check-out (the night of `to` is free). */
  stays: z.array(z.object({ booking_id: z.uuid(), from: z.string(), to: z.string(), guest_name: z.string() })),
});

export const blockedChangeSchema = z.object({
  /** The nights this request blocked (POST) or unblocked (DELETE), as yyyy-MM-dd, ascending. */
  dates: z.array(z.string()),
});

export type ListingCalendar = z.infer<typeof listingCalendarSchema>;
export type BlockedChange = z.infer<typeof blockedChangeSchema>;

export const calendarEndpoints = {
  'GET /api/listings/:id/calendar': { params: idParams, query: calendarQuerySchema, response: listingCalendarSchema },
  'POST /api/listings/:id/blocked-dates': { params: idParams, body: blockedDatesSchema, response: blockedChangeSchema },
  'DELETE /api/listings/:id/blocked-dates': { params: idParams, body: blockedDatesSchema, response: blockedChangeSchema },
} as const satisfies Contract;
