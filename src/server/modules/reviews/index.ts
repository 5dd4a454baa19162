// What other modules may use of reviews, and its step of the lifecycle job (jobs/lifecycle.ts).
export { publishDueReviews } from './publication';
export { markReviewRemoved } from './queries';
