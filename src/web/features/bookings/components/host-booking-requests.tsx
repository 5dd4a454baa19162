import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { Check, Inbox, Loader2, MessageSquareQuote, X } from 'lucide-react';
import { HOST_CANCELLATION_RECORDED } from '@/domain/bookings';
import type { HostBooking } from '@/domain/contracts/booking';
import { formatInr } from '@/domain/money/units';
import { EmptyState } from '@/web/components/empty-state';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { stageWords, stayPath } from '@/web/features/stays';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { STAY_SIZE_LABEL } from '@/web/i18n/domain-labels';
import { formatList } from '@/web/i18n/i18n';
import { inPageLanguage } from '@/web/i18n/known-words';
import { formatInstant } from '@/web/i18n/times';
import { ownWords, verbatim } from '@/web/i18n/verbatim';
import { describeRange } from '@/web/lib/date-range';
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
  const { t } = useLingui();

  if (bookings.isPending) {
    return <LoadingBlocks label={t`Loading booking requests`} blockClassName="h-44 rounded-3xl" />;
  }
  if (bookings.isError) {
    return (
      <LoadFailed onRetry={() => void bookings.refetch()}>
        <Trans>Booking requests could not be loaded.</Trans>
      </LoadFailed>
    );
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyState icon={Inbox} title={t`No booking requests yet`}>
        <Trans>When a pet parent asks to stay, their request appears here. You have 24 hours to accept or decline.</Trans>
      </EmptyState>
    );
  }

  const waiting = bookings.data.filter((b) => b.can_respond);
  const others = bookings.data.filter((b) => !b.can_respond);
  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby="waiting-title">
        <h2 id="waiting-title" className="text-xl font-bold tracking-tight text-stone-900">
          <Trans>Waiting for your answer</Trans>
        </h2>
        {waiting.length === 0 ? (
          <p className="mt-3 text-stone-600">
            <Trans>You're all caught up. New requests will show here.</Trans>
          </p>
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
            <Trans>Earlier requests</Trans>
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
  const { t, i18n } = useLingui();
  const guest = booking.guest.name?.trim() || t`A guest`;
  const them = ownWords(guest);
  const title = booking.listing.title;
  const dates = describeRange({ from: booking.start_date, to: booking.end_date }, i18n)!;
  const { pets } = booking;
  const recorded = inPageLanguage(i18n, HOST_CANCELLATION_RECORDED);
  const due = booking.payment_due_at && formatInstant(booking.payment_due_at, i18n);

  // mutateAsync: the card moves to "Earlier requests" (a remount) once the list refreshes, and
  // the toast must still show.
  const answer = async (kind: 'accept' | 'decline') => {
    try {
      await respond.mutateAsync({ id: booking.id, answer: kind });
      toast.success(kind === 'accept' ? t`Request accepted. ${guest} has been told.` : t`Request declined. ${guest} has been told.`);
    } catch (err) {
      toast.error(failure(err, kind === 'accept' ? t`Failed to accept request` : t`Failed to decline request`));
    }
  };

  const cancelStay = async () => {
    try {
      await hostCancel.mutateAsync(booking.id);
      toast.success(booking.paid_at ? t`Stay cancelled. ${guest} has been told and gets a full refund.` : t`Stay cancelled. ${guest} has been told.`);
    } catch (err) {
      toast.error(failure(err, t`Failed to cancel the stay`));
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
            <h3 id={`req-${booking.id}`} className="text-lg font-bold text-stone-900" translate="no">
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
            <Trans>
              for{' '}
              <Link to={`/listing/${booking.listing.id}`} className="font-medium text-stone-800 underline-offset-4 hover:underline" translate="no">
                {verbatim(title)}
              </Link>
            </Trans>
          </p>

          <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4 text-[0.9375rem] sm:grid-cols-3 sm:gap-x-8">
            <div>
              <dt className="text-sm text-stone-600">
                <Trans>Dates</Trans>
              </dt>
              <dd className="font-semibold text-stone-900">{dates}</dd>
              <dd className="text-sm text-stone-600">
                <Plural value={booking.nights} one="# night" other="# nights" />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm text-stone-600">
                <Plural value={Math.max(pets.length, 1)} one="Pet" other="Pets" />
              </dt>
              {pets.length > 0 ? (
                <>
                  <dd className="font-semibold break-words text-stone-900" translate="no">
                    {formatList(
                      pets.map((p) => p.name),
                      i18n,
                    )}
                  </dd>
                  {pets.length > 1 && (
                    <dd className="text-sm text-stone-600">
                      <Plural value={pets.length} one="# pet" other="# pets" />
                    </dd>
                  )}
                </>
              ) : (
                <dd className="text-stone-700">{i18n._(STAY_SIZE_LABEL[booking.size])}</dd>
              )}
            </div>
            <div>
              <dt className="text-sm text-stone-600">
                <Trans>Your payout</Trans>
              </dt>
              <dd className="font-semibold text-stone-900 tabular-nums">{formatInr(booking.host_payout_inr)}</dd>
              <dd className="text-sm text-stone-600">{t`After PawStay's ${PLATFORM_FEE_TEXT} fee`}</dd>
            </div>
          </dl>

          {booking.status === 'awaiting_payment' && booking.payment_due_at && (
            <p className="mt-5 rounded-2xl bg-orange-50 px-4 py-2.5 text-sm font-medium text-orange-900">
              <Trans>
                Awaiting payment: pay by {due}. The dates are held for {them} until then.
              </Trans>
            </p>
          )}
          {booking.status === 'cancelled' && booking.cancelled_by === 'host' && (
            <p className="mt-5 text-sm text-stone-600">
              {booking.refund ? <Trans>You cancelled this stay; the guest was refunded in full.</Trans> : <Trans>You cancelled this stay.</Trans>}
            </p>
          )}

          <div className="mt-5 empty:hidden">
            <MeetPanel booking={booking} viewer="host" other={guest} />
          </div>

          {booking.note && (
            <blockquote className="mt-5 flex gap-3 rounded-2xl bg-sand-50 px-4 py-3 text-[0.9375rem] text-stone-700">
              <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
              <p className="min-w-0 break-words whitespace-pre-line" translate="no">
                {booking.note}
              </p>
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
                aria-label={t`Accept ${guest}'s request`}
                aria-describedby={booking.meet_needed ? meetNeededId(booking.id) : undefined}
              >
                {respond.isPending && respond.variables?.answer === 'accept' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
                <Trans>Accept</Trans>
              </Button>
              <Button
                variant="outline"
                className="flex-1 lg:w-36 lg:flex-none"
                onClick={() => setConfirmDecline(true)}
                disabled={respond.isPending}
                aria-label={t`Decline ${guest}'s request`}
              >
                <X aria-hidden="true" />
                <Trans>Decline</Trans>
              </Button>
            </>
          )}
          {booking.stage && (
            <Link to={stayPath(booking.id)} className={buttonVariants({ variant: 'secondary', className: 'flex-1 lg:w-36 lg:flex-none' })} aria-label={t`Open ${guest}'s stay`}>
              <Trans>Open stay</Trans>
            </Link>
          )}
          <MessageButton bookingId={booking.id} label={t`Message guest`} size="md" className="flex-1 lg:w-36 lg:flex-none" />
          {booking.can_host_cancel && (
            <Button variant="outline" className="flex-1 lg:w-36 lg:flex-none" onClick={() => setConfirmCancel(true)} disabled={hostCancel.isPending} aria-label={t`Cancel ${guest}'s stay`}>
              <Trans>Cancel stay</Trans>
            </Button>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t`Cancel ${guest}'s stay?`}
        description={[
          t`${dates} at ${title}.`,
          booking.paid_at && t`${guest} has paid and gets a full refund.`,
          t`${recorded}, so please cancel only when you must.`,
        ]
          .filter(Boolean)
          .join(' ')}
        cancelLabel={t`Keep the stay`}
        confirmLabel={t`Cancel stay`}
        onConfirm={() => void cancelStay()}
      />

      <ConfirmDialog
        open={confirmDecline}
        onOpenChange={setConfirmDecline}
        title={t`Decline ${guest}'s request?`}
        description={`${t`${dates} at ${title}.`} ${t`We'll let ${guest} know so they can look for another stay.`}`}
        cancelLabel={t`Keep request`}
        confirmLabel={t`Decline`}
        onConfirm={() => void answer('decline')}
      />
    </article>
  );
}
