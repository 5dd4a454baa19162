import { CalendarDays, ImageOff, MapPin, PawPrint } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { GuestBooking } from '@/domain/contracts/booking';
import { formatInr, formatPaise } from '@/domain/money/units';
import { photoVariant } from '@/domain/photos';
import { REVIEW_WINDOW_DAYS } from '@/domain/reviews';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { stageWords, stayPath } from '@/web/features/stays';
import { MessageButton } from '@/web/features/messages';
import { MeetPanel } from '@/web/features/meets';
import type { MyReview } from '@/domain/contracts/review';
import { Stars } from '@/web/components/stars';
import { PayButton } from '../checkout/pay-button';
import { BookingStatusBadge } from './status-badge';
import { TaxDocumentLinks } from './tax-document-links';
import { refundOutlook } from '../refund-outlook';
import { describeRange } from '@/web/lib/date-range';
import { formatList } from '@/web/i18n/i18n';
import { formatInstant } from '@/web/i18n/times';

/** Where the booking's money stands, in a line: what to pay by when, or the refund's state. */
function MoneyLine({ booking }: { booking: GuestBooking }) {
  const { t, i18n } = useLingui();
  if (booking.status === 'awaiting_payment' && booking.payment_due_at) {
    const due = formatInstant(booking.payment_due_at, i18n);
    return (
      <p className="rounded-2xl bg-orange-50 px-4 py-2.5 text-sm font-medium text-orange-900" data-testid="payment-due">
        {t`Awaiting payment: pay by ${due}`}
      </p>
    );
  }
  if (booking.refund) {
    const amount = formatPaise(booking.refund.amount_paise);
    const words = { pending: t`Refund of ${amount} on its way`, refunded: t`Refunded ${amount}`, failed: t`Refund of ${amount} delayed: our team is on it` };
    return (
      <p className="text-sm font-medium text-stone-700" data-testid="refund-state">
        {words[booking.refund.status]}
      </p>
    );
  }
  return null;
}

/** My review of the stay, with whether others can read it yet. */
function MyReviewLine({ review }: { review: MyReview }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl bg-sand-50 px-4 py-2.5 text-sm text-stone-700" data-testid="my-review">
      <span className="font-semibold text-stone-900">
        <Trans>Your review</Trans>
      </span>
      <Stars rating={review.rating} />
      <span>
        {'· '}
        {review.published ? <Trans>Published</Trans> : <Trans>Pending: published once your host reviews you too, or {REVIEW_WINDOW_DAYS} days after checkout</Trans>}
      </span>
    </p>
  );
}

/** One of my bookings as a guest (the dashboard's Bookings tab). */
export function GuestBookingCard({ booking, review, onCancel }: { booking: GuestBooking; review?: MyReview; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const { listing } = booking;
  const title = listing.title;
  const addressFrom = listing.address_from && formatInstant(listing.address_from, i18n);
  return (
    <article
      data-testid="booking-card"
      className="flex flex-col overflow-hidden surface-card sm:flex-row"
    >
      <Link to={`/listing/${listing.id}`} className="block shrink-0 sm:w-56" tabIndex={-1} aria-hidden="true">
        {listing.cover_photo_url ? (
          <img
            src={photoVariant(listing.cover_photo_url, 'card')}
            alt=""
            width={640}
            height={427}
            loading="lazy"
            className="aspect-[3/2] h-full w-full object-cover"
          />
        ) : (
          <div className="flex aspect-[3/2] h-full w-full items-center justify-center bg-stone-100 text-stone-500">
            <ImageOff className="size-6" aria-hidden="true" />
          </div>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-lg font-bold text-stone-900" translate="no">
              <Link to={`/listing/${listing.id}`} className="hover:underline">
                {listing.title}
              </Link>
            </h2>
            <p className="text-stone-600" translate="no">
              {listing.locality && `${listing.locality}, `}
              {listing.city}, {listing.state}
            </p>
          </div>
          <BookingStatusBadge status={booking.status} />
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-[0.9375rem] text-stone-700">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays className="size-4 text-stone-500" aria-hidden="true" />
              <span className="sr-only">
                <Trans>Dates</Trans>
              </span>
            </dt>
            <dd>
              {describeRange({ from: booking.start_date, to: booking.end_date }, i18n)} · <Plural value={booking.nights} one="# night" other="# nights" />
            </dd>
          </div>
          {booking.pets.length > 0 && (
            <div className="flex items-center gap-2">
              <dt>
                <PawPrint className="size-4 text-stone-500" aria-hidden="true" />
                <span className="sr-only">
                  <Plural value={booking.pets.length} one="Pet" other="Pets" />
                </span>
              </dt>
              <dd translate="no">{formatList(booking.pets.map((p) => p.name), i18n)}</dd>
            </div>
          )}
          {(listing.address || listing.address_from) && (
            <div className="flex basis-full items-start gap-2">
              <dt>
                <MapPin className="mt-0.5 size-4 text-stone-500" aria-hidden="true" />
                <span className="sr-only">
                  <Trans>Address</Trans>
                </span>
              </dt>
              {listing.address ? (
                <dd className="font-medium text-stone-900" data-testid="stay-address" translate="no">
                  {listing.address}
                </dd>
              ) : (
                <dd data-testid="address-from">{t`The exact address appears here on ${addressFrom}, as check-in nears.`}</dd>
              )}
            </div>
          )}
        </dl>
        {booking.stage && (
          <p className="rounded-2xl bg-violet-50 px-4 py-2.5 text-sm font-semibold text-violet-900" data-testid="stay-stage">
            {stageWords(booking.stage, i18n)}
          </p>
        )}
        <MoneyLine booking={booking} />
        <MeetPanel booking={booking} viewer="guest" other={booking.host.name.trim() || t({ id: 'Your host', message: 'Your host' })} />
        <TaxDocumentLinks documents={booking.documents} />
        {(booking.status === 'requested' || booking.status === 'awaiting_payment' || booking.status === 'confirmed') && (
          <p className="text-sm text-stone-600" data-testid="refund-outlook">
            {refundOutlook(booking.cancellation_policy, booking.start_date, new Date(), i18n)}
          </p>
        )}
        {review && <MyReviewLine review={review} />}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-1">
          <p className="text-stone-900">
            <span className="font-bold">{formatInr(booking.total_inr)}</span>{' '}
            <span className="text-sm text-stone-600">
              <Trans>total incl. GST</Trans>
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            {booking.can_pay && <PayButton bookingId={booking.id} totalInr={booking.total_inr} listingTitle={listing.title} />}
            {booking.stage && (
              <Link to={stayPath(booking.id)} className={buttonVariants({ variant: 'secondary', size: 'sm' })} aria-label={booking.status === 'confirmed' ? t`Care sheet & stay at ${title}` : t`Open stay at ${title}`}>
                {booking.status === 'confirmed' ? <Trans>Care sheet & stay</Trans> : <Trans>Open stay</Trans>}
              </Link>
            )}
            <MessageButton bookingId={booking.id} label={t`Message host`} />
            {booking.can_cancel && (
              <Button variant="outline" size="sm" onClick={onCancel}>
                <Trans>Cancel booking</Trans>
              </Button>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
