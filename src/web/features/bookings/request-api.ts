import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingCreateInput, BookingRequestInput } from '@/domain/contracts/booking';
import type { IsoDate } from '@/domain/dates';
import { call } from '@/web/lib/api';

// What asking for a stay needs (the listing page's booking card, the search sheet): the keys, the
// price of a stay and the request. Apart from the rest of api.ts, which re-exports them, so that
// the listing page's first view does not load the guest's and the host's bookings code.

export const bookingKeys = {
  /** Everything a booking changes on the guest's side. */
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
  /** Under the host's keys: a host's answer changes their stats too (host/api.ts). */
  host: ['host', 'bookings'] as const,
};

export const quoteQuery = (listingId: string, fromDate: IsoDate, toDate: IsoDate) =>
  queryOptions({
    queryKey: ['quote', listingId, fromDate, toDate] as const,
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
