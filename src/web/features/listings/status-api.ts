import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingStatus } from '@/domain/contracts/listing';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

/** What a change to one of my listings refreshes: the host's side, every listing card, its page. */
export function useInvalidateListing() {
  const queryClient = useQueryClient();
  return (listingId?: string) =>
    Promise.all([
      // Refetched even while no page shows them: the dashboard opens next, with fresh figures.
      queryClient.invalidateQueries({ queryKey: queryKeys.host.all, refetchType: 'all' }),
      // Search results and the home page's featured stays may show this listing.
      queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
      listingId ? queryClient.invalidateQueries({ queryKey: queryKeys.listings.detail(listingId) }) : undefined,
    ]);
}

/** Pause (inactive) or resume (active) one of my listings: from /host's list, or the paused listing's own page. */
export function useSetListingStatus() {
  const invalidate = useInvalidateListing();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ListingStatus }) => call('PATCH /api/listings/:id', { params: { id }, body: { status } }),
    onSuccess: (listing) => invalidate(listing.id),
  });
}
