import { type MeetView, meetView } from '../../../domain/contracts/meet';
import { paidStayShowsAddress } from '../../../domain/location';
import {
  MEET_MESSAGES,
  type MeetOutcome,
  type MeetSide,
  meetInstant,
  meetPlace,
  meetReminderDue,
  meetsOpen,
  meetTimeProblem,
  bookingTakesMeets,
  outcomeProblem,
  proposalProblem,
} from '../../../domain/stays/meet';
import type { MeetProposal } from '../../../domain/stays/meet-form';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { meetConfirmedMail, meetProposedMail, meetReminderMail } from '../../mail/meets';
import { tellSide } from '../notifications';
import { lockBookingForUpdate } from '../bookings';
import {
  claimMeetReminder,
  insertMeet,
  markMeetConfirmed,
  markMeetOutcome,
  markMeetReplaced,
  type MeetBookingRow,
  selectBookingOfMeet,
  selectMeetBooking,
  selectMeetsToRemind,
} from './queries';

// Meet & greet (PRODUCT.md section 10, domain/stays/meet.ts): proposed by either side of a booking
// from its request until the stay starts, confirmed by the other, marked after its time by either.
// Each write locks the booking's row first (the bookings module's lock), so a proposal, a confirm
// and a cancellation of one booking take turns, and each sees what the one before it left.

export type MeetDeps = { db: Db; publicUrl: string };

const bookingNotFound = () => notFound('Booking not found');
const meetNotFound = () => notFound('Meet & greet not found');

const sideOf = (b: MeetBookingRow, userId: string): MeetSide => (b.host_id === userId ? 'host' : 'guest');

/** Where a home meet is for `side`: the address once the booking shows it to them, else the locality. */
function placeFor(b: MeetBookingRow, side: MeetSide, now: Date): string {
  const shown = side === 'host' || paidStayShowsAddress(b, now);
  return meetPlace(shown ? b.listing_address : null, b.listing_locality, b.listing_city);
}

/** Each side's address for mail, and the page where they act on the booking. */
function people(b: MeetBookingRow, publicUrl: string, now: Date) {
  return {
    guest: { to: b.guest_email, link: `${publicUrl}/dashboard`, name: b.guest_name, place: placeFor(b, 'guest', now) },
    host: { to: b.host_email, link: `${publicUrl}/host?tab=requests`, name: b.host_name, place: placeFor(b, 'host', now) },
  };
}

const other = (side: MeetSide): MeetSide => (side === 'guest' ? 'host' : 'guest');

/** Locks the booking for `userId` (its guest or host) and reads it with the meet asked about. */
async function lockAndRead(tx: Db, bookingId: string, userId: string, meetId?: string): Promise<MeetBookingRow> {
  if (!(await lockBookingForUpdate(tx, bookingId, { memberId: userId }))) throw bookingNotFound();
  return (await selectMeetBooking(tx, bookingId, meetId))!;
}

function viewAfter(b: MeetBookingRow, userId: string, now: Date): MeetView {
  const side = sideOf(b, userId);
  const { status, ...record } = b.meet!;
  if (status === 'replaced') throw conflict(MEET_MESSAGES.replaced);
  return meetView({ ...record, status }, side, now, placeFor(b, side, now));
}

/**
 * Either side proposes up to three times to meet (replacing the booking's current meet, if any),
 * and the other side is told.
 */
export async function proposeMeet(deps: MeetDeps, userId: string, bookingId: string, input: MeetProposal, now: Date = new Date()): Promise<MeetView> {
  const times = input.times.map((t) => meetInstant(t)!).sort((a, b) => a.getTime() - b.getTime());
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const b = await lockAndRead(tx, bookingId, userId);
      const problem = proposalProblem({ open: bookingTakesMeets(b, now), startDate: b.start_date, outcome: b.meet?.outcome ?? null, proposals: b.proposals }, now);
      if (problem) throw conflict(problem);
      for (const at of times) {
        const timeProblem = meetTimeProblem(at, now, b.start_date);
        if (timeProblem) throw badRequest(timeProblem, { times: timeProblem });
      }
      await markMeetReplaced(tx, bookingId);
      const id = await insertMeet(tx, { bookingId, proposedBy: userId, mode: input.mode, times, note: input.note });
      const side = sideOf(b, userId);
      const them = people(b, deps.publicUrl, now)[other(side)];
      const from = people(b, deps.publicUrl, now)[side].name;
      const meet = { mode: input.mode, place: them.place, listingTitle: b.listing_title, petNames: b.pet_names };
      await tellSide(tx, b, other(side), 'meet_proposed', meetProposedMail({ ...them, ...meet, from, times, note: input.note }));
      return viewAfter((await selectMeetBooking(tx, bookingId, id))!, userId, now);
    }),
  );
}

