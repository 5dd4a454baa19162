import type { QueryClient } from '@tanstack/react-query';
import { hostBookingsQuery } from '@/web/features/bookings';
import { pendingReviewsQuery } from '@/web/features/reviews';
import { verificationQuery } from '@/web/features/verification';
import { hostListingsQuery, hostStatsQuery, payoutsQuery } from './api';

// What /host loads with its code (routes.ts), partly from other features: apart from the route so
// that the app's first chunk carries none of it.

export async function loadHostPage(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(hostBookingsQuery);
  // With the page: the "Get verified" card and the banners (guests to review, a payout account
  // to add) sit above the tabs, and must not push them down later. A banner's answer that fails
  // is left to the browser: the page shows without it.
  await Promise.all([
    queryClient.ensureQueryData(hostStatsQuery),
    queryClient.ensureQueryData(hostListingsQuery),
    queryClient.ensureQueryData(verificationQuery).catch(() => undefined),
    queryClient.ensureQueryData(pendingReviewsQuery).catch(() => undefined),
    queryClient.ensureQueryData(payoutsQuery).catch(() => undefined),
  ]);
}
