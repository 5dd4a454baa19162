// What other features may use of reviews: the prompts of the dashboards, and the queries. A
// listing's published reviews are the listing page's (features/listings/components/listing-reviews.tsx).
export { myReviewsQuery, pendingReviewsQuery } from './api';
export { ReviewPrompts } from './components/review-prompts';
