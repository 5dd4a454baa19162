import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, ImageOff, PawPrint, Star } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { MAIN_PHOTO_TIMING } from '@/domain/app-code';
import type { ListingCard as ListingCardData } from '@/domain/contracts/listing';
import { formatInr } from '@/domain/money/units';
import { STAY_SIZES } from '@/domain/pet-sizes';
import { photoSrcSet, photoVariant } from '@/domain/photos';
import { Badge } from '@/web/components/ui/badge';
import { STAY_SIZE_NAME } from '@/web/i18n/domain-labels';
import { verbatim } from '@/web/i18n/verbatim';
import { PerNight } from './per-night';
import { cn } from '@/web/lib/cn';
import { type PressModule, pressCode } from '@/web/lib/press-code';

/** What a card says for a home with no title or city yet (SPEC.md section 3). */
export const DEFAULT_LISTING_TITLE = msg`Cozy Pet Stay`;
export const DEFAULT_LISTING_CITY = msg`Unknown`;

/**
 * Card photos are about a quarter of the page wide on desktop; on phones, the page less its
 * margins of 1rem or more a side, which 92vw approximates: React's preload of the first photo in
 * the server's HTML says the same, and Chromium's preload scanner, reading no calc() there, took
 * 100vw and fetched a second, larger photo.
 */
const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw';

export type ListingCardProps = {
  listing: ListingCardData;
  /** Clicking the card selects it (the search page opens its detail panel). Without it, the card is a link. */
  onSelect?: (listing: ListingCardData) => void;
  /** The code that selecting needs and the page does not load (lib/press-code.ts). */
  selectNeeds?: PressModule;
  /** Reports the listing under the pointer or keyboard focus, and null when it leaves. */
  onHover?: (id: string | null) => void;
  selected?: boolean;
  /** Its marker is under the pointer on the map. */
  highlighted?: boolean;
  /** Load the photo at once (cards in the first screenful). */
  priority?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
  /** The heart that saves the listing: the favorites feature's, given by the page (shared components use no feature). */
  favorite?: ComponentType<{ listingId: string; listingTitle: string; className?: string }>;
};

