import type { QueryClient } from '@tanstack/react-query';
import { hostBookingsQuery } from '@/web/features/bookings';
import { verificationQuery } from '@/web/features/verification';
import { hostListingsQuery, hostStatsQuery } from './api';

// What /host loads with its code (routes.ts), partly from other features: apart from the route so
// that the app's first chunk carries none of it.

export async function loadHostPage(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(hostBookingsQuery);
  // With the page: the "Get verified" card sits above the tabs, and must not push them down later.
  await Promise.all([
    queryClient.ensureQueryData(hostStatsQuery),
    queryClient.ensureQueryData(hostListingsQuery),
    queryClient.ensureQueryData(verificationQuery).catch(() => undefined),
  ]);
}
