import { canCancel, hostCanCancel, paymentDueAt, requestOverdue } from '../../../domain/bookings';
import { guestRefundPercent } from '../../../domain/money/cancellation';
import { todayInIndia } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { SQLSTATE, sqlStateOf, withRetry } from '../../db/errors';
import { conflict, HttpError } from '../../http/errors';
import { type LockedBooking, lockBookingForUpdate, lockListingForAccept, lockOpenBookingsOf, selectMeetGate } from './queries';
import { MEET_MESSAGES, meetBlocksAccept } from '../../../domain/stays/meet';
import { detailAndMail } from './notices';
import { acceptRequest, cancelStay, declineRequest, expireRequest } from './status';
import type { BookingDetail } from '../../../domain/contracts/booking';
import { BOOKING_ERRORS, type BookingDeps, bookingNotFound, STATUS_CONFLICT } from './service';

// The host's answer (accept, decline) and the cancels, the guest's and the host's. Each locks the
// booking row, checks its status, and changes status, calendar hold, refund and e-mails in one
// transaction (docs/decisions/002): the exclusion constraint on calendar_holds is the final word
// on overlaps, whatever ran before. A refund is only queued here; the payments job sends it.

/** The booking, locked until the transaction ends, if `who` may act on it; else a 404. */
async function lockBooking(tx: Db, id: string, who: { hostId: string } | { guestId: string }): Promise<LockedBooking> {
  const row = await lockBookingForUpdate(tx, id, who);
  if (!row) throw bookingNotFound();
  return row;
}

/**
 * The host accepts or declines a request. Accepting holds the stay's nights and waits for the
 * guest's payment (domain/bookings.ts paymentDueAt); an overlap with an accepted stay or blocked
 * night (SQLSTATE 23P01) rolls everything back and answers 409. A request that became overdue
 * before the job caught it is expired here instead, and the answer is a 409.
 */
export async function respondToRequest(deps: BookingDeps, hostId: string, id: string, answer: 'accept' | 'decline'): Promise<BookingDetail> {
  const decide = async (tx: Db): Promise<'accepted' | 'declined' | 'expired'> => {
    const now = new Date();
    const b = await lockBooking(tx, id, { hostId });
    if (b.status !== 'requested') throw conflict(STATUS_CONFLICT[b.status]);
    if (requestOverdue(b.start_date, new Date(b.created_at), todayInIndia(now), now)) {
      await expireRequest(tx, b);
      return 'expired';
    }
    if (answer === 'decline') {
      await declineRequest(tx, b);
      return 'declined';
    }
    // A listing that meets new guests first waits for a meet marked Met (domain/stays/meet.ts).
    if (meetBlocksAccept(await selectMeetGate(tx, b.id))) throw new HttpError(409, 'meet_needed', MEET_MESSAGES.neededBeforeAccept);
    // Accepts of one listing take turns on its row (lockListingForAccept says why).
    await lockListingForAccept(tx, b.listing_id);
    await acceptRequest(tx, b, paymentDueAt(now, b.start_date));
    return 'accepted';
  };
  let result: { outcome: 'accepted' | 'declined' | 'expired'; detail: BookingDetail };
  try {
    result = await withRetry(() =>
      deps.db.transaction(async (tx) => {
        const outcome = await decide(tx);
        return { outcome, detail: await detailAndMail(tx, deps, id, hostId, outcome) };
      }),
    );
  } catch (err) {
    if (sqlStateOf(err) === SQLSTATE.exclusionViolation) throw new HttpError(409, 'dates_overlap', BOOKING_ERRORS.overlap);
    throw err;
  }
  if (result.outcome === 'expired') throw conflict(/*i18n*/ 'This request has expired: its check-in day is over or it waited more than 24 hours');
  return result.detail;
}

/**
 * The guest cancels a request, or an accepted stay before it starts (which frees its nights). A
 * paid stay is refunded as its cancellation policy says at this moment, India time: that share of
 * the stay and of its GST (domain/money/cancellation.ts, domain/money/settlement.ts refundPaise).
 */
export async function cancelBooking(deps: BookingDeps, guestId: string, id: string): Promise<BookingDetail> {
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const now = new Date();
      const b = await lockBooking(tx, id, { guestId });
      if (b.status !== 'requested' && b.status !== 'awaiting_payment' && b.status !== 'confirmed') throw conflict(STATUS_CONFLICT[b.status]);
      if (!canCancel(b.status, b.start_date, todayInIndia(now))) throw conflict(/*i18n*/ 'This stay has already started, so it can no longer be cancelled');
      const refundPercent = guestRefundPercent(b.cancellation_policy, b.start_date, now);
      return cancelStay(tx, deps, b, { by: 'guest', refundPercent, viewerId: guestId, hostCopy: false });
    }),
  );
}

/**
 * The host cancels a stay they accepted, before its first day is over: the nights are freed, a
 * paid stay is refunded in full, and the cancellation is the host's (cancelled_by).
 */
export async function hostCancelBooking(deps: BookingDeps, hostId: string, id: string): Promise<BookingDetail> {
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const b = await lockBooking(tx, id, { hostId });
      if (b.status !== 'awaiting_payment' && b.status !== 'confirmed') throw conflict(STATUS_CONFLICT[b.status]);
      if (!hostCanCancel(b.status, b.start_date, todayInIndia())) throw conflict(/*i18n*/ 'This stay has already started, so it can no longer be cancelled');
      return cancelStay(tx, deps, b, { by: 'host', refundPercent: 100, viewerId: hostId, hostCopy: true });
    }),
  );
}

/**
 * Within the transaction that suspends `userId` (PRODUCT.md section 8): every open booking of
 * theirs that has not started ends, as its other side would want. As the host, their requests are
 * declined and their accepted stays cancelled as a host's cancellation (a paid one refunded in
 * full); as the guest, their requests and stays are cancelled, a paid one refunded in full too
 * (the stay was theirs, the money is theirs), and its host is told. A stay under way is left for
 * an operator to handle with the people in it. Answers how many bookings ended.
 */
export async function endOpenBookingsOf(tx: Db, deps: BookingDeps, userId: string): Promise<number> {
  const today = todayInIndia();
  let ended = 0;
  for (const b of await lockOpenBookingsOf(tx, userId)) {
    if (b.side === 'host' && b.status === 'requested') {
      if (requestOverdue(b.start_date, new Date(b.created_at), today, new Date())) continue; // the lifecycle job expires it
      await declineRequest(tx, b);
      await detailAndMail(tx, deps, b.id, userId, 'declined');
    } else {
      if (!canCancel(b.status, b.start_date, today)) continue; // a paid stay from its first day on is under way
      await cancelStay(tx, deps, b, { by: b.side, refundPercent: 100, viewerId: userId, hostCopy: false });
    }
    ended += 1;
  }
  return ended;
}
