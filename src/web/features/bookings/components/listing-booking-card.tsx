import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { todayInIndia } from '@/domain/dates';
import { formatInr } from '@/domain/money/units';
import type { StaySize } from '@/domain/pet-sizes';
import type { Profile } from '@/domain/contracts/profile';
import { useSession, useSignIn, useWithSession } from '@/web/features/auth';
import { petsQuery } from '@/web/features/pets';
import { lazyPart } from '@/web/lib/lazy-part';
import { CardShell, PriceHeading } from './booking-card-shell';
import type { DateRangeValue } from '@/web/lib/date-range';
import { quoteQuery, useRequestStay } from '../request-api';
import type { PetChoice } from './pet-picker';
import { RequestButton, requestRefusal, StayDatesField, StayNoteField, StaySizeField } from './request-fields';
import { BOOKING_MESSAGES } from '@/domain/booking-form';
import type { ListingDetail } from '@/domain/contracts/listing';
import { inPageLanguage } from '@/web/i18n/known-words';

// Signed in with pets only: the picker and the pet policy's check load then.
const PetPicker = lazy(() => import('./pet-picker').then((m) => ({ default: m.PetPicker })));
// Once dates are chosen: the price, loaded alongside the quote.
const PriceBreakdown = lazy(() => import('./price-breakdown').then((m) => ({ default: m.PriceBreakdown })));

const petsSkeleton = <div className="h-[4.75rem] rounded-xl bg-stone-100 motion-safe:animate-pulse" aria-hidden="true" />;

// SPEC.md's toasts.
const QUOTE_FAILED = msg`Unable to calculate booking cost`;
const REQUEST_SENT = msg`Booking request sent!`;
const REQUEST_FAILED = msg`Failed to create booking`;

function PriceSkeleton() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3" role="status" aria-label={t`Calculating the price`}>
      <div className="h-5 w-full rounded-md bg-stone-100 motion-safe:animate-pulse" />
      <div className="h-5 w-2/3 rounded-md bg-stone-100 motion-safe:animate-pulse" />
      <div className="h-6 w-full rounded-md bg-stone-100 motion-safe:animate-pulse" />
    </div>
  );
}

// For the home's host alone: no guest's first view carries it. The server may draw it (a host
// looking at their own home), so its code loads before the page hydrates (lazyPart).
const OwnerCard = lazyPart('bookings.ownerCard', () => import('./owner-card'));

/** The listing page's booking card: its price, and the guest's request (or, for its host, links to edit it). */
export function ListingBookingCard({ listing, id }: { listing: ListingDetail; id?: string }) {
  if (listing.is_owner) {
    return (
      <Suspense fallback={<div className="h-64 rounded-3xl bg-stone-100 motion-safe:animate-pulse" aria-hidden="true" />}>
        <OwnerCard listing={listing} id={id} />
      </Suspense>
    );
  }
  return <GuestRequestCard listing={listing} id={id} />;
}

