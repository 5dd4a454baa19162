import { queryOptions } from '@tanstack/react-query';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

/** `GET /api/listings/featured`: a handful of standout stays for the home page. */
export const featuredListingsQuery = queryOptions({
  queryKey: queryKeys.listings.featured,
  queryFn: ({ signal }) => call('GET /api/listings/featured', { signal }).then((r) => r.results),
  staleTime: 60_000,
});
