// What other modules may use of reviews.
export { publishDueReviews } from './publication';