/**
 * Runs `act` on meet `meetId` of `userId`'s booking, under the booking's lock, while the meet is
 * the booking's current one; answers the meet as it is after.
 */
async function onCurrentMeet(
  deps: MeetDeps,
  userId: string,
  meetId: string,
  now: Date,
  act: (tx: Db, b: MeetBookingRow, meet: NonNullable<MeetBookingRow['meet']>) => Promise<void>,
): Promise<MeetView> {
  const bookingId = await selectBookingOfMeet(deps.db, meetId, userId);
  if (!bookingId) throw meetNotFound();
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const b = await lockAndRead(tx, bookingId, userId, meetId);
      const meet = b.meet!;
      if (meet.status === 'replaced') throw conflict(MEET_MESSAGES.replaced);
      await act(tx, b, meet);
      return viewAfter((await selectMeetBooking(tx, bookingId, meetId))!, userId, now);
    }),
  );
}

/** The side that did not propose confirms one of the times; both are told. */
export function confirmMeet(deps: MeetDeps, userId: string, meetId: string, time: string, now: Date = new Date()): Promise<MeetView> {
  return onCurrentMeet(deps, userId, meetId, now, async (tx, b, meet) => {
    if (!bookingTakesMeets(b, now)) throw conflict(MEET_MESSAGES.closed);
    if (meet.status === 'confirmed') throw conflict(MEET_MESSAGES.notProposed);
    if (meet.proposed_by_id === userId) throw conflict(MEET_MESSAGES.notYours);
    const asked = new Date(time).getTime();
    const at = meet.times.map((t) => new Date(t)).find((t) => t.getTime() === asked);
    if (!at) throw badRequest(MEET_MESSAGES.notOffered, { time: MEET_MESSAGES.notOffered });
    if (at.getTime() <= now.getTime()) throw conflict(MEET_MESSAGES.pastTime);
    await markMeetConfirmed(tx, meetId, at);
    const both = people(b, deps.publicUrl, now);
    for (const side of ['guest', 'host'] as const) {
      const mail = meetConfirmedMail({ ...both[side], mode: meet.mode, listingTitle: b.listing_title, petNames: b.pet_names, other: both[other(side)].name, at });
      await tellSide(tx, b, side, 'meet_confirmed', mail, { at: at.toISOString() });
    }
  });
}

/**
 * Either side says whether a confirmed meet happened, from its time until 7 days after, even once
 * its booking has closed (a request lives 24 hours; the meet it asked for may come later).
 */
export function markMeet(deps: MeetDeps, userId: string, meetId: string, outcome: MeetOutcome, now: Date = new Date()): Promise<MeetView> {
  return onCurrentMeet(deps, userId, meetId, now, async (tx, b, meet) => {
    const at = meet.at === null ? null : new Date(meet.at);
    const problem = outcomeProblem({ status: meet.status === 'confirmed' ? 'confirmed' : 'proposed', at, outcome: meet.outcome, outcome_by: meet.outcome_by }, sideOf(b, userId), now);
    if (problem) throw conflict(problem);
    await markMeetOutcome(tx, meetId, outcome, userId);
  });
}

/** How far ahead the reminder step looks: the evening before is at most 30 hours before a meet. */
const REMINDER_LOOKAHEAD_MS = 36 * 3_600_000;

/**
 * The lifecycle job's step: from 6 pm India the evening before a confirmed meet, both sides are
 * reminded, once across processes. Answers how many meets were reminded of.
 */
export async function remindMeets(db: Db, publicUrl: string, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const candidates = await selectMeetsToRemind(tx, now, new Date(now.getTime() + REMINDER_LOOKAHEAD_MS));
    let reminded = 0;
    for (const m of candidates) {
      const at = new Date(m.at);
      if (!meetReminderDue({ at, confirmedAt: new Date(m.confirmed_at) }, now)) continue;
      if (!(await claimMeetReminder(tx, m.id))) continue;
      const b = (await selectMeetBooking(tx, m.booking_id, m.id))!;
      const both = people(b, publicUrl, now);
      for (const side of ['guest', 'host'] as const) {
        const mail = meetReminderMail({ ...both[side], mode: b.meet!.mode, listingTitle: b.listing_title, petNames: b.pet_names, other: both[other(side)].name, at });
        await tellSide(tx, b, side, 'meet_reminder', mail, { at: at.toISOString() });
      }
      reminded++;
    }
    return reminded;
  });
}
