import { queryOptions } from '@tanstack/react-query';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// `GET /api/listings/:id`, typed by its contract (src/domain/contracts/listing.ts).

/** One listing for its page (and the host's edit form). Paused listings answer 404 except to their host. */
export const listingDetailQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.listings.detail(id),
    queryFn: ({ signal }) => call('GET /api/listings/:id', { params: { id }, signal }),
    staleTime: 30_000,
  });
