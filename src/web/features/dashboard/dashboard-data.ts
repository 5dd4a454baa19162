import type { QueryClient } from '@tanstack/react-query';
import { favoritesQuery } from '@/web/features/favorites';
import { petsQuery } from '@/web/features/pets';

// The dashboard's first data, from other features: loaded by its route (routes.ts) with the page's
// code, apart from it so that the app's first chunk carries none of it.

export function loadDashboard(queryClient: QueryClient, tab: string | null): void {
  void queryClient.prefetchQuery(petsQuery);
  if (tab === 'favorites') void queryClient.prefetchQuery(favoritesQuery);
}
