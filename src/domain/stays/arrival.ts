import type { BookingStatus } from '../bookings';
import { formatShortDate, type IsoDate } from '../dates';
import { listWords } from '../words';

// The two ends of a stay that the host's presses do not settle (PRODUCT.md section 10). A paid stay
// not checked in by the end of its check-in day asks both sides what happened (a no-show, a late
// arrival, a stay called off): a no-show incident, which an operator resolves and which holds the
// host's payout until then, for nothing is refunded or paid out on a no-show without an operator.
// And after the host's "Bruno has gone home", the guest says all is well or, within 24 hours,
// that something is wrong. Pure, without zod (the answer's schema is arrival-form.ts).

export const ARRIVAL_ANSWERS = ['arriving_late', 'did_not_come', 'called_off'] as const;
export type ArrivalAnswer = (typeof ARRIVAL_ANSWERS)[number];

/** Each answer, as its side chooses it and as the other side and operators read it. */
export const ARRIVAL_ANSWER_LABELS: Record<ArrivalAnswer, string> = {
  arriving_late: 'Arriving late: the stay goes ahead',
  did_not_come: 'Did not come: the stay did not happen',
  called_off: 'Called off: we agreed to cancel',
};

/** Hours after the host's check-out during which the guest is asked whether all is well. */
export const HOME_CONFIRM_HOURS = 24;

export const ARRIVAL_MESSAGES = {
  answer: 'Choose what happened',
  closed: "This stay's arrival is not in question: it was checked in, our team has decided, or its check-in day is not over",
  homeWindow: `"All well" can be said for ${HOME_CONFIRM_HOURS} hours after the host's check-out`,
  homeConfirmed: 'You have said all is well already',
} as const;

type Stay = { status: BookingStatus; start_date: IsoDate };

/**
 * Whether the stay should be asked what happened to its arrival on `today` (India): paid, never
 * checked in, and its check-in day over.
 */
export const arrivalMissed = (stay: Stay, today: IsoDate): boolean => stay.status === 'confirmed' && today > stay.start_date;

const was = (pets: readonly string[]) => (pets.length > 1 ? 'were' : 'was');
const petWords = (pets: readonly string[]) => listWords(pets) || 'The pet';

/** The no-show's words, as both sides and operators read them: "Bruno was not checked in on Mar 14." */
export const missedArrivalText = (pets: readonly string[], startDate: IsoDate): string =>
  `${petWords(pets)} ${was(pets)} not checked in on ${formatShortDate(startDate)}, the stay's first day. What happened?`;

/** How the host's late check-in settles the question, in the incident's resolution. */
export const lateArrivalResolution = (pets: readonly string[], today: IsoDate): string =>
  `${petWords(pets)} arrived late and ${was(pets)} checked in on ${formatShortDate(today)}.`;

type Home = { status: BookingStatus; checked_out_at: Date | string | null; home_confirmed_at: Date | string | null };

/**
 * Whether the guest is asked "All well?" at `now`: the host checked the stay out less than 24 hours
 * ago and the guest has not answered. (Reporting a problem stays open for 48 hours either way.)
 */
export function homeQuestionOpen(stay: Home, now: Date): boolean {
  if (stay.status !== 'completed' || stay.checked_out_at === null || stay.home_confirmed_at !== null) return false;
  return now.getTime() - new Date(stay.checked_out_at).getTime() < HOME_CONFIRM_HOURS * 3_600_000;
}

/** Why the guest's "All well" is refused at `now`; null when it is taken. */
export function confirmHomeProblem(stay: Home, now: Date): string | null {
  if (stay.home_confirmed_at !== null) return ARRIVAL_MESSAGES.homeConfirmed;
  return homeQuestionOpen(stay, now) ? null : ARRIVAL_MESSAGES.homeWindow;
}

/** One side's answer as read beside the question: its label, or that none came yet. */
export const arrivalAnswerText = (answer: ArrivalAnswer | null): string => (answer === null ? 'Not answered yet' : ARRIVAL_ANSWER_LABELS[answer]);
