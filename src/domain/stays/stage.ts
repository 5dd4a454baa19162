import type { BookingStatus } from '../bookings';
import { daysBetween, type IsoDate } from '../dates';

// Where a paid stay stands (PRODUCT.md section 10): confirmed until the host says the pet has
// arrived, in_stay until the host says it has gone home (or the check-out day is over), then
// completed. Pure: "today" is India's calendar day, passed in (the server's is todayInIndia()).

type Stay = { status: BookingStatus; start_date: IsoDate; end_date: IsoDate };
/**
 * With when the host checked it in, and whether it was asked what happened to its arrival (a
 * no-show): a completed stay with a no-show and no check-in did not happen as booked. (Stays
 * completed before check-ins existed have no check-in either, and no no-show.)
 */
type StayWithArrival = Stay & { checked_in_at: Date | string | null; no_show: boolean };

/** Why the host cannot check a stay in today; null when they can. */
export type CheckInProblem = 'not_paid' | 'already_arrived' | 'too_early' | 'too_late' | 'over';

export const CHECK_IN_MESSAGES: Record<CheckInProblem, string> = {
  not_paid: 'Only a paid stay can be checked in',
  already_arrived: 'This stay has already started',
  too_early: 'A stay can be checked in from its check-in day',
  too_late: 'A stay can be checked in until the day before its check-out',
  over: 'This stay is over',
};

/**
 * The host's "Bruno has arrived": a paid (confirmed) stay, from its check-in day until the day
 * before its check-out day. Care sheets are checked separately (missingCareSheets).
 */
export function checkInProblem(stay: Stay, today: IsoDate): CheckInProblem | null {
  if (stay.status === 'in_stay') return 'already_arrived';
  if (stay.status === 'completed') return 'over';
  if (stay.status !== 'confirmed') return 'not_paid';
  if (today < stay.start_date) return 'too_early';
  if (today >= stay.end_date) return 'too_late';
  return null;
}

/**
 * The host's "Bruno has gone home": a stay under way, on any of its days (a guest may collect
 * their pet early). A stay whose check-out day is over is completed by the lifecycle job anyway.
 */
export const canCheckOut = (stay: Stay): boolean => stay.status === 'in_stay';

/**
 * Where a paid stay is, as its cards and page say it ("Arrives in 3 days", "Staying: day 2 of 3",
 * "Gone home"): the answer carries the stage, and each screen words it in its reader's language
 * (web/features/stays/stage-words.ts).
 */
export type StayStage =
  | { kind: 'arrives_in'; days: number }
  | { kind: 'arrives_tomorrow' | 'arrives_today' | 'not_checked_in' | 'goes_home_today' | 'gone_home' | 'never_checked_in' }
  | { kind: 'staying'; day: number; nights: number };

/** Where a paid stay is on `today`, or null for a booking that is no stay (yet). */
export function stayStage(stay: StayWithArrival, today: IsoDate): StayStage | null {
  const { status, start_date: start, end_date: end } = stay;
  if (status === 'completed') return { kind: stay.no_show && stay.checked_in_at === null ? 'never_checked_in' : 'gone_home' };
  if (status === 'in_stay') {
    if (today >= end) return { kind: 'goes_home_today' };
    const nights = daysBetween(start, end);
    const day = Math.min(Math.max(daysBetween(start, today) + 1, 1), nights);
    return { kind: 'staying', day, nights };
  }
  if (status !== 'confirmed') return null;
  const toStart = daysBetween(today, start);
  if (toStart > 1) return { kind: 'arrives_in', days: toStart };
  if (toStart === 1) return { kind: 'arrives_tomorrow' };
  if (toStart === 0) return { kind: 'arrives_today' };
  return today < end ? { kind: 'not_checked_in' } : null;
}

/**
 * Whether the stay's host may read its care sheets (PRODUCT.md section 10): from confirmation
 * until 7 days after the stay ends. The guest may always; nobody else ever.
 */
export const CARE_SHEET_HOST_DAYS_AFTER = 7;

export function hostMayReadCareSheets(stay: Stay, today: IsoDate): boolean {
  if (stay.status === 'confirmed' || stay.status === 'in_stay') return true;
  return stay.status === 'completed' && daysBetween(stay.end_date, today) <= CARE_SHEET_HOST_DAYS_AFTER;
}

/** Whether the guest may still write the care sheets: once paid, until the pet goes home. */
export const careSheetsEditable = (stay: Pick<Stay, 'status'>): boolean => stay.status === 'confirmed' || stay.status === 'in_stay';
