import { queryOptions } from '@tanstack/react-query';
import type { ListingStatus } from '@/domain/schemas/listing';
import type { StaySize } from '@/domain/pet-sizes';
import { api } from '@/web/lib/api';

// `GET /api/listings/:id` (src/server/modules/listings/schemas.ts, listingDetailSchema).

export type ListingPhoto = {
  id: string;
  /** The large variant; the card one shares its stem (src/domain/photos.ts). */
  url: string;
  alt: string;
  sort_order: number;
  width: number;
  height: number;
};

export type ListingDetail = {
  id: string;
  host_id: string;
  title: string;
  description: string;
  address: string;
  city: string;
  state: string;
  nightly_price_inr: number;
  deposit_inr: number;
  lat: number;
  lng: number;
  status: ListingStatus;
  verified: boolean;
  size_supported: StaySize[];
  amenities: string[];
  max_pets: number;
  /** In display order: the first is the cover. */
  listing_photos: ListingPhoto[];
  host: { id: string; name: string; photo_url: string | null; joined: string };
  /** 0 when there are no published reviews. */
  rating: number;
  reviews_count: number;
  is_owner: boolean;
  created_at: string;
  updated_at: string;
};

export const listingDetailKey = (id: string) => ['listings', 'detail', id] as const;

/** One listing for its page (and the host's edit form). Paused listings answer 404 except to their host. */
export const listingDetailQuery = (id: string) =>
  queryOptions({
    queryKey: listingDetailKey(id),
    queryFn: ({ signal }) => api.get<ListingDetail>(`/api/listings/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
  });
