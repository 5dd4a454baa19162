import { useEffect, useRef, type RefObject } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { photoSrcSet, photoVariant } from '@/domain/photos';
import { cn } from '@/web/lib/cn';
import type { ListingPhoto } from '@/domain/contracts/listing';
import { verbatim } from '@/web/i18n/verbatim';
import { photoAlt } from './photo-mosaic';

// The full-screen gallery, in its own chunk (loaded when the visitor reaches for a photo).
// Radix traps focus inside it, closes it on Escape and returns focus to the photo that opened it;
// the arrow keys move between photos.

export type PhotoGalleryProps = {
  photos: ListingPhoto[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the gallery closes (the photo or button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

const roundButton =
  'inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/20 backdrop-blur transition-colors hover:bg-white/20 focus-visible:outline-white disabled:opacity-30';

export default function PhotoGallery({ photos, title, index, onIndexChange, open, onOpenChange, returnFocusTo }: PhotoGalleryProps) {
  const { i18n, t } = useLingui();
  const count = photos.length;
  const photo = photos[index];
  const stripRef = useRef<HTMLUListElement>(null);
  const go = (next: number) => onIndexChange((next + count) % count);

  useEffect(() => {
    stripRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [index]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/95 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none data-[state=open]:animate-fade-in"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            if (!returnFocusTo?.current) return;
            e.preventDefault();
            returnFocusTo.current.focus();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') {
              e.preventDefault();
              go(index + 1);
            } else if (e.key === 'ArrowLeft') {
              e.preventDefault();
              go(index - 1);
            }
          }}
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6 sm:py-4">
            <DialogPrimitive.Title className="min-w-0 truncate text-base font-semibold sm:text-lg">
              <Trans>
                <span className="sr-only">Photos of </span>
                <span translate="no">{verbatim(title)}</span>
              </Trans>
            </DialogPrimitive.Title>
            <div className="flex shrink-0 items-center gap-3">
              <p className="text-sm font-medium text-white/80 tabular-nums" aria-live="polite">
                {index + 1} / {count}
              </p>
              <DialogPrimitive.Close className={cn(roundButton, 'size-11')}>
                <X className="size-5" aria-hidden="true" />
                <span className="sr-only">
                  <Trans>Close gallery</Trans>
                </span>
              </DialogPrimitive.Close>
            </div>
          </div>

          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-20">
            {photo && (
              <img
                key={photo.id}
                src={photoVariant(photo.url, 'large')}
                srcSet={photoSrcSet(photo.url)}
                sizes="100vw"
                alt={photoAlt(photo, title, index, i18n)}
                className="max-h-full max-w-full rounded-xl object-contain motion-safe:animate-fade-in"
              />
            )}
            {count > 1 && (
              <>
                <button type="button" onClick={() => go(index - 1)} className={cn(roundButton, 'absolute left-3 sm:left-6')}>
                  <ChevronLeft className="size-6" aria-hidden="true" />
                  <span className="sr-only">
                    <Trans>Previous photo</Trans>
                  </span>
                </button>
                <button type="button" onClick={() => go(index + 1)} className={cn(roundButton, 'absolute right-3 sm:right-6')}>
                  <ChevronRight className="size-6" aria-hidden="true" />
                  <span className="sr-only">
                    <Trans>Next photo</Trans>
                  </span>
                </button>
              </>
            )}
          </div>

          {photo?.alt?.trim() && <p className="mx-auto max-w-2xl px-6 pt-3 text-center text-sm text-white/80">{photo.alt}</p>}

          {count > 1 && (
            <ul ref={stripRef} className="flex gap-2 overflow-x-auto px-4 py-4 sm:justify-center" aria-label={t`All photos`}>
              {photos.map((p, i) => (
                <li key={p.id} className="shrink-0">
                  <button
                    type="button"
                    aria-current={i === index}
                    onClick={() => onIndexChange(i)}
                    className={cn(
                      'block size-14 overflow-hidden rounded-lg ring-2 transition focus-visible:outline-white sm:size-16',
                      i === index ? 'opacity-100 ring-white' : 'opacity-55 ring-transparent hover:opacity-90',
                    )}
                  >
                    <img src={photoVariant(p.url, 'card')} alt="" className="size-full object-cover" loading="lazy" />
                    <span className="sr-only">
                      <Trans>
                        Photo {i + 1} of {count}
                      </Trans>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
