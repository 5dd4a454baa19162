import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GuestBooking } from '@/domain/contracts/booking';
import { formatDateRange } from '@/domain/dates';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { EmptyState } from '@/web/components/empty-state';
import { buttonVariants } from '@/web/components/ui/button';
import { myReviewsQuery } from '@/web/features/reviews';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { myBookingsQuery, useCancelBooking } from '../api';
import { GuestBookingCard } from './guest-booking-card';
import { LoadingBlocks } from '@/web/components/load-states';

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
        description={cancelling && `${cancelling.listing.title}, ${formatDateRange(cancelling.start_date, cancelling.end_date)}. The host is told and the nights are freed.`}
        cancelLabel="Keep it"
        confirmLabel="Cancel booking"
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => toast.success('Booking cancelled'),
            onError: (err) => toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Failed to cancel booking'),
          })
        }
      />
    </>
  );
}
