import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { Pencil, Star } from 'lucide-react';
import { todayInIndia } from '@/domain/dates';
import { formatInr } from '@/domain/money/units';
import type { StaySize } from '@/domain/pet-sizes';
import type { Profile } from '@/domain/contracts/profile';
import { buttonVariants } from '@/web/components/ui/button';
import { useSession, useSignIn, useWithSession } from '@/web/features/auth';
import { petsQuery } from '@/web/features/pets';
import { cn } from '@/web/lib/cn';
import type { DateRangeValue } from '@/web/lib/date-range';
import { quoteQuery, useRequestStay } from '../request-api';
import type { PetChoice } from './pet-picker';
import { RequestButton, requestRefusal, StayDatesField, StayNoteField, StaySizeField } from './request-fields';
import { BOOKING_MESSAGES } from '@/domain/booking-form';
import type { ListingDetail } from '@/domain/contracts/listing';

// Signed in with pets only: the picker and the pet policy's check load then.
const PetPicker = lazy(() => import('./pet-picker').then((m) => ({ default: m.PetPicker })));
// Once dates are chosen: the price, loaded alongside the quote.
const PriceBreakdown = lazy(() => import('./price-breakdown').then((m) => ({ default: m.PriceBreakdown })));

const petsSkeleton = <div className="h-[4.75rem] rounded-xl bg-stone-100 motion-safe:animate-pulse" aria-hidden="true" />;

const priceSkeleton = (
  <div className="flex flex-col gap-3" role="status" aria-label="Calculating the price">
    <div className="h-5 w-full rounded-md bg-stone-100 motion-safe:animate-pulse" />
    <div className="h-5 w-2/3 rounded-md bg-stone-100 motion-safe:animate-pulse" />
    <div className="h-6 w-full rounded-md bg-stone-100 motion-safe:animate-pulse" />
  </div>
);

/** The listing page's booking card: its price, and the guest's request (or, for its host, links to edit it). */
export function ListingBookingCard({ listing, id }: { listing: ListingDetail; id?: string }) {
  if (listing.is_owner) return <OwnerCard listing={listing} id={id} />;
  return <GuestRequestCard listing={listing} id={id} />;
}

function CardShell({ id, children, className }: { id?: string; children: React.ReactNode; className?: string }) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cn('scroll-mt-24 rounded-3xl border border-stone-200/80 bg-white p-6 shadow-[0_1px_2px_rgb(28_25_23/0.04),0_12px_32px_-12px_rgb(28_25_23/0.18)] sm:p-7', className)}
    >
      {children}
    </section>
  );
}

function PriceHeading({ listing, id }: { listing: ListingDetail; id?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <h2 id={id ? `${id}-title` : undefined} className="text-stone-700">
        <span className="text-2xl font-bold tracking-tight text-stone-900">{formatInr(listing.nightly_price_inr)}</span>{' '}
        <span className="text-base">/ night</span>
      </h2>
      {listing.rating > 0 ? (
        <p className="flex items-center gap-1 text-sm text-stone-700">
          <Star className="size-4 fill-current text-primary-600" aria-hidden="true" />
          <span className="font-semibold text-stone-900">{listing.rating.toFixed(1)}</span>
          <span className="sr-only">out of 5</span>
        </p>
      ) : null}
    </div>
  );
}

function OwnerCard({ listing, id }: { listing: ListingDetail; id?: string }) {
  return (
    <CardShell id={id}>
      <PriceHeading listing={listing} id={id} />
      <p className="mt-4 text-stone-700">
        This is your listing. Guests see this card with dates, their pet and a Request to Book button.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to={`/host/listing/${listing.id}/edit`} className={buttonVariants({ size: 'lg' })}>
          <Pencil aria-hidden="true" />
          Edit listing
        </Link>
        <Link to="/host" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          Host Dashboard
        </Link>
      </div>
    </CardShell>
  );
}

function GuestRequestCard({ listing, id }: { listing: ListingDetail; id?: string }) {
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
    if (quoteFailed) toast.error('Unable to calculate booking cost', { id: `quote-${quoteFailed}` });
  }, [quoteFailed]);

  const submit = async (user: Profile | null) => {
    if (!user) {
      signIn.open();
      return;
    }
    // Without dates nothing else matters yet: said at once, without waiting for the pets.
    if (!dates) {
      toast.error(BOOKING_MESSAGES.missing);
      return;
    }
    const all = pets.data ?? (await queryClient.fetchQuery(petsQuery).catch(() => []));
    if (all.length === 0 && !size) {
      toast.error(BOOKING_MESSAGES.missing);
      return;
    }
    if (all.length === 0) {
      toast.error('Please add a pet profile first');
      navigate('/pets');
      return;
    }
    if (choice?.ids.length === 0) {
      toast.error(BOOKING_MESSAGES.pet);
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
          toast.success('Booking request sent!');
          navigate('/dashboard');
        },
        onError: (err) => toast.error(requestRefusal(err) ?? 'Failed to create booking'),
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
            hint={user ? "You'll need a pet profile to send a request." : undefined}
          />
        )}

        <StayNoteField
          value={note}
          onChange={setNote}
          label={
            <>
              Special requests <span className="font-normal text-stone-600">(optional)</span>
            </>
          }
          placeholder="Feeding times, walks, anything the host should know"
        />

        {dates &&
          (quote.isError || quote.data ? (
            <Suspense fallback={priceSkeleton}>
              <PriceBreakdown quote={quote.data} failed={quote.isError} range={dates} error={quote.error} policy={listing.cancellation_policy} />
            </Suspense>
          ) : (
            priceSkeleton
          ))}

        {/* Signed in (likely so while the session is asked for: the browser has a session cookie), it says
            what is missing or what was sent in a toast; signed out, it opens the sign-in dialog. */}
        <RequestButton pending={request.isPending} needs={user || isLoading ? 'toasts' : 'signInDialog'} meetFirst={listing.meet_required} />
        {listing.deposit_inr > 0 && (
          <p className="rounded-2xl bg-sand-50 px-4 py-3 text-sm text-stone-700">
            Security deposit: <span className="font-semibold text-stone-900">{formatInr(listing.deposit_inr)}</span>, refundable and not part of the total.
          </p>
        )}
      </form>
    </CardShell>
  );
}
