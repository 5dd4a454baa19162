import { useId } from 'react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowUpRight, BadgeCheck, Check } from 'lucide-react';
import type { IsoDate } from '@/domain/dates';
import type { ListingCard } from '@/domain/contracts/listing';
import { formatInr } from '@/domain/money/units';
import { STAY_SIZES, type StaySize } from '@/domain/pet-sizes';
import { photoSrcSet, photoVariant } from '@/domain/photos';
import { Badge } from '@/web/components/ui/badge';
import { buttonVariants } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet';
import { FavoriteButton } from '@/web/features/favorites';
import { SheetRequestForm } from '@/web/features/bookings';
import { DEFAULT_LISTING_CITY, NoImage } from '@/web/components/listing-card';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { RatingAndCount } from '@/web/components/stars';
import { STAY_SIZE_NAME } from '@/web/i18n/domain-labels';

/** SPEC.md section 2: the sheet's title and host's name for a home without them. */
export const DEFAULT_SHEET_TITLE = msg`Listing Details`;
const DEFAULT_HOST_NAME = msg`Host`;

export type ListingSheetProps = {
  listing: ListingCard | null;
  onClose: () => void;
  /** The search's dates and single pet size, to start the request form from. */
  initial: { from?: IsoDate; to?: IsoDate; size?: StaySize };
};

/** SPEC.md section 2's detail side sheet: the listing at a glance and a Request to Book form. */
export function ListingSheet({ listing, onClose, initial }: ListingSheetProps) {
  const wide = useMediaQuery('(min-width: 1024px)');
  const { t } = useLingui();
  return (
    <Sheet open={listing !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side={wide ? 'right' : 'bottom'}
        closeLabel={t`Close details`}
        className={wide ? 'w-[min(30rem,100%)]!' : undefined}
        data-testid="listing-sheet"
      >
        {listing && <SheetBody key={listing.id} listing={listing} initial={initial} onBooked={onClose} />}
      </SheetContent>
    </Sheet>
  );
}

function SheetBody({ listing, initial, onBooked }: { listing: ListingCard; initial: ListingSheetProps['initial']; onBooked: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const title = listing.title?.trim() || i18n._(DEFAULT_SHEET_TITLE);
  const [main, ...more] = listing.photos;
  const host = listing.host?.name?.trim() || i18n._(DEFAULT_HOST_NAME);
  const sizes = STAY_SIZES.filter((s) => listing.size_supported.includes(s));

  return (
    <>
      <SheetHeader>
        <div className="flex items-start justify-between gap-2">
          <SheetTitle>{title}</SheetTitle>
          {/* Beside the title, left of the sheet's close button; the negative margin keeps the 44px target from pushing the header down. */}
          <FavoriteButton listingId={listing.id} variant="icon" className="-my-2.5" />
        </div>
        <SheetDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>{listing.city?.trim() || i18n._(DEFAULT_LISTING_CITY)}</span>
          {listing.verified && (
            <Badge variant="verified">
              <BadgeCheck aria-hidden="true" />
              <Trans>Verified</Trans>
            </Badge>
          )}
        </SheetDescription>
      </SheetHeader>

      <div className="flex-1 overflow-y-auto px-6 pb-8">
        <div className="grid grid-cols-4 gap-2">
          <div className="col-span-4 aspect-[16/10] overflow-hidden rounded-2xl bg-sand-100">
            {main ? (
              <img
                src={photoVariant(main.url, 'card')}
                srcSet={photoSrcSet(main.url)}
                sizes="(min-width: 1024px) 432px, 100vw"
                alt={main.alt?.trim() || t`Photo of ${title}`}
                width={640}
                height={400}
                className="size-full object-cover"
              />
            ) : (
              <NoImage />
            )}
          </div>
          {more.slice(0, 4).map((photo, i) => {
            const number = i + 2;
            return (
            <div key={photo.url} className="aspect-square overflow-hidden rounded-xl bg-sand-100">
              <img
                src={photoVariant(photo.url, 'card')}
                alt={photo.alt?.trim() || t`Photo ${number} of ${title}`}
                width={160}
                height={160}
                loading="lazy"
                className="size-full object-cover"
              />
            </div>
            );
          })}
        </div>

        <div className="mt-5 flex items-baseline justify-between gap-4">
          <p className="text-stone-700">
            <PerNight price={formatInr(listing.price_per_night)} />
          </p>
          {listing.rating > 0 ? (
            <RatingAndCount rating={listing.rating} count={listing.reviews_count} className="text-sm" />
          ) : (
            // PRODUCT.md: a listing without reviews shows "New", as its card does.
            <span className="rounded-full bg-primary-50 px-2.5 py-0.5 text-sm font-semibold text-primary-800">
              <Trans>New</Trans>
            </span>
          )}
        </div>

        <div className="mt-5 flex items-center gap-3 rounded-2xl bg-sand-50 p-4">
          <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-primary-600 text-lg font-bold text-white">
            {host.charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="font-semibold text-stone-900">{host}</p>
            <p className="text-sm text-stone-600">
              <Trans>Pet host</Trans>
            </p>
          </div>
        </div>

        <section className="mt-5" aria-labelledby={`${id}-sizes`}>
          <h3 id={`${id}-sizes`} className="text-sm font-semibold text-stone-900">
            <Trans>Accepted pet sizes</Trans>
          </h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {sizes.map((s) => (
              <li key={s}>
                <Badge variant="neutral">{i18n._(STAY_SIZE_NAME[s])}</Badge>
              </li>
            ))}
          </ul>
        </section>

        {listing.amenities.length > 0 && (
          <section className="mt-5" aria-labelledby={`${id}-amenities`}>
            <h3 id={`${id}-amenities`} className="text-sm font-semibold text-stone-900">
              <Trans>Amenities</Trans>
            </h3>
            <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm text-stone-700">
              {listing.amenities.map((a) => (
                <li key={a} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
                  {a}
                </li>
              ))}
            </ul>
          </section>
        )}

        <Link to={`/listing/${encodeURIComponent(listing.id)}`} className={buttonVariants({ variant: 'link', className: 'mt-5' })}>
          <Trans>View full listing</Trans>
          <ArrowUpRight className="size-4" aria-hidden="true" />
        </Link>

        <SheetRequestForm listing={listing} initial={initial} onBooked={onBooked} />
      </div>
    </>
  );
}

/** "₹1,500 / night", the price large. */
function PerNight({ price }: { price: string }) {
  return (
    <Trans>
      <span className="text-2xl font-bold tracking-tight text-stone-900">{price}</span> / night
    </Trans>
  );
}
