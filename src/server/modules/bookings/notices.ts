import { todayInIndia } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { bookingCancelledMail, bookingUpdateMail, type GuestUpdate, hostStayMail } from '../../mail/bookings';
import type { BookingDetail } from '../../../domain/contracts/booking';
import { selectBookingById, type SettledBooking, toBookingDetail } from './queries';
import { type BookingDeps, queueBookingMail } from './service';

// The e-mails a booking's move sends (the mail_guest and mail_host effects of
// domain/bookings/status.ts), queued in the move's transaction: a rolled-back move is never
// announced, a committed one always.

type MailDeps = Pick<BookingDeps, 'publicUrl' | 'testMode'>;

/** Within `tx`: the booking as `viewerId` sees it now, with the guest's e-mail about `update` queued. */
export async function detailAndMail(tx: Db, deps: MailDeps, id: string, viewerId: string, update: GuestUpdate, refundPaise?: number): Promise<BookingDetail> {
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
  await queueBookingMail(tx, message, id);
  return toBookingDetail(row, viewerId, todayInIndia(), new Date());
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
  await queueBookingMail(tx, message, id);
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
  await queueBookingMail(tx, message, id);
}

/** Within `tx`: the guest told their request expired, or the guest and the host that a stay lapsed. */
export async function tellSettled(tx: Db, deps: MailDeps, rows: readonly SettledBooking[], update: 'expired' | 'lapsed'): Promise<void> {
  for (const b of rows) {
    const stay = { listingTitle: b.listing_title, startDate: b.start_date, endDate: b.end_date, publicUrl: deps.publicUrl, testMode: deps.testMode };
    await queueBookingMail(tx, bookingUpdateMail({ ...stay, to: b.guest_email, update, totalPaise: b.total_paise }), b.id);
    if (update === 'lapsed') await queueBookingMail(tx, hostStayMail({ ...stay, to: b.host_email, update, guestName: b.guest_name }), b.id);
  }
}
