import { queryOptions } from '@tanstack/react-query';
import { call } from '@/web/lib/api';

export const listingKeys = {
  all: ['listings'] as const,
  featured: () => [...listingKeys.all, 'featured'] as const,
};

/** `GET /api/listings/featured`: a handful of standout stays for the home page. */
export const featuredListingsQuery = queryOptions({
  queryKey: listingKeys.featured(),
  queryFn: ({ signal }) => call('GET /api/listings/featured', { signal }).then((r) => r.results),
  staleTime: 60_000,
});
