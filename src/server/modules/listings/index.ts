// What other modules may use of listings: the card's SQL, the photo order, the published-reviews
// rule, and who may see a listing.
export { cardJsonSql, selectListingCards } from './queries/cards';
export { PHOTO_ORDER } from './queries/photos';
export { publishedListingReviews } from './queries/ratings';
export { listingNotFound, listingVisibleTo } from './service';
export type { Viewer } from './queries/listings';
