import { z } from 'zod';
import { addDays, daysBetween, type IsoDate, isIsoDate } from '../dates';

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
