import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingStatus } from '@/domain/bookings';
import type { StaySize } from '@/domain/pet-sizes';
import { api } from '@/web/lib/api';

/** One of my bookings as a guest, as GET /api/bookings answers it. */
export type MyBooking = {
  id: string;
  status: BookingStatus;
  start_date: string;
  end_date: string;
  nights: number;
  size: StaySize;
  note: string;
  created_at: string;
  price_subtotal_inr: number;
  taxes_inr: number;
  total_inr: number;
  listing: { id: string; title: string; city: string; state: string; cover_photo_url: string | null };
  pet: { id: string; name: string } | null;
  can_cancel: boolean;
};

export const myBookingsQuery = queryOptions({
  queryKey: ['bookings', 'mine'],
  queryFn: async () => (await api.get<{ results: MyBooking[] }>('/api/bookings')).results,
});

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/api/bookings/${id}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myBookingsQuery.queryKey }),
  });
}
