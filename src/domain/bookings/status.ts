import type { BookingStatus } from './index';

// A booking's life (PRODUCT.md sections 2, 7 and 8) in one table: which status may follow which,
// who moves it, and what else must happen in the same transaction. The bookings module
// (server/modules/bookings/status.ts) writes bookings.status only through moves this table allows;
// everyone else, payments included, asks it to. The when (deadlines, check-in days, refund
// percentages) stays in index.ts and cancellation.ts: this is only the what-may-follow-what.

/**
 * Who moves a booking: its guest, its listing's host, the lifecycle job (system), or the guest's
 * payment as the provider reports it. An operator suspending an account acts as the side the
 * account was on (the stay is cancelled "by the host" when the host is suspended).
 */
export const BOOKING_ACTORS = ['guest', 'host', 'system', 'payment'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

/** What a move brings with it, in the move's transaction. */
export type BookingEffect =
  /** The stay's nights are held on the calendar (the exclusion constraint refuses an overlap). */
  | 'hold_nights'
  /** Its nights, if it held any, are freed. */
  | 'free_nights'
  /** The guest is given until paymentDueAt to pay. */
  | 'set_payment_due'
  /** The host's answer is stamped (responded_at). */
  | 'stamp_response'
  /** The payment's ledger rows, the GST invoice and the host's held payout. */
  | 'settle_payment'
  /** A paid stay's refund is queued (its share by the cancellation policy, or all of it). */
  | 'refund'
  | 'mail_guest'
  | 'mail_host';

export type BookingMove = {
  readonly from: BookingStatus;
  readonly to: BookingStatus;
  readonly by: readonly BookingActor[];
  readonly effects: readonly BookingEffect[];
};

/** Every move a booking may make; a move not listed is refused. */
export const BOOKING_MOVES: readonly BookingMove[] = [
  // The host's answer, or the request's time running out first.
  { from: 'requested', to: 'awaiting_payment', by: ['host'], effects: ['hold_nights', 'set_payment_due', 'stamp_response', 'mail_guest'] },
  { from: 'requested', to: 'declined', by: ['host'], effects: ['stamp_response', 'mail_guest'] },
  { from: 'requested', to: 'expired', by: ['system'], effects: ['mail_guest'] },
  // The guest withdraws a request: nothing was held or paid.
  { from: 'requested', to: 'cancelled', by: ['guest'], effects: ['free_nights', 'mail_guest', 'mail_host'] },
  // An accepted stay: paid, not paid in time, or called off by either side.
  { from: 'awaiting_payment', to: 'confirmed', by: ['payment'], effects: ['settle_payment', 'mail_guest', 'mail_host'] },
  { from: 'awaiting_payment', to: 'lapsed', by: ['system'], effects: ['free_nights', 'mail_guest', 'mail_host'] },
  { from: 'awaiting_payment', to: 'cancelled', by: ['guest', 'host'], effects: ['free_nights', 'mail_guest', 'mail_host'] },
  // A paid stay: cancelled before it starts (and refunded), or over.
  { from: 'confirmed', to: 'cancelled', by: ['guest', 'host'], effects: ['free_nights', 'refund', 'mail_guest', 'mail_host'] },
  { from: 'confirmed', to: 'completed', by: ['system'], effects: [] },
  // The stay itself (PRODUCT.md section 10): the host's "Bruno has arrived" and "Bruno has gone
  // home" (which tells the guest), or the end of the check-out day for a stay nobody checked out.
  { from: 'confirmed', to: 'in_stay', by: ['host'], effects: ['mail_guest'] },
  { from: 'in_stay', to: 'completed', by: ['host', 'system'], effects: [] },
];

/** The statuses nothing follows. */
export const FINAL_BOOKING_STATUSES = ['declined', 'cancelled', 'expired', 'lapsed', 'completed'] as const satisfies readonly BookingStatus[];

/** The move from `from` to `to` by `by`, or undefined when the machine refuses it. */
export function bookingMove(from: BookingStatus, to: BookingStatus, by: BookingActor): BookingMove | undefined {
  return BOOKING_MOVES.find((m) => m.from === from && m.to === to && m.by.includes(by));
}

/** The statuses `by` may move a booking in `from` to. */
export function nextStatuses(from: BookingStatus, by: BookingActor): BookingStatus[] {
  return BOOKING_MOVES.filter((m) => m.from === from && m.by.includes(by)).map((m) => m.to);
}

/** A move the machine refuses, by a caller that should have checked first: a bug, not a user's error. */
export class RefusedBookingMove extends Error {
  constructor(
    readonly from: BookingStatus,
    readonly to: BookingStatus,
    readonly by: BookingActor,
  ) {
    super(`A booking cannot go from ${from} to ${to} by ${by}`);
  }
}

/** The move, or a RefusedBookingMove. */
export function checkBookingMove(from: BookingStatus, to: BookingStatus, by: BookingActor): BookingMove {
  const move = bookingMove(from, to, by);
  if (!move) throw new RefusedBookingMove(from, to, by);
  return move;
}
