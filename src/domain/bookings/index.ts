import { checkInAt } from '../money/cancellation';
import { daysBetween, type IsoDate } from '../dates';
import { PRICING } from '../money/pricing-config';

// The booking rules of PRODUCT.md section 2 that both the browser and the server apply: which
// stays can be asked for, and where a booking stands in its lifecycle. Pure: "today" is passed in
// (the server's is todayInIndia()), so the rules are testable at any date.

/**
 * The lifecycle's statuses (PRODUCT.md sections 2 and 7); the bookings table takes its check from
 * this list. A host's accept makes a request awaiting_payment; the guest's payment makes it
 * confirmed; no payment in time makes it lapsed. The host's check-in makes it in_stay (PRODUCT.md
 * section 10, domain/stays/stage.ts), and the check-out, or the end of its last day, completed.
 */
export const BOOKING_STATUSES = ['requested', 'awaiting_payment', 'confirmed', 'in_stay', 'declined', 'cancelled', 'expired', 'lapsed', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What a person reads: PRODUCT.md fixes requested as "Pending" and a paid stay as "Confirmed". */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Pending',
  awaiting_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  in_stay: 'Under way',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  lapsed: 'Not paid in time',
  completed: 'Completed',
};

/** Hours a guest has to pay once the host accepts (PRODUCT.md section 7). */
export const PAYMENT_WINDOW_HOURS = 24;

/** Even a stay accepted at the last moment leaves the guest this long to pay. */
const MIN_PAYMENT_WINDOW_HOURS = 2;

/**
 * When an accepted stay must be paid: PAYMENT_WINDOW_HOURS after the host accepted, but not after check-in
 * (a stay is paid before the guest arrives), and never less than two hours after accepting (a
 * host may accept on the first day of the stay).
 */
export function paymentDueAt(acceptedAt: Date, startDate: IsoDate): Date {
  const hour = 3_600_000;
  const window = acceptedAt.getTime() + PAYMENT_WINDOW_HOURS * hour;
  const floor = acceptedAt.getTime() + MIN_PAYMENT_WINDOW_HOURS * hour;
  return new Date(Math.min(window, Math.max(checkInAt(startDate).getTime(), floor)));
}

/** How long before its deadline an unpaid stay's guest is reminded (issue 38): at most this. */
export const PAYMENT_REMINDER_HOURS = 4;

/**
 * When the guest of an accepted stay is reminded to pay: PAYMENT_REMINDER_HOURS before the
 * deadline, or halfway through a shorter window (a stay accepted close to its check-in), so that
 * the reminder never comes on the heels of the acceptance that asked for the payment.
 */
export function paymentReminderAt(acceptedAt: Date | string, dueAt: Date | string): Date {
  const [accepted, due] = [new Date(acceptedAt).getTime(), new Date(dueAt).getTime()];
  return new Date(due - Math.min(PAYMENT_REMINDER_HOURS * 3_600_000, (due - accepted) / 2));
}

/** Less time than this left to pay, a reminder helps no one (a job that was down catching up): none is sent. */
const PAYMENT_REMINDER_LAST_MINUTES = 15;

/** Whether the guest of a stay accepted at `acceptedAt`, to be paid by `dueAt`, is to be reminded at `now`. */
export function paymentReminderDue(acceptedAt: Date | string, dueAt: Date | string, now: Date): boolean {
  const left = new Date(dueAt).getTime() - now.getTime();
  return now.getTime() >= paymentReminderAt(acceptedAt, dueAt).getTime() && left > PAYMENT_REMINDER_LAST_MINUTES * 60_000;
}

/** What a host cancelling a stay is reminded of, in the dialog before and the e-mail after (PRODUCT.md section 7). */
export const HOST_CANCELLATION_RECORDED = /*i18n*/ 'A cancellation by the host is recorded against the host';

/** A request nobody answered within this many hours expires. */
export const REQUEST_TTL_HOURS = 24;

/**
 * Open (unanswered, unlapsed) requests a guest may have at once: each one e-mails a host, so a
 * guest cannot flood one host, or every host, with requests; a real guest asks a few homes.
 */
export const OPEN_REQUEST_LIMITS = { perListing: 3, total: 10 } as const;

