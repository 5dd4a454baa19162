import { describe, expect, it } from 'vitest';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '../reviews';
import { REVIEW_MESSAGES, reviewCreateSchema } from './review';

const body = 'Lovely home, Moti came back very happy.';
const messagesOf = (input: unknown) => {
  const result = reviewCreateSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('reviewCreateSchema', () => {
  it('states the limits of domain/reviews.ts, written whole for the catalogues', () => {
    expect(REVIEW_MESSAGES.rating).toBe(`Choose a rating from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars`);
    expect(REVIEW_MESSAGES.bodyShort).toBe(`Review must be at least ${REVIEW_BODY_MIN} characters`);
    expect(REVIEW_MESSAGES.bodyLong).toBe(`Review must be at most ${REVIEW_BODY_MAX.toLocaleString('en-IN')} characters`);
  });

  it('accepts whole stars from 1 to 5 and trims the text', () => {
    expect(reviewCreateSchema.parse({ rating: 1, body: `  ${body}  ` })).toEqual({ rating: 1, body });
    expect(reviewCreateSchema.parse({ rating: 5, body: 'x'.repeat(1000) }).body).toHaveLength(1000);
  });

  it('refuses other ratings with one message', () => {
    for (const rating of [0, 6, 2.5, '4', null]) {
      expect(messagesOf({ rating, body })).toEqual([`rating: ${REVIEW_MESSAGES.rating}`]);
    }
    expect(messagesOf({ body })).toEqual([`rating: ${REVIEW_MESSAGES.rating}`]);
  });

  it('counts the text once trimmed: 20 to 1,000 characters', () => {
    expect(messagesOf({ rating: 4, body: 'x'.repeat(19) })).toEqual([`body: ${REVIEW_MESSAGES.bodyShort}`]);
    expect(messagesOf({ rating: 4, body: `${'x'.repeat(19)}      ` })).toEqual([`body: ${REVIEW_MESSAGES.bodyShort}`]);
    expect(messagesOf({ rating: 4, body: 'x'.repeat(1001) })).toEqual([`body: ${REVIEW_MESSAGES.bodyLong}`]);
    expect(messagesOf({ rating: 4 })).toEqual([`body: ${REVIEW_MESSAGES.bodyMissing}`]);
    expect(REVIEW_MESSAGES.bodyLong).toBe('Review must be at most 1,000 characters');
  });
});
