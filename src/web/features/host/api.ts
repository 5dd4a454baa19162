import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IsoDate } from '@/domain/dates';
import type { ListingCreate, ListingPhoto, ListingUpdate, PhotoSet } from '@/domain/contracts/listing';
import type { PayoutAccountInput, TaxProfileInput } from '@/domain/contracts/payout';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// The host side of the API (src/server/modules/listings/*): stats, my listings, the availability
// calendar, and the writes behind the listing form (requests are the bookings feature's).

export const hostStatsQuery = queryOptions({
  queryKey: queryKeys.host.stats,
  queryFn: ({ signal }) => call('GET /api/host/stats', { signal }),
});

export const hostListingsQuery = queryOptions({
  queryKey: queryKeys.host.listings,
  queryFn: async ({ signal }) => (await call('GET /api/host/listings', { signal })).results,
});

export const listingCalendarQuery = (listingId: string, from: IsoDate, to: IsoDate) =>
  queryOptions({
    queryKey: queryKeys.host.calendar(listingId, from, to),
    queryFn: ({ signal }) => call('GET /api/listings/:id/calendar', { params: { id: listingId }, query: { from, to }, signal }),
    placeholderData: (previous) => previous,
  });

export function useChangeBlockedDates(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, from, to }: { action: 'block' | 'unblock'; from: IsoDate; to: IsoDate }) =>
      call(action === 'block' ? 'POST /api/listings/:id/blocked-dates' : 'DELETE /api/listings/:id/blocked-dates', {
        params: { id: listingId },
        body: { from, to },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.host.calendarOf(listingId) }),
  });
}

// The listing form's writes. New photos go one per request: the server gives each request 30
// seconds, and a phone on a slow line must not send ten photos in one. The set they end up in
// (which stay, their order, their descriptions) is saved by one request, all or nothing.

export const createListing = (input: ListingCreate) => call('POST /api/listings', { body: input });

export const updateListing = (id: string, input: ListingUpdate) => call('PATCH /api/listings/:id', { params: { id }, body: input });

/** Adds one photo after the listing's others; answers it and the listing's photos. */
export async function uploadPhoto(listingId: string, file: File, alt: string): Promise<{ added: ListingPhoto; listing_photos: ListingPhoto[] }> {
  const body = new FormData();
  if (alt.trim()) body.append('alt', alt.trim());
  body.append('photo', file, file.name);
  const result = await call('POST /api/listings/:id/photos', { params: { id: listingId }, body });
  return { added: result.added[0]!, listing_photos: result.listing_photos };
}

export const savePhotoSet = (listingId: string, photos: PhotoSet['photos']) =>
  call('PUT /api/listings/:id/photos', { params: { id: listingId }, body: { photos } });

export { useInvalidateListing as useInvalidateAfterSave } from '@/web/features/listings';

// Money (issue 22): the host's tax status, payout account and payouts.

export const payoutsQuery = queryOptions({
  queryKey: queryKeys.host.payouts,
  queryFn: ({ signal }) => call('GET /api/host/payouts', { signal }),
});

export const statementsQuery = queryOptions({
  queryKey: queryKeys.host.statements,
  queryFn: ({ signal }) => call('GET /api/host/statements', { signal }),
});

export const taxProfileQuery = queryOptions({
  queryKey: queryKeys.host.taxProfile,
  queryFn: ({ signal }) => call('GET /api/host/tax-profile', { signal }),
});

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAccountInput) => call('PUT /api/host/payout-account', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.host.payouts }),
  });
}

export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaxProfileInput) => call('PUT /api/host/tax-profile', { body: input }),
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.host.taxProfile, profile),
  });
}