function GuestRequestCard({ listing, id }: { listing: ListingDetail; id?: string }) {
  const { i18n, t } = useLingui();
  const { user, isLoading } = useSession();
  const withSession = useWithSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const request = useRequestStay();

  const [range, setRange] = useState<DateRangeValue>({});
  // What the picker shows: null until the guest ticks a pet (it then starts from one the home welcomes).
  const [choice, setChoice] = useState<PetChoice | null>(null);
  const [picked, setPicked] = useState(false);
  const [size, setSize] = useState<StaySize | ''>('');
  const [note, setNote] = useState('');
  const onPetChoice = useCallback((next: PetChoice, byGuest: boolean) => {
    setChoice(next);
    if (byGuest) setPicked(true);
  }, []);

  const pets = useQuery({ ...petsQuery, enabled: Boolean(user) });
  const myPets = user ? (pets.data ?? []) : [];

  const dates = range.from && range.to ? { from: range.from, to: range.to } : undefined;
  const quote = useQuery({
    ...quoteQuery(listing.id, dates?.from ?? '', dates?.to ?? ''),
    enabled: Boolean(dates),
  });

  // SPEC.md section 8: one toast for a failed quote (per pair of dates).
  const quoteFailed = quote.isError && dates ? `${dates.from}/${dates.to}` : null;
  useEffect(() => {
    if (quoteFailed) toast.error(i18n._(QUOTE_FAILED), { id: `quote-${quoteFailed}` });
  }, [quoteFailed, i18n]);

  const submit = async (user: Profile | null) => {
    if (!user) {
      signIn.open();
      return;
    }
    // Without dates nothing else matters yet: said at once, without waiting for the pets.
    if (!dates) {
      toast.error(inPageLanguage(i18n, BOOKING_MESSAGES.missing));
      return;
    }
    const all = pets.data ?? (await queryClient.fetchQuery(petsQuery).catch(() => []));
    if (all.length === 0 && !size) {
      toast.error(inPageLanguage(i18n, BOOKING_MESSAGES.missing));
      return;
    }
    if (all.length === 0) {
      toast.error(inPageLanguage(i18n, BOOKING_MESSAGES.noPet));
      navigate('/pets');
      return;
    }
    if (choice?.ids.length === 0) {
      toast.error(inPageLanguage(i18n, BOOKING_MESSAGES.pet));
      return;
    }
    // Said by name under the pets; the server would refuse the same, so nothing is sent.
    if (choice && choice.problems.length > 0) {
      toast.error(choice.problems.join('. '));
      return;
    }
    // Pressed before the pets were shown: the pet they would have shown chosen comes.
    const petIds = choice?.ids ?? (await import('./pet-picker')).firstChoice(all, listing, dates.from);
    request.mutate(
      { listingId: listing.id, petIds, fromDate: dates.from, toDate: dates.to, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(i18n._(REQUEST_SENT));
          navigate('/dashboard');
        },
        onError: (err) => toast.error(requestRefusal(err) ?? i18n._(REQUEST_FAILED)),
      },
    );
  };

  return (
    <CardShell id={id}>
      <PriceHeading listing={listing} id={id} />
      <form
        className="mt-6 flex flex-col gap-5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          withSession((user) => void submit(user));
        }}
      >
        <StayDatesField value={range} onChange={setRange} />

        {user && pets.isPending ? (
          petsSkeleton
        ) : myPets.length > 0 ? (
          <Suspense fallback={petsSkeleton}>
            <PetPicker
              pets={myPets}
              chosen={picked ? (choice?.ids ?? null) : null}
              policy={listing}
              on={dates?.from ?? todayInIndia()}
              onChange={onPetChoice}
            />
          </Suspense>
        ) : (
          <StaySizeField
            value={size}
            onChange={setSize}
            accepted={listing.size_supported}
            hint={user ? t`You'll need a pet profile to send a request.` : undefined}
          />
        )}

        <StayNoteField
          value={note}
          onChange={setNote}
          label={
            <Trans>
              Special requests <span className="font-normal text-stone-600">(optional)</span>
            </Trans>
          }
          placeholder={t`Feeding times, walks, anything the host should know`}
        />

        {dates &&
          (quote.isError || quote.data ? (
            <Suspense fallback={<PriceSkeleton />}>
              <PriceBreakdown quote={quote.data} failed={quote.isError} range={dates} error={quote.error} policy={listing.cancellation_policy} />
            </Suspense>
          ) : (
            <PriceSkeleton />
          ))}

        {/* Signed in (likely so while the session is asked for: the browser has a session cookie), it says
            what is missing or what was sent in a toast; signed out, it opens the sign-in dialog. */}
        <RequestButton pending={request.isPending} needs={user || isLoading ? 'toasts' : 'signInDialog'} meetFirst={listing.meet_required} />
        {listing.deposit_inr > 0 && (
          <p className="rounded-2xl bg-sand-50 px-4 py-3 text-sm text-stone-700">
            <Trans>
              Security deposit: <span className="font-semibold text-stone-900">{formatInr(listing.deposit_inr)}</span>, refundable and not part of the total.
            </Trans>
          </p>
        )}
      </form>
    </CardShell>
  );
}
