import { Link } from 'react-router';
import { CircleAlert, CirclePause } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ListingDetail } from '@/domain/contracts/listing';
import { Button } from '@/web/components/ui/button';
import { useSetListingStatus } from '../status-api';
import { toast } from '@/web/lib/toast';

// What the host alone is told on the page of a listing guests cannot see: fetched only then, so
// that no guest's first view carries it.

const RESUMED = msg`Listing resumed`;
const RESUME_FAILED = msg`Failed to resume listing`;

export function OwnerNotice({ listing }: { listing: ListingDetail }) {
  return listing.hidden ? <HiddenNotice /> : listing.status === 'inactive' ? <PausedNotice listing={listing} /> : null;
}

/** A listing an operator hid: the host cannot undo it, and is told whom to ask. */
function HiddenNotice() {
  return (
    <div role="status" className="mb-5 flex items-start gap-3 rounded-3xl bg-red-50 p-5 ring-1 ring-red-200">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-800" aria-hidden="true" />
      <div>
        <p className="font-semibold text-red-900">
          <Trans>Hidden by PawStay</Trans>
        </p>
        <p className="text-sm text-red-900">
          <Trans>
            Guests cannot find or book this listing after a report.{' '}
            <Link to="/contact" className="font-semibold underline underline-offset-4">
              Write to us
            </Link>{' '}
            to ask about it.
          </Trans>
        </p>
      </div>
    </div>
  );
}

function PausedNotice({ listing }: { listing: ListingDetail }) {
  const { i18n } = useLingui();
  const setStatus = useSetListingStatus();
  return (
    <div role="status" className="mb-5 flex flex-col gap-4 rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <CirclePause className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <div>
          <p className="font-semibold text-amber-900">
            <Trans>Paused</Trans>
          </p>
          <p className="text-sm text-amber-900">
            <Trans>Only you can see this listing. Guests can't find or book it until you resume it.</Trans>
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={setStatus.isPending}
        onClick={() =>
          // The notice goes away with the pause: mutateAsync still toasts after it unmounts.
          setStatus.mutateAsync({ id: listing.id, status: 'active' }).then(
            () => toast.success(i18n._(RESUMED)),
            () => toast.error(i18n._(RESUME_FAILED)),
          )
        }
      >
        <Trans>Resume listing</Trans>
      </Button>
    </div>
  );
}

