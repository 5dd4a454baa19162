// What other features may use of stays: the route, and where a booking's stay page is.
export { staysRoutes } from './routes';
export const stayPath = (bookingId: string) => `/stays/${bookingId}`;
