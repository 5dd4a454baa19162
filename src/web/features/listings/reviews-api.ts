import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

/** A listing's published reviews, a page at a time (the listing page's Reviews section). */
export const listingReviewsQuery = (listingId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.listing(listingId),
    queryFn: ({ pageParam, signal }) => call('GET /api/listings/:id/reviews', { params: { id: listingId }, query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * last.page_size < last.total ? pages.length + 1 : undefined),
    staleTime: 30_000,
  });
