import { useState } from 'react';
import { listWords } from '@/domain/words';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { Check, Inbox, Loader2, MessageSquareQuote, X } from 'lucide-react';
import { awaitingPaymentLine, HOST_CANCELLATION_RECORDED } from '@/domain/bookings';
import type { HostBooking } from '@/domain/contracts/booking';
import { formatDateRange } from '@/domain/dates';
import { formatInr } from '@/domain/money/units';
import { STAY_SIZE_LABELS } from '@/domain/pet-sizes';
import { EmptyState } from '@/web/components/empty-state';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { stageWords, stayPath } from '@/web/features/stays';
import { useLingui } from '@lingui/react';
import { MessageButton } from '@/web/features/messages';
import { MeetPanel, meetNeededId } from '@/web/features/meets';
import { ApiError } from '@/web/lib/api';
import { hostBookingsQuery, useHostCancelBooking, useRespondToBooking } from '../api';
import { PetsOnStay } from './pets-on-stay';
import { BookingStatusBadge } from './status-badge';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

/** The server's message (a 409 says which dates collide), else ours. */
function failure(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.code !== 'http_error' ? err.message : fallback;
}

/** The host's Booking Requests tab: requests to answer first, then the other bookings of my listings. */
export function HostBookingRequests() {
  const bookings = useQuery(hostBookingsQuery);

  if (bookings.isPending) {
    return <LoadingBlocks label="Loading booking requests" blockClassName="h-44 rounded-3xl" />;
  }
  if (bookings.isError) {
    return <LoadFailed onRetry={() => void bookings.refetch()}>Booking requests could not be loaded.</LoadFailed>;
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyState icon={Inbox} title="No booking requests yet">
        When a pet parent asks to stay, their request appears here. You have 24 hours to accept or decline.
      </EmptyState>
    );
  }

  const waiting = bookings.data.filter((b) => b.can_respond);
  const others = bookings.data.filter((b) => !b.can_respond);
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="waiting-title">
        <h2 id="waiting-title" className="text-xl font-bold tracking-tight text-stone-900">
          Waiting for your answer
        </h2>
        {waiting.length === 0 ? (
          <p className="mt-3 text-stone-600">You're all caught up. New requests will show here.</p>
        ) : (
          <ul className="mt-5 flex flex-col gap-4">
            {waiting.map((b) => (
              <li key={b.id}>
                <HostRequestCard booking={b} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {others.length > 0 && (
        <section aria-labelledby="earlier-title">
          <h2 id="earlier-title" className="text-xl font-bold tracking-tight text-stone-900">
            Earlier requests
          </h2>
          <ul className="mt-5 flex flex-col gap-4">
            {others.map((b) => (
              <li key={b.id}>
                <HostRequestCard booking={b} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function HostRequestCard({ booking }: { booking: HostBooking }) {
  const respond = useRespondToBooking();
  const hostCancel = useHostCancelBooking();
  const [confirmDecline, setConfirmDecline] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { i18n } = useLingui();
  const guest = booking.guest.name?.trim() || 'A guest';
  const { pets } = booking;

  // mutateAsync: the card moves to "Earlier requests" (a remount) once the list refreshes, and
  // the toast must still show.
  const answer = async (kind: 'accept' | 'decline') => {
    try {
      await respond.mutateAsync({ id: booking.id, answer: kind });
      toast.success(kind === 'accept' ? `Request accepted. ${guest} has been told.` : `Request declined. ${guest} has been told.`);
    } catch (err) {
      toast.error(failure(err, kind === 'accept' ? 'Failed to accept request' : 'Failed to decline request'));
    }
  };

  const cancelStay = async () => {
    try {
      await hostCancel.mutateAsync(booking.id);
      toast.success(`Stay cancelled. ${guest} has been told${booking.paid_at ? ' and gets a full refund' : ''}.`);
    } catch (err) {
      toast.error(failure(err, 'Failed to cancel the stay'));
    }
  };

  return (
    <article
      data-testid="booking-request"
      aria-labelledby={`req-${booking.id}`}
      className="surface-card p-5 sm:p-6"
    >
      <div className="flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h3 id={`req-${booking.id}`} className="text-lg font-bold text-stone-900">
              {guest}
            </h3>
            <BookingStatusBadge status={booking.status} />
            {booking.stage && (
              <span className="text-sm font-semibold text-violet-900" data-testid="stay-stage">
                {stageWords(booking.stage, i18n)}
              </span>
            )}
          </div>
          <p className="mt-1 text-[0.9375rem] text-stone-600">
            for{' '}
            <Link to={`/listing/${booking.listing.id}`} className="font-medium text-stone-800 underline-offset-4 hover:underline">
              {booking.listing.title}
            </Link>
          </p>

          <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4 text-[0.9375rem] sm:grid-cols-3 sm:gap-x-8">
            <div>
              <dt className="text-sm text-stone-600">Dates</dt>
              <dd className="font-semibold text-stone-900">{formatDateRange(booking.start_date, booking.end_date)}</dd>
              <dd className="text-sm text-stone-600">
                {booking.nights} {booking.nights === 1 ? 'night' : 'nights'}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm text-stone-600">{pets.length > 1 ? 'Pets' : 'Pet'}</dt>
              {pets.length > 0 ? (
                <>
                  <dd className="font-semibold break-words text-stone-900">{listWords(pets.map((p) => p.name))}</dd>
                  {pets.length > 1 && <dd className="text-sm text-stone-600">{pets.length} pets</dd>}
                </>
              ) : (
                <dd className="text-stone-700">{STAY_SIZE_LABELS[booking.size]}</dd>
              )}
            </div>
            <div>
              <dt className="text-sm text-stone-600">Your payout</dt>
              <dd className="font-semibold text-stone-900 tabular-nums">{formatInr(booking.host_payout_inr)}</dd>
              <dd className="text-sm text-stone-600">{`After PawStay's ${PLATFORM_FEE_TEXT} fee`}</dd>
            </div>
          </dl>

          {booking.status === 'awaiting_payment' && booking.payment_due_at && (
            <p className="mt-5 rounded-2xl bg-orange-50 px-4 py-2.5 text-sm font-medium text-orange-900">
              {awaitingPaymentLine(booking.payment_due_at)}. The dates are held for {guest} until then.
            </p>
          )}
          {booking.status === 'cancelled' && booking.cancelled_by === 'host' && (
            <p className="mt-5 text-sm text-stone-600">You cancelled this stay{booking.refund ? '; the guest was refunded in full' : ''}.</p>
          )}

          <div className="mt-5 empty:hidden">
            <MeetPanel booking={booking} viewer="host" other={guest} />
          </div>

          {booking.note && (
            <blockquote className="mt-5 flex gap-3 rounded-2xl bg-sand-50 px-4 py-3 text-[0.9375rem] text-stone-700">
              <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
              <p className="min-w-0 break-words whitespace-pre-line">{booking.note}</p>
            </blockquote>
          )}

          {pets.length > 0 && (
            <div className="mt-5">
              <PetsOnStay pets={pets} startDate={booking.start_date} />
            </div>
          )}
        </div>

        <div className="flex flex-wrap gap-3 lg:flex-col">
          {booking.can_respond && (
            <>
              <Button
                className="flex-1 lg:w-36 lg:flex-none"
                onClick={() => void answer('accept')}
                disabled={respond.isPending || booking.meet_needed}
                aria-label={`Accept ${guest}'s request`}
                aria-describedby={booking.meet_needed ? meetNeededId(booking.id) : undefined}
              >
                {respond.isPending && respond.variables?.answer === 'accept' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
                Accept
              </Button>
              <Button
                variant="outline"
                className="flex-1 lg:w-36 lg:flex-none"
                onClick={() => setConfirmDecline(true)}
                disabled={respond.isPending}
                aria-label={`Decline ${guest}'s request`}
              >
                <X aria-hidden="true" />
                Decline
              </Button>
            </>
          )}
          {booking.stage && (
            <Link to={stayPath(booking.id)} className={buttonVariants({ variant: 'secondary', className: 'flex-1 lg:w-36 lg:flex-none' })} aria-label={`Open ${guest}'s stay`}>
              Open stay
            </Link>
          )}
          <MessageButton bookingId={booking.id} label="Message guest" size="md" className="flex-1 lg:w-36 lg:flex-none" />
          {booking.can_host_cancel && (
            <Button variant="outline" className="flex-1 lg:w-36 lg:flex-none" onClick={() => setConfirmCancel(true)} disabled={hostCancel.isPending} aria-label={`Cancel ${guest}'s stay`}>
              Cancel stay
            </Button>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Cancel ${guest}'s stay?`}
        description={`${formatDateRange(booking.start_date, booking.end_date)} at ${booking.listing.title}. ${
          booking.paid_at ? `${guest} has paid and gets a full refund. ` : ''
        }${HOST_CANCELLATION_RECORDED}, so please cancel only when you must.`}
        cancelLabel="Keep the stay"
        confirmLabel="Cancel stay"
        onConfirm={() => void cancelStay()}
      />

      <ConfirmDialog
        open={confirmDecline}
        onOpenChange={setConfirmDecline}
        title={`Decline ${guest}'s request?`}
        description={`${formatDateRange(booking.start_date, booking.end_date)} at ${booking.listing.title}. We'll let ${guest} know so they can look for another stay.`}
        cancelLabel="Keep request"
        confirmLabel="Decline"
        onConfirm={() => void answer('decline')}
      />
    </article>
  );
}
