import { type BookingStatus, requestOverdue } from '../bookings';
import { addDays, formatInstantInIndia, instantInIndia, isIsoDate, type IsoDate, todayInIndia } from '../dates';
import { format, INDIA_CLOCK } from '../dates-in-language';
import type { Locale } from '../locales';
import { checkInAt } from '../money/cancellation';

// Meet & greet (PRODUCT.md section 10): before a stay, either side proposes up to three times to
// meet, at the home's locality or by video; the other side confirms one or proposes others; after
// the time either side says whether it happened. It costs nothing and commits nobody, except that
// a host may require one before a first stay with them: such a request is accepted only after a
// meet marked Met. Pure, and without zod (the listing page and the booking cards read these as they
// draw; the proposal's schema is meet-form.ts): "now" is passed in.

export const MEET_MODES = ['home', 'video'] as const;
export type MeetMode = (typeof MEET_MODES)[number];

export const MEET_MODE_LABELS: Record<MeetMode, string> = { home: 'At the home', video: 'By video call' };

export const MEET_OUTCOMES = ['met', 'missed'] as const;
export type MeetOutcome = (typeof MEET_OUTCOMES)[number];

export const MEET_LIMITS = {
  /** Times one proposal offers. */
  times: 3,
  /** How far ahead a time may be. */
  daysAhead: 14,
  /** How soon a time may be: the other side needs a moment to see it. */
  noticeMinutes: 60,
  /** Each proposal mails the other side: a booking takes this many, then messages do. */
  proposalsPerBooking: 10,
  note: 500,
  /**
   * Days after its time during which a confirmed meet may still be marked, even once its booking
   * has closed: a request lives 24 hours, and a meet it asked for may come after it.
   */
  markDays: 7,
} as const;

/** The evening before a meet, both sides are reminded from this hour, India time. */
export const MEET_REMINDER_HOUR = 18;

export const MEET_MESSAGES = {
  pickTime: /*i18n*/ 'Choose a date and time',
  atLeastOne: /*i18n*/ 'Offer at least one time',
  // Written whole, the limits' figures in them, so that the catalogues find them by their English
  // (decision 063); meet.test.ts holds them to MEET_LIMITS.
  atMost: /*i18n*/ 'Offer at most 3 times',
  different: /*i18n*/ 'Offer different times',
  tooSoon: /*i18n*/ 'Choose a time at least an hour from now',
  tooFar: /*i18n*/ 'Choose a time within the next 14 days',
  mode: /*i18n*/ 'Choose at the home or by video call',
  noteLong: /*i18n*/ 'Keep the note under 500 characters',
  closed: /*i18n*/ 'A meet & greet can be arranged until the stay starts',
  checkInClose: /*i18n*/ 'Check-in is too close to arrange a meet & greet first',
  markTooLate: /*i18n*/ 'A meet & greet can be marked for 7 days after its time',
  alreadyMet: /*i18n*/ 'You have already met for this stay',
  tooMany: /*i18n*/ 'You have proposed many times for this booking: agree a time in messages instead',
  notYours: /*i18n*/ 'Wait for the other side to confirm the times you proposed',
  replaced: /*i18n*/ 'These times were replaced by newer ones',
  notOffered: /*i18n*/ 'Choose one of the times offered',
  notProposed: /*i18n*/ 'This meet & greet is already confirmed',
  pastTime: /*i18n*/ 'This time has passed: propose new times',
  notConfirmed: /*i18n*/ 'Only a confirmed meet & greet can be marked',
  notYet: /*i18n*/ 'A meet & greet can be marked once its time has come',
  marked: /*i18n*/ 'This meet & greet is already marked',
  neededBeforeAccept: /*i18n*/ 'Your listing asks for a meet & greet before a first stay: accept once a meet with this guest is marked Met',
} as const;

/** A time as the form's date and time fields give it, in India: "2026-12-05T11:00". */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** The instant a form's "2026-12-05T11:00" (India) is; null when it is none. */
export function meetInstant(local: string): Date | null {
  const m = LOCAL_TIME.exec(local);
  if (!m || !isIsoDate(m[1]!)) return null;
  return new Date(instantInIndia(m[1]!, Number(m[2])).getTime() + Number(m[3]) * 60_000);
}

