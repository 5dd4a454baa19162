import { z } from 'zod';
import { STAY_SIZES } from '../../../domain/pet-sizes';
import { LISTING_STATUSES } from '../../../domain/schemas/listing';

// Response shapes of the listings module, for serialisation and the OpenAPI document. Request
// bodies are the domain schemas (src/domain/schemas/listing.ts, calendar.ts), shared with the web.

export const listingPhotoSchema = z.object({
  id: z.uuid(),
  /** The large variant; the card variant shares its stem (src/domain/photos.ts). */
  url: z.string(),
  alt: z.string(),
  sort_order: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ListingPhoto = z.infer<typeof listingPhotoSchema>;

/** Everything the listing page needs, and what create and edit answer. */
export const listingDetailSchema = z.object({
  id: z.uuid(),
  host_id: z.uuid(),
  title: z.string(),
  description: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  nightly_price_inr: z.number().int(),
  deposit_inr: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  status: z.enum(LISTING_STATUSES),
  verified: z.boolean(),
  size_supported: z.array(z.enum(STAY_SIZES)),
  amenities: z.array(z.string()),
  max_pets: z.number().int(),
  /** In display order; the first is the cover. */
  listing_photos: z.array(listingPhotoSchema),
  host: z.object({
    id: z.uuid(),
    name: z.string(),
    photo_url: z.string().nullable(),
    /** When the host's account was created (ISO 8601 instant), for "Joined Month YYYY". */
    joined: z.string(),
  }),
  /** Average of the published reviews of this listing, one decimal; 0 when there are none. */
  rating: z.number(),
  reviews_count: z.number().int(),
  /** True when the viewer is the host (who also sees the listing while it is paused). */
  is_owner: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const hostListingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  city: z.string(),
  state: z.string(),
  nightly_price_inr: z.number().int(),
  status: z.enum(LISTING_STATUSES),
  verified: z.boolean(),
  cover_photo_url: z.string().nullable(),
  photos_count: z.number().int(),
  created_at: z.string(),
});
export type HostListing = z.infer<typeof hostListingSchema>;

export const hostStatsSchema = z.object({
  /** Active listings only (SPEC.md section 4). */
  total_listings: z.number().int(),
  /** Accepted or completed bookings of my listings starting this calendar month (India time). */
  bookings_this_month: z.number().int(),
  /** The host payout of those bookings: subtotal minus the platform fee. */
  revenue_this_month_inr: z.number().int(),
  /** Average of the published reviews of my listings, one decimal; null when there are none. */
  rating: z.number().nullable(),
});
export type HostStats = z.infer<typeof hostStatsSchema>;

export const photoListSchema = z.object({ listing_photos: z.array(listingPhotoSchema) });

export const photoUploadResultSchema = z.object({
  /** The photos this request stored, in the order they were sent. */
  added: z.array(listingPhotoSchema),
  listing_photos: z.array(listingPhotoSchema),
});

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Nights the host blocked, as yyyy-MM-dd, ascending. */
  blocked: z.array(z.string()),
  /** Accepted stays: `from` is the check-in, `to` the check-out (the night of `to` is free). */
  stays: z.array(z.object({ booking_id: z.uuid(), from: z.string(), to: z.string(), guest_name: z.string() })),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const blockedChangeSchema = z.object({
  /** The nights this request blocked (POST) or unblocked (DELETE), as yyyy-MM-dd, ascending. */
  dates: z.array(z.string()),
});
