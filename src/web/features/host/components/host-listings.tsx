import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { Eye, House, ImageOff, Pause, Pencil, Play, Plus } from 'lucide-react';
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

  if (listings.isPending) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading your listings">
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
    return <LoadFailed onRetry={() => void listings.refetch()}>Your listings could not be loaded.</LoadFailed>;
  }
  if (listings.data.length === 0) {
    return (
      <EmptyState
        icon={House}
        title="No listings yet"
        action={
          <Link to="/host/listing/new" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            Create Listing
          </Link>
        }
      >
        List your home for free. Pet parents in Ahmedabad are looking for a place like yours.
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
  const toggle = async () => {
    try {
      await setStatus.mutateAsync({ id: listing.id, status: active ? 'inactive' : 'active' });
      toast.success(active ? 'Listing paused. Guests can no longer find it.' : 'Listing resumed. Guests can book it again.');
    } catch {
      toast.error(active ? 'Failed to pause listing' : 'Failed to resume listing');
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
            <span className="text-sm font-medium">No photos yet</span>
          </div>
        )}
        <span
          className={cn(
            'absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold shadow-sm',
            active && !listing.hidden ? 'bg-white/95 text-emerald-800' : 'bg-stone-900/85 text-white',
          )}
        >
          <span aria-hidden="true" className={cn('size-2 rounded-full', listing.hidden ? 'bg-red-400' : active ? 'bg-emerald-600' : 'bg-amber-400')} />
          {listing.hidden ? 'Hidden by PawStay' : active ? 'Active' : 'Paused'}
        </span>
      </div>
      <div className="flex flex-1 flex-col px-1 pt-4">
        <h2 className="line-clamp-2 text-lg leading-snug font-semibold text-stone-900">{listing.title}</h2>
        <p className="mt-1 text-[0.9375rem] text-stone-600">
          {listing.city}, {listing.state}
        </p>
        <p className="mt-2 text-stone-700">
          <span className="font-bold text-stone-900">{formatInr(listing.nightly_price_inr)}</span> / night
        </p>
        {listing.hidden && (
          <p className="mt-2 text-sm text-stone-700">Guests cannot see this listing after a report. Write to us from the Contact page to ask about it.</p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Link to={`/host/listing/${listing.id}/edit`} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`Edit ${listing.title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
          <Button variant="outline" size="sm" onClick={() => void toggle()} disabled={setStatus.isPending} aria-label={`${active ? 'Pause' : 'Resume'} ${listing.title}`}>
            {active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {active ? 'Pause' : 'Resume'}
          </Button>
          <Link to={`/listing/${listing.id}`} className={buttonVariants({ variant: 'ghost', size: 'sm' })} aria-label={`View ${listing.title}`}>
            <Eye aria-hidden="true" />
            View
          </Link>
        </div>
      </div>
    </article>
  );
}
