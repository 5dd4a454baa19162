import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCreateInput } from '@/domain/schemas/review';
import { api } from '@/web/lib/api';
import { listingDetailKey } from '@/web/features/listings/detail-api';
import { hostKeys } from '@/web/features/host/api';

// src/server/modules/reviews/schemas.ts, as the web app reads it.

export type PendingReview = {
  booking_id: string;
  role: 'guest' | 'host';
  listing_id: string;
  listing_title: string;
  other_first_name: string;
  checkout_date: string;
  /** The last day the review can be written. */
  deadline: string;
};

export type ListingReview = {
  id: string;
  rating: number;
  body: string;
  author_first_name: string;
  month: string;
  published_at: string;
};

type ListingReviewsPage = { results: ListingReview[]; total: number; page_size: number };

export type MyReview = { id: string; booking_id: string; kind: 'listing' | 'guest'; rating: number; body: string; published: boolean };

export const reviewKeys = {
  pending: ['reviews', 'pending'] as const,
  mine: ['reviews', 'mine'] as const,
  listing: (listingId: string) => ['reviews', 'listing', listingId] as const,
};

export const pendingReviewsQuery = queryOptions({
  queryKey: reviewKeys.pending,
  queryFn: async ({ signal }) => (await api.get<{ results: PendingReview[] }>('/api/reviews/pending', { signal })).results,
});

/** The reviews I wrote; the unpublished ones are visible to me only. */
export const myReviewsQuery = queryOptions({
  queryKey: reviewKeys.mine,
  queryFn: async ({ signal }) => (await api.get<{ results: MyReview[] }>('/api/reviews/mine', { signal })).results,
});

export const listingReviewsQuery = (listingId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.listing(listingId),
    queryFn: ({ pageParam, signal }) =>
      api.get<ListingReviewsPage>(`/api/listings/${encodeURIComponent(listingId)}/reviews`, { query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * last.page_size < last.total ? pages.length + 1 : undefined),
    staleTime: 30_000,
  });

type WriteReview = { bookingId: string; listingId: string; input: ReviewCreateInput };

export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, input }: WriteReview) =>
      api.post<MyReview>(`/api/bookings/${bookingId}/review`, input),
    onSuccess: (_review, { bookingId }) => {
      // Drop the prompt at once; the refetch below confirms it.
      queryClient.setQueryData<PendingReview[]>(reviewKeys.pending, (list) => list?.filter((p) => p.booking_id !== bookingId));
    },
    onSettled: (_review, _err, { listingId }) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.pending });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.mine });
      // A second review publishes both: the listing's reviews, rating and the host's stats may move.
      void queryClient.invalidateQueries({ queryKey: reviewKeys.listing(listingId) });
      void queryClient.invalidateQueries({ queryKey: listingDetailKey(listingId) });
      void queryClient.invalidateQueries({ queryKey: hostKeys.stats });
    },
  });
}
