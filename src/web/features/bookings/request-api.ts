import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingCreateInput, BookingRequestInput } from '@/domain/contracts/booking';
import type { IsoDate } from '@/domain/dates';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// What asking for a stay needs (the listing page's booking card, the search sheet): the price of a
// stay and the request. Apart from the rest of api.ts, which re-exports them, so that
// the listing page's first view does not load the guest's and the host's bookings code.

export const quoteQuery = (listingId: string, fromDate: IsoDate, toDate: IsoDate) =>
  queryOptions({
    queryKey: queryKeys.quote(listingId, fromDate, toDate),
    queryFn: ({ signal }) => call('POST /api/bookings/quote', { body: { listingId, fromDate, toDate }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * A request for a stay: for one of my pets (the listing page, `POST /api/bookings`), or for a pet
 * size (the search sheet: SPEC.md section 7's payload to `POST /api/bookings/create`).
 */
export type StayRequest = BookingCreateInput | BookingRequestInput;

export function useRequestStay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StayRequest) =>
      'petIds' in input ? call('POST /api/bookings', { body: input }) : call('POST /api/bookings/create', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
