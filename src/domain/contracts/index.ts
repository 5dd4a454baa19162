import { authEndpoints } from './auth';
import { bookingEndpoints } from './booking';
import { calendarEndpoints } from './calendar';
import { configEndpoints } from './config';
import { contactEndpoints } from './contact';
import { favoritesEndpoints } from './favorites';
import { healthEndpoints } from './health';
import { incidentOpsEndpoints } from './incident';
import { listingEndpoints } from './listing';
import { meetEndpoints } from './meet';
import { messageEndpoints } from './message';
import { notificationEndpoints } from './notification';
import { paymentEndpoints } from './payment';
import { payoutEndpoints } from './payout';
import { petEndpoints } from './pet';
import { profileEndpoints } from './profile';
import { reviewEndpoints } from './review';
import { searchEndpoints } from './search';
import { stayEndpoints } from './stay';
import { taxDocumentEndpoints } from './tax-document';
import { opsAccountEndpoints, opsEndpoints, opsPayoutEndpoints } from './ops';
import { reportEndpoints, reportOpsEndpoints } from './reports';
import { verificationEndpoints, verificationOpsEndpoints } from './verification';

// Every endpoint of the API, by "METHOD /path": the server refuses to start with an /api route
// that is not here (server/http/endpoint.ts), and the web's client is typed from it.

export const apiEndpoints = {
  ...authEndpoints,
  ...bookingEndpoints,
  ...calendarEndpoints,
  ...configEndpoints,
  ...contactEndpoints,
  ...favoritesEndpoints,
  ...healthEndpoints,
  ...listingEndpoints,
  ...meetEndpoints,
  ...messageEndpoints,
  ...notificationEndpoints,
  ...paymentEndpoints,
  ...payoutEndpoints,
  ...petEndpoints,
  ...profileEndpoints,
  ...reviewEndpoints,
  ...searchEndpoints,
  ...stayEndpoints,
  ...taxDocumentEndpoints,
  ...verificationEndpoints,
  ...reportEndpoints,
  ...reportOpsEndpoints,
  ...opsAccountEndpoints,
  ...verificationOpsEndpoints,
  ...opsEndpoints,
  ...opsPayoutEndpoints,
  ...incidentOpsEndpoints,
};

/** The tables one by one: a key in two of them would silently lose one (a test counts them). */
export const contractTables = [
  authEndpoints,
  bookingEndpoints,
  calendarEndpoints,
  configEndpoints,
  contactEndpoints,
  favoritesEndpoints,
  healthEndpoints,
  listingEndpoints,
  meetEndpoints,
  messageEndpoints,
  notificationEndpoints,
  paymentEndpoints,
  payoutEndpoints,
  petEndpoints,
  profileEndpoints,
  reviewEndpoints,
  searchEndpoints,
  stayEndpoints,
  taxDocumentEndpoints,
  verificationEndpoints,
  verificationOpsEndpoints,
  opsEndpoints,
  opsAccountEndpoints,
  opsPayoutEndpoints,
  reportEndpoints,
  reportOpsEndpoints,
  incidentOpsEndpoints,
];

export type ApiEndpoints = typeof apiEndpoints;
export type ApiRoute = keyof ApiEndpoints;
