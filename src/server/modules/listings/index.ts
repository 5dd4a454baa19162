// What other modules may use of listings: the card's SQL, the photo order, the published-reviews
// rule, who may see a listing, and a booking's nights on its calendar (the calendar is the listing's).
export { cardJsonSql, selectListingCards } from './queries/cards';
export { freeStayNights, holdStayNights } from './queries/calendar';
export { PHOTO_ORDER } from './queries/photos';
export { publishedListingReviews } from './queries/ratings';
export { listingNotFound, listingVisibleTo } from './service';
export { markHostListingsVerified, setListingHidden, type Viewer } from './queries/listings';
