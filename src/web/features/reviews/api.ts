import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingReview, ReviewCreateInput } from '@/domain/contracts/review';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

export const pendingReviewsQuery = queryOptions({
  queryKey: queryKeys.reviews.pending,
  queryFn: async ({ signal }) => (await call('GET /api/reviews/pending', { signal })).results,
});

/** The reviews I wrote; the unpublished ones are visible to me only. */
export const myReviewsQuery = queryOptions({
  queryKey: queryKeys.reviews.mine,
  queryFn: async ({ signal }) => (await call('GET /api/reviews/mine', { signal })).results,
});

export const listingReviewsQuery = (listingId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.listing(listingId),
    queryFn: ({ pageParam, signal }) => call('GET /api/listings/:id/reviews', { params: { id: listingId }, query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * last.page_size < last.total ? pages.length + 1 : undefined),
    staleTime: 30_000,
  });

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