export function ListingCard({
  listing,
  onSelect,
  selectNeeds,
  onHover,
  selected = false,
  highlighted = false,
  priority = false,
  headingLevel = 3,
  className,
  favorite: Favorite,
}: ListingCardProps) {
  const { t, i18n } = useLingui();
  const title = listing.title?.trim() || i18n._(DEFAULT_LISTING_TITLE);
  const city = listing.city?.trim() || i18n._(DEFAULT_LISTING_CITY);
  const photo = listing.photos[0];
  const sizes = STAY_SIZES.filter((s) => listing.size_supported.includes(s));
  const Heading = `h${headingLevel}` as 'h3';
  const href = `/listing/${encodeURIComponent(listing.id)}`;

  return (
    <article
      className={cn(
        'group relative flex flex-col rounded-[1.25rem] transition-shadow',
        selected && 'ring-2 ring-primary-600 ring-offset-4 ring-offset-white',
        highlighted && !selected && 'bg-primary-50 ring-2 ring-primary-200 ring-offset-4 ring-offset-primary-50',
        // Its select button, pressed before the app runs (decision 018), lies under the photo and
        // the text: the card shows the press instead, inside its edge (content-visibility clips the
        // rest).
        'has-[>[data-pending]]:outline-3 has-[>[data-pending]]:-outline-offset-3 has-[>[data-pending]]:outline-primary-600 has-[>[data-pending]]:motion-safe:animate-pulse',
        className,
      )}
      onMouseEnter={onHover ? () => onHover(listing.id) : undefined}
      onMouseLeave={onHover ? () => onHover(null) : undefined}
      onFocus={onHover ? () => onHover(listing.id) : undefined}
      onBlur={
        onHover
          ? (e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onHover(null);
            }
          : undefined
      }
      data-selected={selected || undefined}
      data-highlighted={highlighted || undefined}
      data-testid="listing-card"
      data-listing-id={listing.id}
    >
      {onSelect && (
        <button
          type="button"
          aria-pressed={selected}
          onClick={() => onSelect(listing)}
          {...pressCode(selectNeeds)}
          className="absolute inset-0 z-0 rounded-[1.25rem] focus-visible:outline-offset-4"
        >
          <span className="sr-only">
            <ShowDetailsFor text={title} />
          </span>
        </button>
      )}

      <div className="pointer-events-none relative aspect-[4/3] overflow-hidden rounded-[1.25rem] bg-sand-100">
        {photo ? (
          <img
            src={photoVariant(photo.url, 'card')}
            srcSet={photoSrcSet(photo.url)}
            sizes={CARD_SIZES}
            alt={photo.alt?.trim() || t`Photo of ${title}`}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'low'}
            elementtiming={priority ? MAIN_PHOTO_TIMING : undefined}
            decoding="async"
            width={640}
            height={480}
            className="size-full object-cover transition-transform duration-500 ease-out motion-safe:group-hover:scale-[1.04]"
          />
        ) : (
          <NoImage />
        )}
        {listing.verified && (
          <Badge variant="solid" className="absolute top-3 left-3 text-emerald-800">
            <BadgeCheck aria-hidden="true" />
            <Trans>Verified</Trans>
          </Badge>
        )}
      </div>
      {/* Above the select button (z-0) and the title link (z-10), and outside the photo's pointer-events-none. */}
      {Favorite && <Favorite listingId={listing.id} listingTitle={title} className="absolute top-1 right-1 z-20" />}

      <div className="pointer-events-none flex flex-1 flex-col gap-1 px-1 pt-3">
        <div className="flex items-start justify-between gap-3">
          <Heading className="min-w-0 text-base leading-snug font-semibold text-stone-900">
            {/* py-px -my-px: a one-line title is a 24 px target (WCAG 2.5.8; its line is 22 px) without moving a thing. */}
            <Link
              to={href}
              className={cn(
                'pointer-events-auto -my-px line-clamp-2 rounded-sm py-px hover:text-primary-700',
                onSelect
                  ? 'relative z-10 focus-visible:outline-offset-2'
                  : // Without a select handler the whole card is the link (its ::after covers the card).
                    'after:absolute after:inset-0 after:rounded-[1.25rem] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-primary-600',
              )}
            >
              {title}
            </Link>
          </Heading>
          <Rating rating={listing.rating} count={listing.reviews_count} />
        </div>
        <p className="text-sm text-stone-600">
          {city}
          {listing.distance_km != null && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              <DistanceText km={listing.distance_km} />
            </>
          )}
        </p>
        {sizes.length > 0 && (
          <ul className="mt-1 flex flex-wrap items-center gap-1.5" aria-label={t`Pet sizes welcome`}>
            <li aria-hidden="true" className="text-stone-500">
              <PawPrint className="size-4" />
            </li>
            {sizes.map((size) => (
              <li key={size}>
                <Badge variant="neutral" className="font-medium">
                  {i18n._(STAY_SIZE_NAME[size])}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-auto pt-2 text-[0.9375rem] text-stone-700">
          <PerNight price={formatInr(listing.price_per_night)} />
        </p>
      </div>
    </article>
  );
}

/** SPEC.md: a listing without photos shows "No image". */
export function NoImage() {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 text-stone-600">
      <ImageOff className="size-7" aria-hidden="true" />
      <span className="text-sm font-medium">
        <Trans>No image</Trans>
      </span>
    </div>
  );
}

function Rating({ rating, count }: { rating: number; count: number }) {
  if (!(rating > 0)) {
    return (
      <span className="shrink-0 rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800">
        <Trans>New</Trans>
      </span>
    );
  }
  const value = rating.toFixed(1);
  return (
    <p className="flex shrink-0 items-center gap-1 text-sm text-stone-900">
      <Star className="size-4 fill-current text-primary-600" aria-hidden="true" />
      <span aria-hidden="true">
        <span className="font-semibold">{value}</span> <span className="text-stone-600">({count})</span>
      </span>
      <span className="sr-only">
        <Plural value={count} one={`Rated ${value} out of 5 from # review`} other={`Rated ${value} out of 5 from # reviews`} />
      </span>
    </p>
  );
}

/** "Show details for Sunny 3BHK…", for a screen reader. */
function ShowDetailsFor({ text }: { text: string }) {
  const title = verbatim(text);
  return <Trans>Show details for {title}</Trans>;
}

/** "2.4 km", and for a screen reader "2.4 km from the city centre". */
function DistanceText({ km }: { km: number }) {
  const distance = km.toFixed(1);
  return (
    <Trans>
      {distance} km<span className="sr-only"> from the city centre</span>
    </Trans>
  );
}
