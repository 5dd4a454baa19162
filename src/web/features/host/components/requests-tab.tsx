import { HostBookingRequests } from '@/web/features/bookings';
import { ReviewPrompts } from '@/web/features/reviews';
import { useLingui } from '@lingui/react/macro';

/**
 * The Booking Requests tab: guests to review and the requests with their pets. A chunk of its own
 * (about 4 KB gzip), loaded with the tab, so the dashboard's first view (My Listings) does not
 * carry it.
 */
export default function RequestsTab() {
  const { t } = useLingui();
  return (
    <>
      <ReviewPrompts role="host" title={t`Review your guests`} />
      <HostBookingRequests />
    </>
  );
}
