// What other modules may use of listings: the card's SQL, the photo order, the published-reviews
// rule, and who may see a listing.
export { cardJsonSql, selectListingCards } from './cards';
export { PHOTO_ORDER } from './photo-sql';
export { publishedListingReviews } from './ratings';
export { listingNotFound, listingVisibleTo } from './service';
