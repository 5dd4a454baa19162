import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { ArrowLeft, BadgeCheck, Camera, Handshake, MapPin, PawPrint, Star } from 'lucide-react';
import { DAILY_UPDATES_BADGE } from '@/domain/stays/daily-updates';
import { MEET_REQUIRED_LINE } from '@/domain/stays/meet-labels';
import { formatInr } from '@/domain/money/units';
import { INTL_LOCALES } from '@/domain/locales';
import { CANCELLATION_POLICY_LABELS, CANCELLATION_POLICY_SUMMARIES } from '@/domain/money/cancellation';
import { STAY_SIZES } from '@/domain/pet-sizes';
import { Badge } from '@/web/components/ui/badge';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { LazyMap } from '@/web/features/map';
import { FavoriteButton } from '@/web/features/favorites';
import { ReportButton } from '@/web/features/reports';
import { RatingAndCount } from '@/web/components/stars';
import { cn } from '@/web/lib/cn';
import { PerNight } from '@/web/components/per-night';
import { formatList, localeOf } from '@/web/i18n/i18n';
import { STAY_SIZE_NAME } from '@/web/i18n/domain-labels';
import { formatMonthYear } from '@/web/i18n/times';
import { verbatim } from '@/web/i18n/verbatim';
import { amenityIcon } from './components/amenity-icon';
import { PetPolicy } from './components/pet-policy';
import { ListingBookingCard } from '@/web/features/bookings';
import { PhotoMosaic } from './components/photo-mosaic';
import type { ListingDetail } from '@/domain/contracts/listing';
import { listingDetailQuery } from './detail-api';
import { inPageLanguage } from '@/web/i18n/known-words';

const loadGallery = () => import('./components/photo-gallery');
const PhotoGallery = lazy(loadGallery);
/** The reviews load as they come near the screen: the first view has no use for their code or their request. */
const ListingReviews = lazy(() => import('./components/listing-reviews').then((m) => ({ default: m.ListingReviews })));
/** For the host of a listing guests cannot see: no guest loads it. */
const OwnerNotice = lazy(() => import('./components/owner-notice').then((m) => ({ default: m.OwnerNotice })));

const BOOKING_CARD_ID = 'book';
const LOAD_FAILED = msg`Failed to load listing`;

/** `/listing/:id` (SPEC.md section 2): the listing, its host, and the booking card. */
export function ListingPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const listing = useQuery(listingDetailQuery(id));

  // SPEC.md section 8: an unknown or paused listing toasts and goes home.
  const failed = listing.isError && !listing.data;
  useEffect(() => {
    if (!failed) return;
    toast.error(i18n._(LOAD_FAILED), { id: 'listing-load-failed' });
    navigate('/', { replace: true });
  }, [failed, navigate, i18n]);

  if (!listing.data) return <ListingSkeleton />;
  // A fresh view (gallery, booking card) for each listing.
  return <ListingView key={listing.data.id} listing={listing.data} />;
}

