// What other features may use of listings.
export { featuredListingsQuery } from './api';
export { listingDetailKey, listingDetailQuery } from './detail-api';
