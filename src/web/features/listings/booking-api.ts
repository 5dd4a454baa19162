import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IsoDate } from '@/domain/dates';
import { api } from '@/web/lib/api';

// The listing page's booking card: `POST /api/bookings/quote` and `POST /api/bookings`
// (src/server/modules/bookings/routes.ts). Every price comes from the server.

export type Quote = {
  nights: number;
  nightly_price_inr: number;
  subtotal_inr: number;
  taxes_inr: number;
  /** The host's service fee: taken from the payout, never added to the guest's total. */
  platform_fee_inr: number;
  total_inr: number;
};

export const quoteQuery = (listingId: string, fromDate: IsoDate, toDate: IsoDate) =>
  queryOptions({
    queryKey: ['quote', listingId, fromDate, toDate] as const,
    queryFn: ({ signal }) => api.post<Quote>('/api/bookings/quote', { listingId, fromDate, toDate }, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export type BookingRequestInput = { listingId: string; petId: string; fromDate: IsoDate; toDate: IsoDate; note: string };

/** The listing page's request: the guest names the pet; the server prices it. */
export function useRequestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingRequestInput) => api.post<{ id: string; status: string }>('/api/bookings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
