import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { Eye, House, ImageOff, Pause, Pencil, Play, Plus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PerNight } from '@/web/components/per-night';
import { formatInr } from '@/domain/money/units';
import { CardPhoto } from '@/web/components/card-photo';
import { EmptyState } from '@/web/components/empty-state';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import type { HostListing } from '@/domain/contracts/listing';
import { useSetListingStatus } from '@/web/features/listings';
import { hostListingsQuery } from '../api';
import { LoadFailed } from '@/web/components/load-states';

export function HostListings() {
  const listings = useQuery(hostListingsQuery);
  const { t } = useLingui();

  if (listings.isPending) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label={t`Loading your listings`}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-3">
            <Skeleton className="aspect-[4/3] rounded-3xl" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    );
  }
  if (listings.isError) {
    return (
      <LoadFailed onRetry={() => void listings.refetch()}>
        <Trans>Your listings could not be loaded.</Trans>
      </LoadFailed>
    );
  }
  if (listings.data.length === 0) {
    return (
      <EmptyState
        icon={House}
        title={t`No listings yet`}
        action={
          <Link to="/host/listing/new" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            <Trans>Create Listing</Trans>
          </Link>
        }
      >
        <Trans>List your home for free. Pet parents in Ahmedabad are looking for a place like yours.</Trans>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-x-6 gap-y-10 sm:grid-cols-2 xl:grid-cols-3">
      {listings.data.map((listing) => (
        <li key={listing.id}>
          <HostListingCard listing={listing} />
        </li>
      ))}
    </ul>
  );
}

function HostListingCard({ listing }: { listing: HostListing }) {
  const setStatus = useSetListingStatus();
  const active = listing.status === 'active';
  const { t } = useLingui();
  const title = listing.title;
  const toggle = async () => {
    try {
      await setStatus.mutateAsync({ id: listing.id, status: active ? 'inactive' : 'active' });
      toast.success(active ? t`Listing paused. Guests can no longer find it.` : t`Listing resumed. Guests can book it again.`);
    } catch {
      toast.error(active ? t`Failed to pause listing` : t`Failed to resume listing`);
    }
  };

  return (
    <article data-testid="host-listing-card" className="flex h-full flex-col">
      <div className="relative aspect-[4/3] overflow-hidden rounded-3xl bg-sand-100">
        {listing.cover_photo_url ? (
          <CardPhoto
            url={listing.cover_photo_url}
            sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
            alt=""
            width={640}
            height={480}
            className={cn('size-full object-cover transition-[filter]', !active && 'grayscale-[60%]')}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-stone-600">
            <ImageOff className="size-7" aria-hidden="true" />
            <span className="text-sm font-medium">
              <Trans>No photos yet</Trans>
            </span>
          </div>
        )}
        <span
          className={cn(
            'absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold shadow-sm',
            active && !listing.hidden ? 'bg-white/95 text-emerald-800' : 'bg-stone-900/85 text-white',
          )}
        >
          <span aria-hidden="true" className={cn('size-2 rounded-full', listing.hidden ? 'bg-red-400' : active ? 'bg-emerald-600' : 'bg-amber-400')} />
          {listing.hidden ? <Trans>Hidden by PawStay</Trans> : active ? <Trans>Active</Trans> : <Trans>Paused</Trans>}
        </span>
      </div>
      <div className="flex flex-1 flex-col px-1 pt-4">
        <h2 translate="no" className="line-clamp-2 text-lg leading-snug font-semibold text-stone-900">
          {listing.title}
        </h2>
        <p translate="no" className="mt-1 text-[0.9375rem] text-stone-600">
          {listing.city}, {listing.state}
        </p>
        <p className="mt-2 text-stone-700">
          <PerNight price={formatInr(listing.nightly_price_inr)} />
        </p>
        {listing.hidden && (
          <p className="mt-2 text-sm text-stone-700">
            <Trans>Guests cannot see this listing after a report. Write to us from the Contact page to ask about it.</Trans>
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Link to={`/host/listing/${listing.id}/edit`} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={t`Edit ${title}`}>
            <Pencil aria-hidden="true" />
            <Trans>Edit</Trans>
          </Link>
          <Button variant="outline" size="sm" onClick={() => void toggle()} disabled={setStatus.isPending} aria-label={active ? t`Pause ${title}` : t`Resume ${title}`}>
            {active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {active ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
          </Button>
          <Link to={`/listing/${listing.id}`} className={buttonVariants({ variant: 'ghost', size: 'sm' })} aria-label={t`View ${title}`}>
            <Eye aria-hidden="true" />
            <Trans>View</Trans>
          </Link>
        </div>
      </div>
    </article>
  );
}

