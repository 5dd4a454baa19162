// The listing the edit form loads with its code (routes.ts): the listings feature's query, apart
// from the route so that the app's first chunk does not carry it.
export { listingDetailQuery } from '@/web/features/listings';
