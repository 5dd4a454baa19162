import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingStatus } from '@/domain/bookings';
import type { IsoDate } from '@/domain/dates';
import type { PetSize } from '@/domain/pet-sizes';
import type { PetType } from '@/domain/pet-types';
import type { ListingCreate, ListingStatus, ListingUpdate } from '@/domain/schemas/listing';
import type { StaySize } from '@/domain/pet-sizes';
import { api } from '@/web/lib/api';
import { listingDetailKey, type ListingDetail, type ListingPhoto } from '@/web/features/listings/detail-api';

// The host side of the API (src/server/modules/listings/*, bookings/*): stats, my listings,
// incoming requests, the availability calendar, and the writes behind the listing form.

export type HostStats = {
  total_listings: number;
  bookings_this_month: number;
  revenue_this_month_inr: number;
  rating: number | null;
};

export type HostListing = {
  id: string;
  title: string;
  city: string;
  state: string;
  nightly_price_inr: number;
  status: ListingStatus;
  verified: boolean;
  cover_photo_url: string | null;
  photos_count: number;
  created_at: string;
};

export type HostBooking = {
  id: string;
  status: BookingStatus;
  start_date: IsoDate;
  end_date: IsoDate;
  nights: number;
  size: StaySize;
  note: string;
  created_at: string;
  host_payout_inr: number;
  responded_at: string | null;
  guest: { name: string };
  pet: { name: string; type: PetType; size: PetSize; breed: string | null } | null;
  listing: { id: string; title: string };
  can_respond: boolean;
};

export type ListingCalendar = {
  from: IsoDate;
  to: IsoDate;
  /** Blocked nights, ascending. */
  blocked: IsoDate[];
  /** Accepted stays: check-in `from`, check-out `to` (that night is free). */
  stays: { booking_id: string; from: IsoDate; to: IsoDate; guest_name: string }[];
};

export const hostKeys = {
  all: ['host'] as const,
  stats: ['host', 'stats'] as const,
  listings: ['host', 'listings'] as const,
  bookings: ['host', 'bookings'] as const,
  calendar: (listingId: string, from: IsoDate, to: IsoDate) => ['host', 'calendar', listingId, from, to] as const,
};

export const hostStatsQuery = queryOptions({
  queryKey: hostKeys.stats,
  queryFn: ({ signal }) => api.get<HostStats>('/api/host/stats', { signal }),
});

export const hostListingsQuery = queryOptions({
  queryKey: hostKeys.listings,
  queryFn: async ({ signal }) => (await api.get<{ results: HostListing[] }>('/api/host/listings', { signal })).results,
});

export const hostBookingsQuery = queryOptions({
  queryKey: hostKeys.bookings,
  queryFn: async ({ signal }) => (await api.get<{ results: HostBooking[] }>('/api/host/bookings', { signal })).results,
});

export const listingCalendarQuery = (listingId: string, from: IsoDate, to: IsoDate) =>
  queryOptions({
    queryKey: hostKeys.calendar(listingId, from, to),
    queryFn: ({ signal }) => api.get<ListingCalendar>(`/api/listings/${listingId}/calendar`, { query: { from, to }, signal }),
    placeholderData: (previous) => previous,
  });

function useInvalidateHost() {
  const queryClient = useQueryClient();
  return (listingId?: string) =>
    Promise.all([
      // Refetched even while no page shows them: the dashboard opens next, with fresh figures.
      queryClient.invalidateQueries({ queryKey: hostKeys.all, refetchType: 'all' }),
      // Search results and the home page's featured stays may show this listing.
      queryClient.invalidateQueries({ queryKey: ['listings'] }),
      listingId ? queryClient.invalidateQueries({ queryKey: listingDetailKey(listingId) }) : undefined,
    ]);
}

/** Pause (inactive) or resume (active) one of my listings. */
export function useSetListingStatus() {
  const invalidate = useInvalidateHost();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ListingStatus }) => api.patch<ListingDetail>(`/api/listings/${id}`, { status }),
    onSuccess: (listing) => invalidate(listing.id),
  });
}

export function useRespondToBooking() {
  const invalidate = useInvalidateHost();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) => api.post<HostBooking>(`/api/bookings/${id}/${answer}`),
    onSettled: () => invalidate(),
  });
}

export function useChangeBlockedDates(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, from, to }: { action: 'block' | 'unblock'; from: IsoDate; to: IsoDate }) =>
      action === 'block'
        ? api.post<{ dates: IsoDate[] }>(`/api/listings/${listingId}/blocked-dates`, { from, to })
        : api.delete<{ dates: IsoDate[] }>(`/api/listings/${listingId}/blocked-dates`, { body: { from, to } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['host', 'calendar', listingId] }),
  });
}

// The listing form's writes. Photos go one per request: the server gives each request 30
// seconds, and a phone on a slow line must not send ten photos in one.

export const createListing = (input: ListingCreate) => api.post<ListingDetail>('/api/listings', input);

export const updateListing = (id: string, input: ListingUpdate) => api.patch<ListingDetail>(`/api/listings/${id}`, input);

export async function uploadPhoto(listingId: string, file: File, alt: string): Promise<ListingPhoto> {
  const body = new FormData();
  if (alt.trim()) body.append('alt', alt.trim());
  body.append('photo', file, file.name);
  const result = await api.post<{ added: ListingPhoto[]; listing_photos: ListingPhoto[] }>(`/api/listings/${listingId}/photos`, body);
  return result.added[0]!;
}

export const deletePhoto = (listingId: string, photoId: string) =>
  api.delete<{ listing_photos: ListingPhoto[] }>(`/api/listings/${listingId}/photos/${photoId}`);

export const reorderPhotos = (listingId: string, photoIds: string[]) =>
  api.put<{ listing_photos: ListingPhoto[] }>(`/api/listings/${listingId}/photos/order`, { photo_ids: photoIds });

export const updatePhotoAlt = (listingId: string, photoId: string, alt: string) =>
  api.patch<ListingPhoto>(`/api/listings/${listingId}/photos/${photoId}`, { alt });

export function useInvalidateAfterSave() {
  return useInvalidateHost();
}
