import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCallback } from '@/domain/contracts/payment';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// Every bookings endpoint the web uses (src/domain/contracts/booking.ts): the price of a stay and
// the one request mutation of the listing page and the search sheet (request-api.ts, re-exported
// here), the guest's bookings and the host's requests. Every price comes from the server.

export { quoteQuery, type StayRequest, useRequestStay } from './request-api';

export const myBookingsQuery = queryOptions({
  queryKey: queryKeys.bookings.mine,
  queryFn: async ({ signal }) => (await call('GET /api/bookings', { signal })).results,
});

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/bookings/:id/cancel', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.mine }),
  });
}

export const hostBookingsQuery = queryOptions({
  queryKey: queryKeys.host.bookings,
  queryFn: async ({ signal }) => (await call('GET /api/host/bookings', { signal })).results,
});

export function useRespondToBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      answer === 'accept' ? call('POST /api/bookings/:id/accept', { params: { id } }) : call('POST /api/bookings/:id/decline', { params: { id } }),
    // Refetched even while no page shows them: the dashboard opens next, with fresh figures.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.host.all, refetchType: 'all' }),
  });
}

/** The host cancels a stay they accepted: the guest is refunded in full. */
export function useHostCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/host/bookings/:id/cancel', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.host.all, refetchType: 'all' }),
  });
}

/** Checkout's order for my booking awaiting payment: the amount is the server's. */
export const startCheckout = (bookingId: string) => call('POST /api/bookings/:id/payment', { params: { id: bookingId } });

/** Checkout's signed answer: the server verifies it and asks the provider before it confirms. */
export const completeCheckout = (callback: CheckoutCallback) => call('POST /api/payments/checkout-callback', { body: callback });
