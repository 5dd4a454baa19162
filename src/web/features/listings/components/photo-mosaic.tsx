import { Images, ImageOff } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAIN_PHOTO_TIMING } from '@/domain/app-code';
import { LISTING_COVER_SIZES, photoSrcSet, photoVariant } from '@/domain/photos';
import { cn } from '@/web/lib/cn';
import type { ListingPhoto } from '@/domain/contracts/listing';
import { pressCode } from '@/web/lib/press-code';

/** SPEC.md: the main photo and up to 4 more. */
const THUMBS = 4;

/** A photo's own description, else "Photo 2 of Courtyard home" (`index` counts from 0). */
export function photoAlt(photo: ListingPhoto, title: string, index: number, i18n: I18n): string {
  const number = index + 1;
  return photo.alt?.trim() || i18n._(msg`Photo ${number} of ${title}`);
}

/**
 * The photos after the cover, each a button that opens the gallery at it: beside the cover from
 * md up (sized to the photo, with a srcset for the wide grid), or small squares in a row on phones.
 */
function Thumbs({
  thumbs,
  title,
  onOpen,
  beside,
  buttonClass,
}: {
  thumbs: ListingPhoto[];
  title: string;
  onOpen: (index: number) => void;
  beside: boolean;
  buttonClass: (i: number) => string;
}) {
  const { i18n } = useLingui();
  return thumbs.map((photo, i) => (
    <button key={photo.id} type="button" onClick={() => onOpen(i + 1)} className={buttonClass(i)}>
      <img
        src={photoVariant(photo.url, 'card')}
        srcSet={beside ? photoSrcSet(photo.url) : undefined}
        sizes={beside ? '(min-width: 1280px) 320px, 25vw' : undefined}
        alt={photoAlt(photo, title, i + 1, i18n)}
        width={beside ? photo.width || 1600 : 160}
        height={beside ? photo.height || 1200 : 160}
        loading="lazy"
        // After the cover, which is the page's largest paint and shares the line with these.
        fetchPriority="low"
        decoding="async"
        className={
          beside
            ? 'size-full object-cover transition-[transform,filter] duration-500 ease-out group-hover:brightness-95 motion-safe:group-hover:scale-[1.03]'
            : 'size-full object-cover'
        }
      />
      <span className="sr-only">
        <Trans>, open the photo gallery</Trans>
      </span>
    </button>
  ));
}

/**
 * The listing's photos as a mosaic: the cover large, up to four more beside it (below it on
 * phones). Every photo opens the full-screen gallery at that photo.
 */
export function PhotoMosaic({
  photos,
  title,
  onOpen,
  onIntent,
  className,
}: {
  photos: ListingPhoto[];
  title: string;
  onOpen: (index: number) => void;
  /** The pointer or focus is on a photo: a good moment to fetch the gallery's code. */
  onIntent?: () => void;
  className?: string;
}) {
  const { i18n } = useLingui();
  if (photos.length === 0) {
    return (
      <div
        className={cn(
          'flex aspect-[16/9] max-h-[28rem] w-full flex-col items-center justify-center gap-3 rounded-3xl bg-sand-100 text-stone-600',
          className,
        )}
      >
        <ImageOff className="size-8" aria-hidden="true" />
        <p className="font-medium">
          <Trans>No photos yet</Trans>
        </p>
      </div>
    );
  }

  const [cover, ...rest] = photos as [ListingPhoto, ...ListingPhoto[]];
  const thumbs = rest.slice(0, THUMBS);
  const n = thumbs.length;

  // Desktop layouts by the number of thumbnails: the cover always takes the left half or more.
  const grid = ['grid-cols-1', 'md:grid-cols-3', 'md:grid-cols-3 md:grid-rows-2', 'md:grid-cols-4 md:grid-rows-2', 'md:grid-cols-4 md:grid-rows-2'][n];
  const coverSpan = ['', 'md:col-span-2', 'md:col-span-2 md:row-span-2', 'md:col-span-2 md:row-span-2', 'md:col-span-2 md:row-span-2'][n];
  const thumbSpan = (i: number) => (n === 3 && i === 2 ? 'md:col-span-2' : '');

  const tile =
    'group relative overflow-hidden bg-sand-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

  const showAll = (extra: string) =>
    photos.length > 1 && (
      <button
        type="button"
        onClick={() => onOpen(0)}
        className={cn(
          'absolute right-3 bottom-3 z-10 h-9 items-center gap-2 rounded-full bg-white/95 px-4 text-sm font-semibold text-stone-900 shadow-md ring-1 ring-stone-900/5 transition-colors hover:bg-white md:right-4 md:bottom-4',
          extra,
        )}
      >
        <Images className="size-4" aria-hidden="true" />
        <Trans>Show all {photos.length} photos</Trans>
      </button>
    );

  return (
    <div className={className} onPointerEnter={onIntent} onFocusCapture={onIntent} {...pressCode('photoGallery')}>
      <div className={cn('relative grid gap-2 md:h-[min(30rem,56vw)] md:overflow-hidden md:rounded-3xl', grid)}>
        <div className={cn('relative', coverSpan)}>
          <button
            type="button"
            onClick={() => onOpen(0)}
            className={cn(tile, 'block aspect-[4/3] w-full rounded-3xl md:aspect-auto md:h-full md:rounded-none')}
          >
            <img
              src={photoVariant(cover.url, 'large')}
              srcSet={photoSrcSet(cover.url)}
              sizes={LISTING_COVER_SIZES}
              alt={photoAlt(cover, title, 0, i18n)}
              width={cover.width || 1600}
              height={cover.height || 1200}
              fetchPriority="high"
              elementtiming={MAIN_PHOTO_TIMING}
              decoding="async"
              className="size-full object-cover transition-[transform,filter] duration-500 ease-out group-hover:brightness-95 motion-safe:group-hover:scale-[1.02]"
            />
            <span className="sr-only">
              <Trans>, open the photo gallery</Trans>
            </span>
          </button>
          {showAll('inline-flex md:hidden')}
        </div>
        <Thumbs thumbs={thumbs} title={title} onOpen={onOpen} beside buttonClass={(i) => cn(tile, 'hidden md:block', thumbSpan(i))} />
        {showAll('hidden md:inline-flex')}
      </div>

      {/* Phones: the thumbnails as a row under the cover. */}
      {n > 0 && (
        <div className="mt-2 grid grid-cols-4 gap-2 md:hidden">
          <Thumbs thumbs={thumbs} title={title} onOpen={onOpen} beside={false} buttonClass={() => cn(tile, 'block aspect-square rounded-xl')} />
        </div>
      )}
    </div>
  );
}
