// What other features may use of reviews.
export { myReviewsQuery, pendingReviewsQuery } from './api';
export { ListingReviews } from './components/listing-reviews';
export { ReviewPrompts } from './components/review-prompts';
