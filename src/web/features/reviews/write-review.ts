import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingReview, ReviewCreateInput } from '@/domain/contracts/review';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// Apart from api.ts, whose queries the feature's index gives every page that imports it: only the
// review dialog writes.

type WriteReview = { bookingId: string; listingId: string; input: ReviewCreateInput };

export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, input }: WriteReview) => call('POST /api/bookings/:id/review', { params: { id: bookingId }, body: input }),
    onSuccess: (_review, { bookingId }) => {
      // Drop the prompt at once; the refetch below confirms it.
      queryClient.setQueryData<PendingReview[]>(queryKeys.reviews.pending, (list) => list?.filter((p) => p.booking_id !== bookingId));
    },
    onSettled: (_review, _err, { listingId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.pending });
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.mine });
      // A second review publishes both: the listing's reviews, rating and the host's stats may move.
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.listing(listingId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.listings.detail(listingId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.host.stats });
    },
  });
}
