import { Link } from 'react-router';
import { Pencil } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import type { ListingDetail } from '@/domain/contracts/listing';
import { buttonVariants } from '@/web/components/ui/button';
import { CardShell, PriceHeading } from './booking-card-shell';

/** The booking card as the home's host sees it: the price guests see, and the way to edit it. */
export default function OwnerCard({ listing, id }: { listing: ListingDetail; id?: string }) {
  return (
    <CardShell id={id}>
      <PriceHeading listing={listing} id={id} />
      <p className="mt-4 text-stone-700">
        <Trans>This is your listing. Guests see this card with dates, their pet and a Request to Book button.</Trans>
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Link to={`/host/listing/${listing.id}/edit`} className={buttonVariants({ size: 'lg' })}>
          <Pencil aria-hidden="true" />
          <Trans>Edit listing</Trans>
        </Link>
        <Link to="/host" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          <Trans>Host Dashboard</Trans>
        </Link>
      </div>
    </CardShell>
  );
}