function ListingView({ listing }: { listing: ListingDetail }) {
  const { i18n, t } = useLingui();
  const [gallery, setGallery] = useState<{ open: boolean; index: number; used: boolean }>({ open: false, index: 0, used: false });
  const photos = listing.listing_photos;
  // The gallery has no Radix trigger: focus goes back by hand to whatever opened it.
  const returnFocus = useRef<HTMLElement | null>(null);
  const openGallery = (index: number) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setGallery({ open: true, index, used: true });
  };

  return (
    <div className="container-page pt-5 pb-32 sm:pt-8 lg:pb-24">
      <title>{`${listing.title} · PawStay`}</title>

      {listing.is_owner && !listing.listed && (
        <Suspense fallback={null}>
          <OwnerNotice listing={listing} />
        </Suspense>
      )}

      <Link
        to="/search"
        className="-ml-2 inline-flex h-10 items-center gap-2 rounded-full px-2 text-[0.9375rem] font-medium text-stone-700 transition-colors hover:bg-stone-100 hover:text-stone-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        <Trans>Back to search</Trans>
      </Link>

      <header className="mt-3 sm:mt-4">
        <div className="flex items-start justify-between gap-4">
          <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight text-stone-900 sm:text-4xl" translate="no">
            {listing.title}
          </h1>
          {/* A listing guests cannot see (only its host and operators do) cannot be saved. */}
          {listing.listed && <FavoriteButton listingId={listing.id} variant="labelled" className="sm:mt-0.5" />}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-[0.9375rem] text-stone-700">
          <RatingSummary rating={listing.rating} count={listing.reviews_count} />
          {listing.verified && (
            <Badge variant="verified" className="text-sm">
              <BadgeCheck aria-hidden="true" />
              <Trans>Verified</Trans>
            </Badge>
          )}
          <p className="flex items-center gap-1.5" translate="no">
            <MapPin className="size-4 text-stone-500" aria-hidden="true" />
            {listing.locality && `${listing.locality}, `}
            {listing.city}, {listing.state}
          </p>
        </div>
      </header>

      <PhotoMosaic className="mt-6 sm:mt-8" photos={photos} title={listing.title} onOpen={openGallery} onIntent={() => void loadGallery()} />

      <div className="mt-10 grid gap-12 lg:mt-14 lg:grid-cols-[minmax(0,1fr)_22.5rem] lg:gap-16 xl:grid-cols-[minmax(0,1fr)_24rem] xl:gap-24">
        <div className="flex min-w-0 flex-col divide-y divide-stone-200">
          <Highlights listing={listing} />
          <DetailSection id="about" title={t`About this listing`}>
            <div translate="no" className="max-w-prose text-[1.0625rem] leading-relaxed whitespace-pre-line text-stone-700">{listing.description}</div>
          </DetailSection>
          <DetailSection id="amenities" title={t`Amenities`}>
            {listing.amenities.length > 0 ? (
              <ul className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
                {listing.amenities.map((amenity) => {
                  const Icon = amenityIcon(amenity);
                  return (
                    <li key={amenity} className="flex items-center gap-3.5 text-stone-800" translate="no">
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-sand-100 text-stone-700">
                        <Icon className="size-5" aria-hidden="true" />
                      </span>
                      {amenity}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-stone-600">
                <Trans>The host has not listed amenities yet. Ask them anything in your request.</Trans>
              </p>
            )}
          </DetailSection>
          <DetailSection id="pet-policy" title={t`Pet policy`}>
            <PetPolicy policy={listing} />
          </DetailSection>
          <DetailSection id="where" title={t`Where you'll stay`}>
            {listing.address ? (
              <p className="-mt-2 mb-5 text-stone-700" data-testid="exact-address">
                {listing.is_owner ? t`Your address:` : t`Your stay is confirmed. The address:`}{' '}
                <span className="font-semibold text-stone-900" translate="no">
                  {listing.address}
                </span>
              </p>
            ) : (
              <p className="-mt-2 mb-5 text-stone-700">
                <Trans>
                  <span translate="no">{verbatim(`${listing.locality ? `${listing.locality}, ` : ''}${listing.city}, ${listing.state}`)}</span>. The map shows the area; the exact address is
                  shared once your stay is paid and check-in nears.
                </Trans>
              </p>
            )}
            <LazyMap
              mode={listing.exact_location ? 'pin' : 'area'}
              lat={listing.lat}
              lng={listing.lng}
              zoom={listing.exact_location ? 15 : 14}
              label={listing.exact_location ? t`Map of ${listing.title}` : t`Map of the area around ${listing.title}`}
              className="aspect-[4/3] w-full rounded-3xl ring-1 ring-stone-200 sm:aspect-[16/9]"
            />
          </DetailSection>
          <DetailSection id="cancellation" title={t`Cancellation policy`}>
            <p className="font-semibold text-stone-900">{inPageLanguage(i18n, CANCELLATION_POLICY_LABELS[listing.cancellation_policy])}</p>
            <p className="mt-1 max-w-prose text-stone-700">
              {inPageLanguage(i18n, CANCELLATION_POLICY_SUMMARIES[listing.cancellation_policy])} <Trans>Check-in is from 2:00{'\u00a0'}pm; a request costs nothing until the host accepts it.</Trans>
            </p>
          </DetailSection>
          <DetailSection id="reviews" title={t`Reviews`}>
            <WhenNear placeholder={<div className="h-32 rounded-3xl bg-sand-50 ring-1 ring-sand-200" aria-hidden="true" />}>
              <ListingReviews listingId={listing.id} rating={listing.rating} count={listing.reviews_count} />
            </WhenNear>
          </DetailSection>
          <DetailSection id="host" title={t`Meet your host`}>
            <HostBlock listing={listing} />
            {!listing.is_owner && (
              <p className="mt-5 flex flex-wrap gap-x-6 gap-y-2">
                <ReportButton type="listing" id={listing.id} text={t`Report this listing`} />
                <ReportButton type="user" id={listing.host.id} text={t`Report this host`} />
              </p>
            )}
          </DetailSection>
        </div>

        <aside aria-label={t`Booking`} className="min-w-0">
          <div className="lg:sticky lg:top-24">
            <ListingBookingCard listing={listing} id={BOOKING_CARD_ID} />
          </div>
        </aside>
      </div>

      <PhoneBookingBar listing={listing} />

      {gallery.used && (
        <Suspense fallback={null}>
          <PhotoGallery
            photos={photos}
            title={listing.title}
            index={gallery.index}
            open={gallery.open}
            onIndexChange={(index) => setGallery((g) => ({ ...g, index }))}
            onOpenChange={(open) => setGallery((g) => ({ ...g, open }))}
            returnFocusTo={returnFocus}
          />
        </Suspense>
      )}
    </div>
  );
}

function RatingSummary({ rating, count }: { rating: number; count: number }) {
  if (!(rating > 0) || count === 0) {
    return (
      <Badge variant="primary" className="text-sm">
        <Star aria-hidden="true" />
        <Trans>New</Trans>
      </Badge>
    );
  }
  return <RatingAndCount rating={rating} count={count} data-testid="listing-rating" />;
}

function Highlights({ listing }: { listing: ListingDetail }) {
  const { i18n, t } = useLingui();
  const locale = localeOf(i18n);
  const sizes = STAY_SIZES.filter((s) => listing.size_supported.includes(s));
  // "Small and medium": the first size as a sentence starts, the others as its words go on.
  const sizesText = formatList(
    sizes.map((s, i) => (i === 0 ? i18n._(STAY_SIZE_NAME[s]) : i18n._(STAY_SIZE_NAME[s]).toLocaleLowerCase(INTL_LOCALES[locale]))),
    i18n,
  );
  const welcome = sizes.length === STAY_SIZES.length ? t`Pets of every size welcome` : t`${sizesText} pets welcome`;
  const maxPets = listing.max_pets;
  const items = [
    { key: 'pets', icon: PawPrint, title: <Plural value={maxPets} one="Up to # pet" other="Up to # pets" />, text: welcome },
    listing.verified
      ? { key: 'host', icon: BadgeCheck, title: t`Verified host`, text: t`ID checked and home reviewed by PawStay` }
      : { key: 'host', icon: Star, title: t`New to PawStay`, text: t`Send a request and get to know your host` },
  ];
  return (
    <div className="pb-8">
      <ul className="grid gap-5 sm:grid-cols-2">
        {items.map(({ key, icon: Icon, title, text }) => (
          <li key={key} className="flex items-start gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <p className="font-semibold text-stone-900">{title}</p>
              <p className="text-sm text-stone-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      {listing.deposit_inr > 0 && (
        <p className="mt-5 text-sm text-stone-600">
          <Trans>Refundable security deposit: {formatInr(listing.deposit_inr)}</Trans>
        </p>
      )}
    </div>
  );
}

function DetailSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="py-9 sm:py-10">
      <h2 id={`${id}-title`} className="mb-5 text-xl font-bold tracking-tight text-stone-900 sm:text-[1.375rem]">
        {title}
      </h2>
      {children}
    </section>
  );
}

function HostBlock({ listing }: { listing: ListingDetail }) {
  const { i18n, t } = useLingui();
  const { host } = listing;
  const name = host.name?.trim() || t`Host`;
  return (
    <div className="flex flex-col gap-5 rounded-3xl bg-sand-50 p-6 ring-1 ring-sand-200 sm:flex-row sm:items-center sm:p-7">
      <div className="flex items-center gap-4">
        <div className="relative shrink-0">
          {host.photo_url ? (
            <img src={host.photo_url} alt="" width={72} height={72} className="size-18 rounded-full object-cover ring-4 ring-white" />
          ) : (
            <span aria-hidden="true" className="flex size-18 items-center justify-center rounded-full bg-primary-600 text-2xl font-bold text-white ring-4 ring-white">
              {name[0]!.toUpperCase()}
            </span>
          )}
          {listing.verified && (
            <span className="absolute -right-0.5 -bottom-0.5 flex size-7 items-center justify-center rounded-full bg-white text-emerald-700 shadow-sm">
              <BadgeCheck className="size-5" aria-hidden="true" />
            </span>
          )}
        </div>
        <div>
          <p className="text-lg font-bold text-stone-900" translate="no">
            {name}
          </p>
          <p className="text-stone-600">
            <Trans>Joined {formatMonthYear(host.joined, i18n)}</Trans>
          </p>
          {host.sends_daily_updates && (
            <p className="mt-1.5 inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-800" title={t`Their last five stays each had an update on every day`}>
              <Camera className="size-4" aria-hidden="true" />
              {inPageLanguage(i18n, DAILY_UPDATES_BADGE)}
            </p>
          )}
          {listing.meet_required && (
            <p className="mt-1.5 flex items-start gap-1.5 text-sm font-semibold text-stone-700" data-testid="meet-required">
              <Handshake className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {inPageLanguage(i18n, MEET_REQUIRED_LINE)}
            </p>
          )}
        </div>
      </div>
      <p className="text-[0.9375rem] leading-relaxed text-stone-700 sm:ml-auto sm:max-w-xs">
        {listing.verified ? (
          <Trans>
            <span translate="no">{verbatim(name)}</span> is a verified host: ID checked, home photos reviewed and a video call done.
          </Trans>
        ) : (
          <Trans>
            <span translate="no">{verbatim(name)}</span> is new to PawStay. Say hello in your request and share a little about your pet.
          </Trans>
        )}
      </p>
    </div>
  );
}

/** Phones: the price stays in reach at the bottom; the button scrolls to the booking card. */
function PhoneBookingBar({ listing }: { listing: ListingDetail }) {
  const { t } = useLingui();
  const cardInView = useInView(BOOKING_CARD_ID);
  if (listing.is_owner) return null;
  return (
    <div
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white transition-transform duration-200 lg:hidden',
        cardInView && 'pointer-events-none translate-y-full',
      )}
      aria-hidden={cardInView || undefined}
      inert={cardInView || undefined}
    >
      <div className="container-page flex items-center justify-between gap-4 py-3">
        <p className="text-stone-700">
          <PerNight price={formatInr(listing.nightly_price_inr)} className="text-lg font-bold text-stone-900" />
        </p>
        <a
          href={`#${BOOKING_CARD_ID}`}
          className={buttonVariants({ size: 'md' })}
          onClick={(e) => {
            e.preventDefault();
            const card = document.getElementById(BOOKING_CARD_ID);
            card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            card?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus({ preventScroll: true });
          }}
        >
          {t`Check dates`}
        </a>
      </div>
    </div>
  );
}

/**
 * `children` once this spot comes within a screen or so of the viewport (as LazyMap does),
 * `placeholder` until then and while their code loads. The server renders the placeholder too.
 */
function WhenNear({ placeholder, children }: { placeholder: React.ReactNode; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      setNear(true);
      observer.disconnect();
    }, { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}

/** Whether the element with this id is on screen (the bar steps aside for the card itself). */
function useInView(id: string): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = document.getElementById(id);
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)), { threshold: 0.15 });
    observer.observe(el);
    return () => observer.disconnect();
  }, [id]);
  return inView;
}

function ListingSkeleton() {
  const { t } = useLingui();
  return (
    <div className="container-page pt-5 pb-24 sm:pt-8" role="status" aria-label={t`Loading listing`}>
      <Skeleton className="h-5 w-32" />
      <Skeleton className="mt-5 h-9 w-full max-w-lg" />
      <Skeleton className="mt-3 h-5 w-64" />
      <Skeleton className="mt-8 aspect-[4/3] w-full rounded-3xl md:aspect-auto md:h-[min(30rem,56vw)]" />
      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_22.5rem]">
        <div className="flex flex-col gap-4">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
        <Skeleton className="h-96 rounded-3xl" />
      </div>
    </div>
  );
}
