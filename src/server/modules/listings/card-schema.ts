import { z } from 'zod';
import { STAY_SIZES } from '../../../domain/pet-sizes';

/** The response schema of a listing card, for serialisation and the OpenAPI document. */
export const listingCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  city: z.string(),
  price_per_night: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  photos: z.array(z.object({ url: z.string(), alt: z.string() })),
  verified: z.boolean(),
  rating: z.number(),
  reviews_count: z.number().int(),
  distance_km: z.number().nullable(),
  size_supported: z.array(z.enum(STAY_SIZES)),
  amenities: z.array(z.string()),
  host: z.object({ name: z.string() }),
});
