import type { BookingStatus } from '../../../domain/bookings';
import { type BookingActor, checkBookingMove } from '../../../domain/bookings/status';
import type { Db } from '../../db/client';
import type { BookingDetail } from '../../../domain/contracts/booking';
import { freeStayNights, holdStayNights } from '../listings';
import {
  completeBookings,
  type LockedBooking,
  markAwaitingPayment,
  markCancelled,
  markCheckedIn,
  markCheckedOut,
  markPaid,
  settleBookings,
  updateBookingStatus,
} from './queries';
import { confirmToHost, detailAndMail, tellHostGuestCancelled, tellSettled } from './notices';
import type { BookingDeps } from './service';

// The one writer of bookings.status: every move goes through the machine of
// domain/bookings/status.ts, here or nowhere. Each is called within the transaction that holds the
// booking's row lock (FOR UPDATE), so the status it checks is the status it changes; the callers
// (transitions.ts, lifecycle.ts, and payments through index.ts) decide when a move is due.

/** The host's accept: the nights held (an overlap fails with SQLSTATE 23P01) and payment due by `dueAt`. */
export async function acceptRequest(tx: Db, b: LockedBooking, dueAt: Date): Promise<void> {
  checkBookingMove(b.status, 'awaiting_payment', 'host');
  await holdStayNights(tx, b);
  await markAwaitingPayment(tx, b.id, dueAt);
}

/** The host's decline (or the operator's, for a suspended host). */
export async function declineRequest(tx: Db, b: Pick<LockedBooking, 'id' | 'status'>): Promise<void> {
  checkBookingMove(b.status, 'declined', 'host');
  await updateBookingStatus(tx, b.id, 'declined', true);
}

/** A request that can no longer be answered, found by a host's answer before the job found it. */
export async function expireRequest(tx: Db, b: Pick<LockedBooking, 'id' | 'status'>): Promise<void> {
  checkBookingMove(b.status, 'expired', 'system');
  await updateBookingStatus(tx, b.id, 'expired');
}

/** The guest's payment, captured: the stay is confirmed (payments settles its money in the same transaction). */
export async function confirmPaid(tx: Db, b: { id: string; status: BookingStatus }): Promise<void> {
  checkBookingMove(b.status, 'confirmed', 'payment');
  await markPaid(tx, b.id);
}

/** The host's "Bruno has arrived" (the stays module checks the day and the care sheets first). */
export async function checkInStay(tx: Db, b: { id: string; status: BookingStatus }): Promise<void> {
  checkBookingMove(b.status, 'in_stay', 'host');
  await markCheckedIn(tx, b.id);
}

/** The host's "Bruno has gone home". */
export async function checkOutStay(tx: Db, b: { id: string; status: BookingStatus }): Promise<void> {
  checkBookingMove(b.status, 'completed', 'host');
  await markCheckedOut(tx, b.id);
}

/** How a stay is cancelled: by whom, the share of a paid stay refunded, and who sees the answer. */
export type Cancellation = {
  by: 'guest' | 'host';
  refundPercent: number;
  /** Whose view of the booking the answer is. */
  viewerId: string;
  /** Whether a host cancelling gets their own e-mail of it (not when an operator suspended them). */
  hostCopy: boolean;
};

/**
 * The one cancellation sequence: the nights freed, the booking cancelled by `c.by`, a paid stay's
 * refund queued (payments), the other side and the guest told. Answers the booking as the viewer
 * sees it after.
 */
export async function cancelStay(tx: Db, deps: BookingDeps, b: LockedBooking, c: Cancellation): Promise<BookingDetail> {
  checkBookingMove(b.status, 'cancelled', c.by);
  await freeStayNights(tx, [b.id]);
  await markCancelled(tx, b.id, c.by);
  const reason = c.by === 'guest' ? 'guest_cancelled' : 'host_cancelled';
  const refund = b.status === 'confirmed' ? await deps.refund(tx, { bookingId: b.id, reason, percent: c.refundPercent, cost: b }) : undefined;
  if (c.by === 'guest') await tellHostGuestCancelled(tx, deps, b.id, b.status !== 'requested');
  else if (c.hostCopy) await confirmToHost(tx, deps, b.id, refund);
  return detailAndMail(tx, deps, b.id, c.viewerId, c.by === 'guest' ? 'cancelled' : 'cancelled_by_host', refund);
}

const checkAll = (rows: readonly { status: BookingStatus }[], to: BookingStatus, by: BookingActor) => {
  for (const r of rows) checkBookingMove(r.status, to, by);
};

/**
 * The lifecycle job's moves for rows it has locked: paid stays past check-out completed, requests expired,
 * unpaid stays lapsed (their nights freed), with the e-mails. Answers how many of each.
 */
export async function settleDue(
  tx: Db,
  deps: Pick<BookingDeps, 'publicUrl' | 'testMode'>,
  due: readonly { id: string; status: BookingStatus }[],
): Promise<{ expired: number; lapsed: number; completed: number }> {
  const inStatus = (status: BookingStatus) => due.filter((r) => r.status === status);
  const [toExpire, toLapse] = [inStatus('requested'), inStatus('awaiting_payment')];
  const toComplete = [...inStatus('confirmed'), ...inStatus('in_stay')];
  checkAll(toExpire, 'expired', 'system');
  checkAll(toLapse, 'lapsed', 'system');
  checkAll(toComplete, 'completed', 'system');
  const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
  if (toComplete.length > 0) await completeBookings(tx, ids(toComplete));
  const expired = toExpire.length > 0 ? await settleBookings(tx, ids(toExpire), 'expired') : [];
  await freeStayNights(tx, ids(toLapse));
  const lapsed = toLapse.length > 0 ? await settleBookings(tx, ids(toLapse), 'lapsed') : [];
  await tellSettled(tx, deps, expired, 'expired');
  await tellSettled(tx, deps, lapsed, 'lapsed');
  return { expired: expired.length, lapsed: lapsed.length, completed: toComplete.length };
}
