import { queryOptions } from '@tanstack/react-query';
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
