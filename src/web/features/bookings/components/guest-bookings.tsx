import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CANCELLATION_POLICY_LABELS, guestRefundPercent } from '@/domain/money/cancellation';
import type { GuestBooking } from '@/domain/contracts/booking';
import { formatDateRange } from '@/domain/dates';
import { formatInr, formatPaise, toPaise } from '@/domain/money/units';
import { refundPaise } from '@/domain/money/settlement';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { EmptyState } from '@/web/components/empty-state';
import { buttonVariants } from '@/web/components/ui/button';
import { myReviewsQuery } from '@/web/features/reviews';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { myBookingsQuery, useCancelBooking } from '../api';
import { GuestBookingCard } from './guest-booking-card';
import { LoadingBlocks } from '@/web/components/load-states';

/**
 * What cancelling gives back, now: a paid stay follows its policy (the server computes the same
 * from the same modules when the guest confirms, on the paise the booking keeps, which the answer
 * states in whole rupees); an unpaid one cost nothing.
 */
function cancelOutcome(b: GuestBooking): string {
  const stay = `${b.listing.title}, ${formatDateRange(b.start_date, b.end_date)}. The host is told and the nights are freed.`;
  if (b.status !== 'confirmed' || !b.paid_at) return `${stay} You have not paid anything, so nothing is charged.`;
  const back = refundPaise({ subtotal_paise: toPaise(b.price_subtotal_inr), taxes_paise: toPaise(b.taxes_inr) }, guestRefundPercent(b.cancellation_policy, b.start_date, new Date()));
  const policy = `${CANCELLATION_POLICY_LABELS[b.cancellation_policy]} policy`;
  return back === 0
    ? `${stay} Under the ${policy}, no refund is due: you paid ${formatInr(b.total_inr)} and get nothing back.`
    : `${stay} Under the ${policy}, you get back ${formatPaise(back)} of the ${formatInr(b.total_inr)} you paid.`;
}

/** The signed-in guest's own bookings, newest first, with their real status. */
export function GuestBookings() {
  const bookings = useQuery(myBookingsQuery);
  const myReviews = useQuery(myReviewsQuery).data;
  const cancel = useCancelBooking();
  const [cancelling, setCancelling] = useState<GuestBooking>();

  if (bookings.isPending) {
    return <LoadingBlocks label="Loading your bookings" blockClassName="h-40 rounded-3xl" />;
  }
  if (bookings.isError || bookings.data.length === 0) {
    return (
      <EmptyState
        icon={CalendarCheck}
        title={bookings.isError ? 'Your bookings could not be loaded' : 'No bookings yet'}
        action={
          bookings.isError ? undefined : (
            <Link to="/search" className={buttonVariants()}>
              Find a stay
            </Link>
          )
        }
      >
        {bookings.isError ? 'Please try again in a moment.' : 'When you request a stay, it appears here with its status.'}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-5">
        {bookings.data.map((booking) => (
          <li key={booking.id}>
            <GuestBookingCard
              booking={booking}
              review={myReviews?.find((r) => r.booking_id === booking.id && r.kind === 'listing')}
              onCancel={() => setCancelling(booking)}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(cancelling)}
        onOpenChange={(open) => !open && setCancelling(undefined)}
        title="Cancel this booking?"
        description={cancelling && cancelOutcome(cancelling)}
        cancelLabel="Keep it"
        confirmLabel="Cancel booking"
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: (cancelled) =>
              toast.success('Booking cancelled', cancelled.refund ? { description: `${formatPaise(cancelled.refund.amount_paise)} will be refunded to the account you paid from.` } : undefined),
            onError: (err) => toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Failed to cancel booking'),
          })
        }
      />
    </>
  );
}
