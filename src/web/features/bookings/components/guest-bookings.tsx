import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CANCELLATION_POLICY_LABELS, guestRefundPercent } from '@/domain/money/cancellation';
import type { GuestBooking } from '@/domain/contracts/booking';
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
import { describeRange } from '@/web/lib/date-range';
import { inPageLanguage } from '@/web/i18n/known-words';

/**
 * What cancelling gives back, now: a paid stay follows its policy (the server computes the same
 * from the same modules when the guest confirms, on the paise the booking keeps, which the answer
 * states in whole rupees); an unpaid one cost nothing.
 */
function cancelOutcome(b: GuestBooking, i18n: I18n): string {
  const title = b.listing.title;
  const dates = describeRange({ from: b.start_date, to: b.end_date }, i18n)!;
  const stay = i18n._(msg`${title}, ${dates}. The host is told and the nights are freed.`);
  if (b.status !== 'confirmed' || !b.paid_at) return `${stay} ${i18n._(msg`You have not paid anything, so nothing is charged.`)}`;
  const back = refundPaise({ subtotal_paise: toPaise(b.price_subtotal_inr), taxes_paise: toPaise(b.taxes_inr) }, guestRefundPercent(b.cancellation_policy, b.start_date, new Date()));
  const policy = inPageLanguage(i18n, CANCELLATION_POLICY_LABELS[b.cancellation_policy]);
  const paid = formatInr(b.total_inr);
  const refund = formatPaise(back);
  return back === 0
    ? `${stay} ${i18n._(msg`Under the ${policy} policy, no refund is due: you paid ${paid} and get nothing back.`)}`
    : `${stay} ${i18n._(msg`Under the ${policy} policy, you get back ${refund} of the ${paid} you paid.`)}`;
}

/** The signed-in guest's own bookings, newest first, with their real status. */
export function GuestBookings() {
  const bookings = useQuery(myBookingsQuery);
  const myReviews = useQuery(myReviewsQuery).data;
  const cancel = useCancelBooking();
  const [cancelling, setCancelling] = useState<GuestBooking>();
  const { t, i18n } = useLingui();

  if (bookings.isPending) {
    return <LoadingBlocks label={t`Loading your bookings`} blockClassName="h-40 rounded-3xl" />;
  }
  if (bookings.isError || bookings.data.length === 0) {
    return (
      <EmptyState
        icon={CalendarCheck}
        title={bookings.isError ? t`Your bookings could not be loaded` : t`No bookings yet`}
        action={
          bookings.isError ? undefined : (
            <Link to="/search" className={buttonVariants()}>
              <Trans>Find a stay</Trans>
            </Link>
          )
        }
      >
        {bookings.isError ? <Trans>Please try again in a moment.</Trans> : <Trans>When you request a stay, it appears here with its status.</Trans>}
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
        title={t`Cancel this booking?`}
        description={cancelling && cancelOutcome(cancelling, i18n)}
        cancelLabel={t`Keep it`}
        confirmLabel={t`Cancel booking`}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: (cancelled) => {
              const amount = cancelled.refund && formatPaise(cancelled.refund.amount_paise);
              toast.success(t`Booking cancelled`, amount ? { description: t`${amount} will be refunded to the account you paid from.` } : undefined);
            },
            onError: (err) => toast.error(err instanceof ApiError && err.status < 500 ? err.message : t`Failed to cancel booking`),
          })
        }
      />
    </>
  );
}
