import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IsoDate } from '@/domain/dates';
import type { ListingCard } from '@/domain/listing-card';
import type { StaySize } from '@/domain/pet-sizes';
import { api } from '@/web/lib/api';

export type SearchAnswer = {
  results: ListingCard[];
  /** Matches, counted up to the server's cap; `totalCapped` when there are more. */
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
};

/** `GET /api/search` with the URL's params (search-url.ts `apiQueryFor`). */
export const searchQuery = (query: Record<string, string>) =>
  queryOptions({
    queryKey: ['search', query] as const,
    queryFn: ({ signal }) => api.get<SearchAnswer>('/api/search', { query, signal }),
    // The server lets answers be cached for 30 s; a search revisited with back/forward shows at once.
    staleTime: 30_000,
    // A failed search is shown (SPEC.md: the list empties and the error is kept), not retried
    // behind a skeleton for seconds.
    retry: false,
    // The previous answer stays available while the next loads: the map keeps its markers (the
    // list shows skeletons all the same, see search-page.tsx).
    placeholderData: keepPreviousData,
  });

export type SheetBookingInput = { listingId: string; fromDate: IsoDate; toDate: IsoDate; size: StaySize; note: string };

/** The detail sheet's Request to Book: SPEC.md section 7's payload, to `POST /api/bookings/create`. */
export function useSheetBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SheetBookingInput) => api.post<{ id: string; status: string }>('/api/bookings/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
