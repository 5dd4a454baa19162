import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { CalendarClock, CircleAlert, Pencil, Star } from 'lucide-react';
import { type CancellationPolicy, refundOutlook } from '@/domain/cancellation';
import { formatDateRange, todayInIndia } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import type { StaySize } from '@/domain/pet-sizes';
import type { Quote } from '@/domain/contracts/booking';
import type { Profile } from '@/domain/contracts/profile';
import { gstPercentFor } from '@/domain/pricing';
import { buttonVariants } from '@/web/components/ui/button';
import { useSession, useSignIn, useWithSession } from '@/web/features/auth';
import { petsQuery } from '@/web/features/pets';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import type { DateRangeValue } from '@/web/lib/date-range';
import { quoteQuery, useRequestStay } from '../api';
import type { PetChoice } from './pet-picker';
import { RequestButton, requestRefusal, StayDatesField, StayNoteField, StaySizeField } from './request-fields';
import { BOOKING_MESSAGES } from '@/domain/booking-form';
import type { ListingDetail } from '@/domain/contracts/listing';

// Signed in with pets only: the picker and the pet policy's check load then.
const PetPicker = lazy(() => import('./pet-picker').then((m) => ({ default: m.PetPicker })));

const petsSkeleton = <div className="h-[4.75rem] rounded-xl bg-stone-100 motion-safe:animate-pulse" aria-hidden="true" />;

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
  const { user } = useSession();
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
    const all = pets.data ?? (await queryClient.fetchQuery(petsQuery).catch(() => []));
    if (!dates || (all.length === 0 && !size)) {
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
    // Pressed before the pets were shown: the first one comes, and the server checks it.
    const petIds = choice?.ids ?? [all[0]!.id];
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

        {dates && (
          <Breakdown
            quote={quote.data}
            loading={quote.isFetching && !quote.data}
            failed={quote.isError}
            range={dates}
            error={quote.error}
            policy={listing.cancellation_policy}
          />
        )}

        <RequestButton pending={request.isPending} />
        {listing.deposit_inr > 0 && (
          <p className="rounded-2xl bg-sand-50 px-4 py-3 text-sm text-stone-700">
            Security deposit: <span className="font-semibold text-stone-900">{formatInr(listing.deposit_inr)}</span>, refundable and not part of the total.
          </p>
        )}
      </form>
    </CardShell>
  );
}

function Breakdown({
  quote,
  loading,
  failed,
  range,
  error,
  policy,
}: {
  quote: Quote | undefined;
  loading: boolean;
  failed: boolean;
  range: { from: string; to: string };
  error: unknown;
  policy: CancellationPolicy;
}) {
  const rows = useMemo(() => {
    if (!quote) return [];
    return [
      [`${formatInr(quote.nightly_price_inr)} × ${quote.nights} ${quote.nights === 1 ? 'night' : 'nights'}`, formatInr(quote.subtotal_inr)],
      [`GST (${gstPercentFor(quote.nightly_price_inr)}%)`, formatInr(quote.taxes_inr)],
    ] as const;
  }, [quote]);

  if (failed) {
    const message = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : 'We could not price these dates. Try again in a moment.';
    return (
      <p role="alert" className="flex items-start gap-2 rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
    );
  }
  if (loading || !quote) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Calculating the price">
        <div className="h-5 w-full rounded-md bg-stone-100 motion-safe:animate-pulse" />
        <div className="h-5 w-2/3 rounded-md bg-stone-100 motion-safe:animate-pulse" />
        <div className="h-6 w-full rounded-md bg-stone-100 motion-safe:animate-pulse" />
      </div>
    );
  }
  return (
    <div data-testid="price-breakdown" aria-live="polite">
      <p className="mb-3 text-sm font-medium text-stone-600">{formatDateRange(range.from, range.to)}</p>
      <dl className="flex flex-col gap-2.5 text-[0.9375rem]">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 text-stone-700">
            <dt>{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-stone-200 pt-3.5 text-base font-bold text-stone-900">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatInr(quote.total_inr)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs leading-relaxed text-stone-600">No guest service fee: PawStay's 5% fee is paid by the host.</p>
      <p className="mt-3 flex items-start gap-2 text-sm text-stone-700" data-testid="refund-outlook">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
        {refundOutlook(policy, range.from, new Date())}
      </p>
    </div>
  );
}
