// What other features may use of listings, and the app its route.
export { featuredListingsQuery } from './api';
export { listingDetailQuery } from './detail-api';
export { useInvalidateListing, useSetListingStatus } from './status-api';
export { listingsRoutes } from './routes';
