import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingCreateInput, BookingRequestInput } from '@/domain/contracts/booking';
import type { CheckoutCallback } from '@/domain/contracts/payment';
import type { IsoDate } from '@/domain/dates';
import { call } from '@/web/lib/api';

// Every bookings endpoint the web uses (src/domain/contracts/booking.ts): the price of a stay,
// the one request mutation of the listing page and the search sheet, the guest's bookings and
// the host's requests. Every price comes from the server.

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

export const myBookingsQuery = queryOptions({
  queryKey: bookingKeys.mine,
  queryFn: async ({ signal }) => (await call('GET /api/bookings', { signal })).results,
});

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/bookings/:id/cancel', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.mine }),
  });
}

export const hostBookingsQuery = queryOptions({
  queryKey: bookingKeys.host,
  queryFn: async ({ signal }) => (await call('GET /api/host/bookings', { signal })).results,
});

export function useRespondToBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      answer === 'accept' ? call('POST /api/bookings/:id/accept', { params: { id } }) : call('POST /api/bookings/:id/decline', { params: { id } }),
    // Refetched even while no page shows them: the dashboard opens next, with fresh figures.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'], refetchType: 'all' }),
  });
}

/** The host cancels a stay they accepted: the guest is refunded in full. */
export function useHostCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/host/bookings/:id/cancel', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host'], refetchType: 'all' }),
  });
}

/** Checkout's order for my booking awaiting payment: the amount is the server's. */
export const startCheckout = (bookingId: string) => call('POST /api/bookings/:id/payment', { params: { id: bookingId } });

/** Checkout's signed answer: the server verifies it and asks the provider before it confirms. */
export const completeCheckout = (callback: CheckoutCallback) => call('POST /api/payments/checkout-callback', { body: callback });