/**
 * Requests a guest may send in 24 hours, open or not: withdrawing frees an open request's place,
 * so without these a request-and-withdraw loop would e-mail a host without end.
 */
export const DAILY_REQUEST_LIMITS = { perListing: 6, total: 20 } as const;

/** What a guest past one of the limits above is told. */
export const REQUEST_LIMIT_MESSAGES = {
  perListing: `You already have ${OPEN_REQUEST_LIMITS.perListing} open requests for this home. Please wait for the host's answer, or cancel one, before sending another.`,
  total: `You already have ${OPEN_REQUEST_LIMITS.total} open requests. Please wait for the hosts' answers, or cancel one, before sending another.`,
  perListingPerDay: `You have sent ${DAILY_REQUEST_LIMITS.perListing} requests for this home in the last 24 hours. Please wait for the host's answer before sending another.`,
  perDay: `You have sent ${DAILY_REQUEST_LIMITS.total} requests in the last 24 hours. Please wait a while before sending another.`,
} as const;

export const STAY_MESSAGES = {
  endNotAfterStart: /*i18n*/ 'Check-out must be after check-in',
  tooLong: `A stay can be at most ${PRICING.maxNights} nights`,
  past: /*i18n*/ 'Check-in cannot be in the past',
} as const;

export type StayProblem = { field: 'fromDate' | 'toDate'; message: string };

/**
 * Why the stay [from, to) cannot be asked for, or null when it can. Without `today` only the
 * shape is checked (a schema cannot know the date for certain; the server can).
 */
export function stayProblem(from: IsoDate, to: IsoDate, today?: IsoDate): StayProblem | null {
  if (today !== undefined && daysBetween(today, from) < 0) return { field: 'fromDate', message: STAY_MESSAGES.past };
  const nights = daysBetween(from, to);
  if (nights < PRICING.minNights) return { field: 'toDate', message: STAY_MESSAGES.endNotAfterStart };
  if (nights > PRICING.maxNights) return { field: 'toDate', message: STAY_MESSAGES.tooLong };
  return null;
}

/**
 * The guest may cancel a confirmed stay until the day before it starts (the refund follows the
 * policy), and withdraw a pending or unpaid one until its start day is over (nothing was paid).
 */
export function canCancel(status: BookingStatus, startDate: IsoDate, today: IsoDate): boolean {
  const daysToStart = daysBetween(today, startDate);
  return ((status === 'requested' || status === 'awaiting_payment') && daysToStart >= 0) || (status === 'confirmed' && daysToStart > 0);
}

/**
 * The host may cancel a stay they accepted, paid or not, until its first day is over: the guest
 * gets everything back, and the cancellation counts against the host (PRODUCT.md section 7).
 */
export function hostCanCancel(status: BookingStatus, startDate: IsoDate, today: IsoDate): boolean {
  return (status === 'awaiting_payment' || status === 'confirmed') && daysBetween(today, startDate) >= 0;
}

/**
 * A request that can no longer be answered: unanswered for 24 hours, or its start day is over (a
 * stay may start today, India time, and its host may accept it until the end of that day). The
 * lifecycle job expires these; a host answering before the job has run gets the same answer.
 */
export function requestOverdue(startDate: IsoDate, createdAt: Date, today: IsoDate, now: Date): boolean {
  return daysBetween(today, startDate) < 0 || now.getTime() - createdAt.getTime() >= REQUEST_TTL_HOURS * 3_600_000;
}

/** The statuses of a booking that still brings its pets: a request, or a stay accepted or paid. */
export const OPEN_BOOKING_STATUSES = ['requested', 'awaiting_payment', 'confirmed', 'in_stay'] as const;

/**
 * Whether a booking still brings its pets (PRODUCT.md section 9): open, and not past its check-out
 * day (the lifecycle job closes a stay the day after). While it does, its pets cannot be deleted and
 * their host may open their certificates; modules/pets/queries.ts says the same in SQL.
 */
export function bringsPets(status: BookingStatus, endDate: IsoDate, today: IsoDate): boolean {
  return (OPEN_BOOKING_STATUSES as readonly string[]).includes(status) && endDate >= today;
}
