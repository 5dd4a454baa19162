import { z } from 'zod';
import type { Contract } from './endpoint';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '../reviews';
import { idParams } from './params';

// Written whole, the limits' figures in them, so that the catalogues find them by their English
// (decision 063); review.test.ts holds them to the limits in domain/reviews.ts.
export const REVIEW_MESSAGES = {
  rating: /*i18n*/ 'Choose a rating from 1 to 5 stars',
  bodyMissing: /*i18n*/ 'Please write a few words about the stay',
  bodyShort: /*i18n*/ 'Review must be at least 20 characters',
  bodyLong: /*i18n*/ 'Review must be at most 1,000 characters',
} as const;

/** A review as written, by the guest of the stay or by its host. The text counts once trimmed. */
export const reviewCreateSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(REVIEW_RATING_MIN, REVIEW_MESSAGES.rating)
    .max(REVIEW_RATING_MAX, REVIEW_MESSAGES.rating),
  body: z
    .string({ error: REVIEW_MESSAGES.bodyMissing })
    .trim()
    .min(REVIEW_BODY_MIN, REVIEW_MESSAGES.bodyShort)
    .max(REVIEW_BODY_MAX, REVIEW_MESSAGES.bodyLong),
});

export type ReviewCreateInput = z.infer<typeof reviewCreateSchema>;

export const listingReviewsQuerySchema = z.object({
  page: z.coerce
    .number<number>({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(1000, 'Page must be at most 1000')
    .default(1),
});

// The answers.

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

/** One page of a listing's reviews. */
export const listingReviewsPageSchema = z.object({
  results: z.array(listingReviewSchema),
  /** All published listing reviews of the listing, for "Show more". */
  total: z.number().int(),
  page_size: z.number().int(),
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

export type MyReview = z.infer<typeof myReviewSchema>;
export type ListingReview = z.infer<typeof listingReviewSchema>;
export type ListingReviewsPage = z.infer<typeof listingReviewsPageSchema>;
export type PendingReview = z.infer<typeof pendingReviewSchema>;

export const reviewEndpoints = {
  'POST /api/bookings/:id/review': { params: idParams, body: reviewCreateSchema, response: myReviewSchema, status: 201 },
  'GET /api/listings/:id/reviews': { params: idParams, query: listingReviewsQuerySchema, response: listingReviewsPageSchema },
  'GET /api/reviews/mine': { response: z.object({ results: z.array(myReviewSchema) }) },
  'GET /api/reviews/pending': { response: z.object({ results: z.array(pendingReviewSchema) }) },
} as const satisfies Contract;
