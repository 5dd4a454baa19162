import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

/** `GET /api/search` with the URL's params (search-url.ts `apiQueryFor`). */
export const searchQuery = (query: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.search(query),
    queryFn: ({ signal }) => call('GET /api/search', { query, signal }),
    // The server lets answers be cached for 30 s; a search revisited with back/forward shows at once.
    staleTime: 30_000,
    // A failed search is shown (SPEC.md: the list empties and the error is kept), not retried
    // behind a skeleton for seconds.
    retry: false,
    // The previous answer stays available while the next loads: the map keeps its markers (the
    // list shows skeletons all the same, see search-page.tsx).
    placeholderData: keepPreviousData,
  });
