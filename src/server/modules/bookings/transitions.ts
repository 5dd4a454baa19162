import { canCancel, hostCanCancel, paymentDueAt, requestOverdue } from '../../../domain/bookings';
import { guestRefundPercent } from '../../../domain/money/cancellation';
import { todayInIndia } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { SQLSTATE, sqlStateOf, withRetry } from '../../db/errors';
import { conflict, HttpError } from '../../http/errors';
import { bookingCancelledMail, bookingUpdateMail, type GuestUpdate, hostStayMail } from '../../mail/bookings';
import {
  deleteBookingHolds,
  insertStayHold,
  type LockedBooking,
  lockBookingForUpdate,
  lockListingForAccept,
  lockOpenBookingsOf,
  markAwaitingPayment,
  markCancelled,
  selectBookingById,
  toBookingDetail,
  updateBookingStatus,
} from './queries';
import { queueRefund } from '../payments';
import type { BookingDetail } from '../../../domain/contracts/booking';
import { BOOKING_ERRORS, type BookingDeps, bookingNotFound, queueBookingMail, STATUS_CONFLICT } from './service';

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

/** Within `tx`: the booking as `viewerId` sees it now, with the guest's e-mail about `update` queued. */
async function detailAndMail(tx: Db, deps: BookingDeps, id: string, viewerId: string, update: GuestUpdate, refundPaise?: number): Promise<BookingDetail> {
  const row = (await selectBookingById(tx, id))!;
  const message = bookingUpdateMail({
    to: row.guest_email,
    update,
    listingTitle: row.listing_title,
    startDate: row.start_date,
    endDate: row.end_date,
    totalInr: row.total_inr,
    ...(row.payment_due_at && { paymentDueAt: row.payment_due_at }),
    ...(refundPaise !== undefined && { refundPaise }),
    publicUrl: deps.publicUrl,
    testMode: deps.testMode,
  });
  await queueBookingMail(tx, message, id);
  return toBookingDetail(row, viewerId, todayInIndia(), new Date());
}

/** Within `tx`: the host's e-mail that the guest cancelled (a request, or an accepted stay). */
async function tellHostGuestCancelled(tx: Db, deps: BookingDeps, id: string, wasConfirmed: boolean): Promise<void> {
  const cancelled = (await selectBookingById(tx, id))!;
  const message = bookingCancelledMail({
    to: cancelled.host_email,
    guestName: cancelled.guest_name,
    listingTitle: cancelled.listing_title,
    startDate: cancelled.start_date,
    endDate: cancelled.end_date,
    wasConfirmed,
    publicUrl: deps.publicUrl,
  });
  await queueBookingMail(tx, message, id);
}

/**
 * Within `tx`: the host's own record that they cancelled the stay, and what the guest gets back.
 * The guest's e-mail alone would leave the host with nothing to keep of a cancellation that
 * counts against them.
 */
async function confirmToHost(tx: Db, deps: BookingDeps, id: string, refundPaise: number | undefined): Promise<void> {
  const cancelled = (await selectBookingById(tx, id))!;
  const message = hostStayMail({
    to: cancelled.host_email,
    update: 'cancelled_by_host',
    guestName: cancelled.guest_name,
    listingTitle: cancelled.listing_title,
    startDate: cancelled.start_date,
    endDate: cancelled.end_date,
    ...(refundPaise !== undefined && { refundPaise }),
    publicUrl: deps.publicUrl,
    testMode: deps.testMode,
  });
  await queueBookingMail(tx, message, id);
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
      await updateBookingStatus(tx, id, 'expired');
      return 'expired';
    }
    if (answer === 'decline') {
      await updateBookingStatus(tx, id, 'declined', true);
      return 'declined';
    }
    // Accepts of one listing take turns on its row (lockListingForAccept says why).
    await lockListingForAccept(tx, b.listing_id);
    await insertStayHold(tx, b);
    await markAwaitingPayment(tx, id, paymentDueAt(now, b.start_date));
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
  if (result.outcome === 'expired') throw conflict('This request has expired: its check-in day is over or it waited more than 24 hours');
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
      if (!canCancel(b.status, b.start_date, todayInIndia(now))) throw conflict('This stay has already started, so it can no longer be cancelled');
      await deleteBookingHolds(tx, id);
      await markCancelled(tx, id, 'guest');
      const percent = guestRefundPercent(b.cancellation_policy, b.start_date, now);
      const refund = b.status === 'confirmed' ? await queueRefund(tx, { bookingId: id, reason: 'guest_cancelled', percent, cost: b }) : undefined;
      await tellHostGuestCancelled(tx, deps, id, b.status !== 'requested');
      return detailAndMail(tx, deps, id, guestId, 'cancelled', refund);
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
      if (!hostCanCancel(b.status, b.start_date, todayInIndia())) throw conflict('This stay has already started, so it can no longer be cancelled');
      await deleteBookingHolds(tx, id);
      await markCancelled(tx, id, 'host');
      const refund = b.status === 'confirmed' ? await queueRefund(tx, { bookingId: id, reason: 'host_cancelled', percent: 100, cost: b }) : undefined;
      await confirmToHost(tx, deps, id, refund);
      return detailAndMail(tx, deps, id, hostId, 'cancelled_by_host', refund);
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
      await updateBookingStatus(tx, b.id, 'declined', true);
      await detailAndMail(tx, deps, b.id, userId, 'declined');
    } else if (b.side === 'host') {
      if (!canCancel(b.status, b.start_date, today)) continue; // a paid stay from its first day on is under way
      await deleteBookingHolds(tx, b.id);
      await markCancelled(tx, b.id, 'host');
      const refund = b.status === 'confirmed' ? await queueRefund(tx, { bookingId: b.id, reason: 'host_cancelled', percent: 100, cost: b }) : undefined;
      await detailAndMail(tx, deps, b.id, userId, 'cancelled_by_host', refund);
    } else {
      if (!canCancel(b.status, b.start_date, today)) continue;
      await deleteBookingHolds(tx, b.id);
      await markCancelled(tx, b.id, 'guest');
      const refund = b.status === 'confirmed' ? await queueRefund(tx, { bookingId: b.id, reason: 'guest_cancelled', percent: 100, cost: b }) : undefined;
      await tellHostGuestCancelled(tx, deps, b.id, b.status !== 'requested');
      await detailAndMail(tx, deps, b.id, userId, 'cancelled', refund);
    }
    ended += 1;
  }
  return ended;
}