/** "2026-12-05T11:00": an instant as the form's fields show it, in India. */
export function meetLocalTime(at: Date): string {
  const day = todayInIndia(at);
  const minutes = Math.round((at.getTime() - instantInIndia(day, 0).getTime()) / 60_000);
  return `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Which rule `at` breaks as a time offered at `now` for a stay starting `startDate`; null when none. */
export function meetTimeRule(at: Date, now: Date, startDate: IsoDate): 'too_soon' | 'too_far' | 'after_check_in' | null {
  if (at.getTime() < now.getTime() + MEET_LIMITS.noticeMinutes * 60_000) return 'too_soon';
  if (at.getTime() > now.getTime() + MEET_LIMITS.daysAhead * 86_400_000) return 'too_far';
  if (at.getTime() >= checkInAt(startDate).getTime()) return 'after_check_in';
  return null;
}

/**
 * Why `at` cannot be offered, in English (the server's answer); null when it can. The form says
 * it in the page's language from meetTimeRule, with the check-in time as the language writes it.
 */
export function meetTimeProblem(at: Date, now: Date, startDate: IsoDate): string | null {
  const rule = meetTimeRule(at, now, startDate);
  if (rule === 'after_check_in') return `Choose a time before check-in (${formatInstantInIndia(checkInAt(startDate))})`;
  return rule && { too_soon: MEET_MESSAGES.tooSoon, too_far: MEET_MESSAGES.tooFar }[rule];
}

/**
 * Where a meet at the home is, as one side may read it: the address once the booking shows it to
 * them (decision 038), else the locality and city.
 */
export const meetPlace = (shownAddress: string | null, locality: string, city: string): string => shownAddress ?? [locality, city].filter(Boolean).join(', ');

/** A meet may be proposed and confirmed while the booking is a request or a stay yet to start. */
export const meetsOpen = (status: BookingStatus): boolean => status === 'requested' || status === 'awaiting_payment' || status === 'confirmed';

export type MeetGate = {
  /** The listing asks for a meet before a first stay. */
  required: boolean;
  /** The guest has stayed with this host before (a stay under way or completed). */
  stayedBefore: boolean;
  /** A meet between the guest and this host was marked Met. */
  met: boolean;
};

/** Whether the host's accept waits for a meet marked Met. */
export const meetBlocksAccept = (gate: MeetGate): boolean => gate.required && !gate.stayedBefore && !gate.met;

type Meet = { status: 'proposed' | 'confirmed'; at: Date | null; outcome: MeetOutcome | null; outcome_by: MeetSide | null };

/**
 * Whether `side` may say now whether a confirmed meet happened: from its time until MEET_LIMITS.markDays
 * after it, once each; the host's word is the last (it opens their accept), so the host may still
 * mark a meet the guest marked, never the other way round.
 */
export function outcomeProblem(meet: Meet, side: MeetSide, now: Date): string | null {
  if (meet.status !== 'confirmed' || meet.at === null) return MEET_MESSAGES.notConfirmed;
  if (meet.outcome !== null && (meet.outcome_by === side || meet.outcome_by === 'host')) return MEET_MESSAGES.marked;
  if (now.getTime() < meet.at.getTime()) return MEET_MESSAGES.notYet;
  if (now.getTime() > meet.at.getTime() + MEET_LIMITS.markDays * 86_400_000) return MEET_MESSAGES.markTooLate;
  return null;
}

/** Whether a confirmed meet is still shown on a booking that no longer takes meets: while it may be marked. */
export const meetStillMarkable = (at: Date | null, now: Date): boolean => at !== null && now.getTime() <= at.getTime() + MEET_LIMITS.markDays * 86_400_000;

/** When both sides are reminded of a meet at `at`: the evening before, India time. */
export const meetReminderAt = (at: Date): Date => instantInIndia(addDays(todayInIndia(at), -1), MEET_REMINDER_HOUR);

/**
 * Whether a confirmed meet's reminder is due at `now`: from the evening before until it starts. A
 * meet confirmed after that evening had its time confirmed moments ago, and gets no reminder.
 */
export function meetReminderDue(meet: { at: Date; confirmedAt: Date }, now: Date): boolean {
  const from = meetReminderAt(meet.at);
  return now.getTime() >= from.getTime() && now.getTime() < meet.at.getTime() && meet.confirmedAt.getTime() < from.getTime();
}

/** "Sat, 5 Dec, 11:00 am": a meet's time in India. */
export function formatMeetTime(at: Date | string): string {
  const instant = new Date(at);
  const weekday = WEEKDAYS[new Date(`${todayInIndia(instant)}T00:00:00Z`).getUTCDay()];
  return `${weekday}, ${formatInstantInIndia(instant)}`;
}
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A meet's time in `locale`: English's as above, "શુક્ર, 27 નવે 9:00 સવારે" in Gujarati; the meet's page and its e-mails alike. */
export const formatMeetTimeIn = (at: Date | string, locale: Locale): string =>
  locale === 'en' ? formatMeetTime(at) : format(locale, 'meeting in India', { weekday: 'short', day: 'numeric', month: 'short', ...INDIA_CLOCK }).format(new Date(at));

/**
 * Why a new proposal cannot be made at `now` on a booking (`open`: it still takes meets, a request
 * not yet overdue) whose current meet ended in `outcome`, after `proposals` before it; null when it
 * can.
 */
export function proposalProblem(b: { open: boolean; startDate: IsoDate; outcome: MeetOutcome | null; proposals: number }, now: Date): string | null {
  if (!b.open) return MEET_MESSAGES.closed;
  if (b.outcome === 'met') return MEET_MESSAGES.alreadyMet;
  if (b.proposals >= MEET_LIMITS.proposalsPerBooking) return MEET_MESSAGES.tooMany;
  if (now.getTime() > checkInAt(b.startDate).getTime() - MEET_LIMITS.noticeMinutes * 60_000) return MEET_MESSAGES.checkInClose;
  return null;
}

/** Whether a booking takes meets now: a request not yet overdue, or a stay accepted or paid and not started. */
export function bookingTakesMeets(b: { status: BookingStatus; start_date: IsoDate; created_at: Date | string }, now: Date): boolean {
  if (b.status === 'requested') return !requestOverdue(b.start_date, new Date(b.created_at), todayInIndia(now), now);
  return meetsOpen(b.status);
}

export type MeetSide = 'guest' | 'host';
