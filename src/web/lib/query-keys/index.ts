/**
 * Every TanStack Query key of the web, in one tree (decision 045), read as
 * `import * as queryKeys from '@/web/lib/query-keys'`. One module per branch: a module is what the
 * bundler places in a chunk, so the app's first chunk carries only the branches its first view
 * uses, and the host's keys load with the host's pages, as they did inside the features.
 *
 * A key is how one feature's write reaches another feature's cached answer (a review refreshes the
 * listing's page and the host's stats), so the keys are shared ground, like the API's contracts: a
 * feature reads and invalidates through this tree and never imports another feature for a key. The
 * server's render (web/entry-server.tsx) and the routes' loaders fill the cache under these same
 * keys, so the browser hydrates what the page asks for.
 *
 * Nesting is what invalidation relies on: a prefix invalidates everything under it (`host.all`
 * covers the host's bookings, calendar, money and verification). The architecture test
 * (src/architecture.test.ts) refuses a key written as a literal anywhere else.
 */
export { config, me, pets, session, signInLink } from './account';
export { favorites } from './favorites';
export { host } from './host';
export { messages } from './messages';
export { notifications } from './notifications';
export { ops } from './ops';
export { reviews } from './reviews';
export { bookings, listings, quote, search, stays } from './stays';
