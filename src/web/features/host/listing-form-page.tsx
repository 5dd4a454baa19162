import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Eye, SearchX } from 'lucide-react';
import { EmptyState } from '@/web/components/empty-state';
import { buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { listingDetailQuery } from '@/web/features/listings';
import { ListingForm } from './components/listing-form';

function BackLink() {
  return (
    <Link
      to="/host"
      className="-ml-2 inline-flex h-10 items-center gap-2 rounded-full px-2 text-[0.9375rem] font-medium text-stone-700 transition-colors hover:bg-stone-100 hover:text-stone-900"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Host Dashboard
    </Link>
  );
}

function Heading({ title, description, actions }: { title: string; description: string; actions?: React.ReactNode }) {
  return (
    <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-stone-600">{description}</p>
      </div>
      {actions}
    </div>
  );
}

/** `/host/listing/new` (SPEC.md section 2). */
export function NewListingPage() {
  return (
    <div className="container-page max-w-6xl py-8 sm:py-12">
      <title>Create Listing · PawStay</title>
      <BackLink />
      <Heading title="Create Listing" description="Tell pet parents about your home. Listing is free; it goes live as soon as you create it." />
      <ListingForm />
    </div>
  );
}

/** `/host/listing/:id/edit`: the same form, for the listing's host only. */
export function EditListingPage() {
  const { id = '' } = useParams();
  const listing = useQuery(listingDetailQuery(id));

  if (listing.isPending) {
    return (
      <div className="container-page max-w-6xl py-8 sm:py-12" role="status" aria-label="Loading listing">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="mt-5 h-10 w-72" />
        <Skeleton className="mt-10 h-80 rounded-3xl" />
      </div>
    );
  }

  // Another host's listing is as good as missing: the API refuses every edit of it.
  if (listing.isError || !listing.data.is_owner) {
    return (
      <div className="container-page max-w-3xl py-12 sm:py-20">
        <title>Listing not found · PawStay</title>
        <h1 className="sr-only">Listing not found</h1>
        <EmptyState
          icon={SearchX}
          title="We couldn't find that listing"
          action={
            <Link to="/host" className={buttonVariants()}>
              Back to Host Dashboard
            </Link>
          }
        >
          It may have been removed, or it belongs to another host. Your own listings are on your dashboard.
        </EmptyState>
      </div>
    );
  }

  const data = listing.data;
  return (
    <div className="container-page max-w-6xl py-8 sm:py-12">
      <title>{`Edit ${data.title} · PawStay`}</title>
      <BackLink />
      <Heading
        title="Edit listing"
        description={data.status === 'active' ? 'Changes show on your listing as soon as you save.' : 'This listing is paused: guests cannot see it until you resume it.'}
        actions={
          <Link to={`/listing/${data.id}`} className={buttonVariants({ variant: 'outline', className: 'self-start sm:self-auto' })}>
            <Eye aria-hidden="true" />
            View listing
          </Link>
        }
      />
      {/* A fresh form whenever the saved listing changes (after a save, photos included). */}
      <ListingForm key={data.updated_at + data.listing_photos.map((p) => p.id).join()} listing={data} />
    </div>
  );
}
