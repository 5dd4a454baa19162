import { queryOptions } from '@tanstack/react-query';
import type { ListingCard } from '@/domain/listing-card';
import { api } from '@/web/lib/api';

export const listingKeys = {
  all: ['listings'] as const,
  featured: () => [...listingKeys.all, 'featured'] as const,
};

/** `GET /api/listings/featured`: a handful of standout stays for the home page. */
export const featuredListingsQuery = queryOptions({
  queryKey: listingKeys.featured(),
  queryFn: ({ signal }) => api.get<{ results: ListingCard[] }>('/api/listings/featured', { signal }).then((r) => r.results),
  staleTime: 60_000,
});
