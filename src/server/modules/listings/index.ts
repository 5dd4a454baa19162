// What other modules may use of listings: the cards, a search, who may see a listing, and a
// booking's nights on its calendar (the calendar is the listing's). Other modules read a listing's
// cover and its published reviews from the views of migration 0027, never from SQL handed out here.
export { selectListedCardsInOrder } from './queries/cards';
export { selectSearch } from './queries/search';
export { freeStayNights, holdStayNights } from './queries/calendar';
export { listingNotFound, listingVisibleTo } from './service';
export { markHostListingsVerified, setListingHidden, type Viewer } from './queries/listings';
