import { z } from 'zod';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '../reviews';

export const REVIEW_MESSAGES = {
  rating: `Choose a rating from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars`,
  bodyMissing: 'Please write a few words about the stay',
  bodyShort: `Review must be at least ${REVIEW_BODY_MIN} characters`,
  bodyLong: `Review must be at most ${REVIEW_BODY_MAX.toLocaleString('en-IN')} characters`,
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
