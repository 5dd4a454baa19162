import { todayInIndia } from '../../../domain/dates';
import type { Db } from '../../db/client';
import type { LocalMail } from '../../mail/words';
import { bookingCancelledMail, bookingUpdateMail, type GuestUpdate, hostStayMail } from '../../mail/bookings';
import type { BookingDetail } from '../../../domain/contracts/booking';
import { selectBookingById, type SettledBooking, toBookingDetail } from './queries';
import type { NoticeKind, NoticeParams } from '../../../domain/notifications/notices';
import { type StaySides, tellSide } from '../notifications';

// The notices a booking's move sends (the mail_guest and mail_host effects of
// domain/bookings/status.ts), stored in the move's transaction with their e-mails: a rolled-back
// move is never announced, a committed one always.

/** What a booking's e-mails need of the app (BookingDeps has them). */
type MailDeps = { publicUrl: string; testMode: boolean };

/** Each step a guest hears of, as a notice's kind. */
const GUEST_NOTICES: Record<GuestUpdate, NoticeKind> = {
  accepted: 'request_accepted',
  due_soon: 'payment_due_soon',
  confirmed: 'booking_confirmed',
  declined: 'request_declined',
  expired: 'request_expired',
  lapsed: 'booking_lapsed',
  cancelled: 'booking_cancelled',
  cancelled_by_host: 'host_cancelled',
  refunded: 'refund_processed',
};

/** Within `tx`: tells the guest of `update` to their booking, with `mail` as its e-mail. */
export function tellGuest(tx: Db, b: StaySides, update: GuestUpdate, mail: LocalMail, amountPaise?: number, dueAt?: Date | string | null) {
  const extra: NoticeParams = { ...(amountPaise !== undefined && { amount_paise: amountPaise }), ...(dueAt && { at: new Date(dueAt).toISOString() }) };
  return tellSide(tx, b, 'guest', GUEST_NOTICES[update], mail, extra);
}

/** Within `tx`: tells the host of `kind` on a booking, with `mail` as its e-mail. */
export const tellHost = (tx: Db, b: StaySides, kind: NoticeKind, mail: LocalMail) => tellSide(tx, b, 'host', kind, mail);

/** Within `tx`: the booking as `viewerId` sees it now, with the guest's e-mail about `update` queued. */
export async function detailAndMail(tx: Db, deps: MailDeps, id: string, viewerId: string, update: GuestUpdate, refundPaise?: number): Promise<BookingDetail> {
  const row = await tellGuestOf(tx, deps, id, update, refundPaise);
  return toBookingDetail(row, viewerId, todayInIndia(), new Date());
}

/** Within `tx`: the guest told of `update` to booking `id` (its notice and e-mail); answers the booking as it is. */
export async function tellGuestOf(tx: Db, deps: MailDeps, id: string, update: GuestUpdate, refundPaise?: number) {
  const row = (await selectBookingById(tx, id))!;
  const message = bookingUpdateMail({
    to: row.guest_email,
    update,
    listingTitle: row.listing_title,
    startDate: row.start_date,
    endDate: row.end_date,
    totalPaise: row.total_paise,
    ...(row.payment_due_at && { paymentDueAt: row.payment_due_at }),
    ...(refundPaise !== undefined && { refundPaise }),
    publicUrl: deps.publicUrl,
    testMode: deps.testMode,
  });
  const asksToPay = update === 'accepted' || update === 'due_soon';
  await tellGuest(tx, row, update, message, asksToPay ? row.total_paise : refundPaise, asksToPay ? row.payment_due_at : undefined);
  return row;
}

/** Within `tx`: the host's e-mail that the guest cancelled (a request, or an accepted stay). */
export async function tellHostGuestCancelled(tx: Db, deps: MailDeps, id: string, wasConfirmed: boolean): Promise<void> {
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
  await tellHost(tx, cancelled, 'booking_cancelled', message);
}

/**
 * Within `tx`: the host's own record that they cancelled the stay, and what the guest gets back.
 * The guest's e-mail alone would leave the host with nothing to keep of a cancellation that
 * counts against them.
 */
export async function confirmToHost(tx: Db, deps: MailDeps, id: string, refundPaise: number | undefined): Promise<void> {
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
  await tellHost(tx, cancelled, 'host_cancelled', message);
}

/** Within `tx`: the guest told their request expired, or the guest and the host that a stay lapsed. */
export async function tellSettled(tx: Db, deps: MailDeps, rows: readonly SettledBooking[], update: 'expired' | 'lapsed'): Promise<void> {
  for (const b of rows) {
    const stay = { listingTitle: b.listing_title, startDate: b.start_date, endDate: b.end_date, publicUrl: deps.publicUrl, testMode: deps.testMode };
    await tellGuest(tx, b, update, bookingUpdateMail({ ...stay, to: b.guest_email, update, totalPaise: b.total_paise }));
    if (update === 'lapsed') await tellHost(tx, b, 'booking_lapsed', hostStayMail({ ...stay, to: b.host_email, update, guestName: b.guest_name }));
  }
}
