import { Star } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { formatInr } from '@/domain/money/units';
import type { ListingDetail } from '@/domain/contracts/listing';
import { cn } from '@/web/lib/cn';

// The booking card's frame and its price line: the guest's card and the host's own.

export function CardShell({ id, children, className }: { id?: string; children: React.ReactNode; className?: string }) {
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

export function PriceHeading({ listing, id }: { listing: ListingDetail; id?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <h2 id={id ? `${id}-title` : undefined} className="text-stone-700">
        <Trans>
          <span className="text-2xl font-bold tracking-tight text-stone-900">{formatInr(listing.nightly_price_inr)}</span> <span className="text-base">/ night</span>
        </Trans>
      </h2>
      {listing.rating > 0 ? (
        <p className="flex items-center gap-1 text-sm text-stone-700">
          <Star className="size-4 fill-current text-primary-600" aria-hidden="true" />
          <span className="font-semibold text-stone-900">{listing.rating.toFixed(1)}</span>
          <span className="sr-only">
            <Trans>out of 5</Trans>
          </span>
        </p>
      ) : null}
    </div>
  );
}

