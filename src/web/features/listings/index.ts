// What other features may use of listings.
export { featuredListingsQuery } from './api';
export { listingDetailQuery } from './detail-api';
