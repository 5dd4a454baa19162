import { z } from 'zod';

/** A review as its author sees it, published or not. */
export const myReviewSchema = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  kind: z.enum(['listing', 'guest']).describe("'listing': the guest reviewed the stay; 'guest': the host reviewed the guest"),
  rating: z.number().int(),
  body: z.string(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  created_at: z.string(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** A published guest review of a listing, as anyone may read it: the author's first name only. */
export const listingReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  body: z.string(),
  author_first_name: z.string(),
  /** The month it was published, e.g. "November 2026" (India time). */
  month: z.string(),
  published_at: z.string(),
});
export type ListingReview = z.infer<typeof listingReviewSchema>;

export const listingReviewsSchema = z.object({
  results: z.array(listingReviewSchema),
  /** All published listing reviews of the listing, for "Show more". */
  total: z.number().int(),
  page_size: z.number().int(),
});
export type ListingReviews = z.infer<typeof listingReviewsSchema>;

export const listingReviewsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(1000, 'Page must be at most 1000')
    .default(1),
});

/** A completed stay I can still review, as its guest or as its host. */
export const pendingReviewSchema = z.object({
  booking_id: z.uuid(),
  role: z.enum(['guest', 'host']),
  listing_id: z.uuid(),
  listing_title: z.string(),
  /** The person on the other side of the stay: the host for a guest, the guest for a host. */
  other_first_name: z.string(),
  checkout_date: z.string().describe('yyyy-MM-dd'),
  /** The last day the review can be written (yyyy-MM-dd, India). */
  deadline: z.string().describe('yyyy-MM-dd'),
});
export type PendingReview = z.infer<typeof pendingReviewSchema>;
