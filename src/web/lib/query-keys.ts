import type { IsoDate } from '@/domain/dates';
import type { AuditTarget } from '@/domain/operator-actions';

/**
 * Every TanStack Query key of the web, in one tree (decision 045). A key is how one feature's
 * write reaches another feature's cached answer (a review refreshes the listing's page and the
 * host's stats), so the keys are shared ground, like the API's contracts: a feature reads and
 * invalidates through this tree and never imports another feature for a key. The server's render
 * (web/entry-server.tsx) and the router's loaders fill the cache under these same keys, so the
 * browser hydrates what the page asks for.
 *
 * Nesting is what invalidation relies on: a prefix invalidates everything under it
 * (`host.all` covers the host's bookings, calendar, money and verification). The architecture
 * test (src/architecture.test.ts) refuses a key written as a literal anywhere else.
 */
export const queryKeys = {
  /** Who is signed in (null: nobody). Signing in or out empties every other key. */
  session: ['session'] as const,
  signInLink: (token: string) => ['sign-in-link', token] as const,
  /** The client's settings from the server (lib/config.ts). */
  config: ['config'] as const,
  /** My profile, as the profile page edits it. */
  me: ['me'] as const,
  pets: ['pets'] as const,
  search: (query: Record<string, string>) => ['search', query] as const,
  quote: (listingId: string, fromDate: IsoDate, toDate: IsoDate) => ['quote', listingId, fromDate, toDate] as const,

  listings: {
    /** Every answer that shows listings as cards or pages: the search's are not under it. */
    all: ['listings'] as const,
    featured: ['listings', 'featured'] as const,
    detail: (id: string) => ['listings', 'detail', id] as const,
  },

  bookings: {
    /** Everything a booking changes on the guest's side. */
    all: ['bookings'] as const,
    mine: ['bookings', 'mine'] as const,
  },

  host: {
    /** Everything of the host's side: a host's answer to a request changes their stats too. */
    all: ['host'] as const,
    stats: ['host', 'stats'] as const,
    listings: ['host', 'listings'] as const,
    bookings: ['host', 'bookings'] as const,
    /** One listing's calendar, every range of it. */
    calendarOf: (listingId: string) => ['host', 'calendar', listingId] as const,
    calendar: (listingId: string, from: IsoDate, to: IsoDate) => ['host', 'calendar', listingId, from, to] as const,
    payouts: ['host', 'payouts'] as const,
    statements: ['host', 'statements'] as const,
    taxProfile: ['host', 'tax-profile'] as const,
    verification: ['host', 'verification'] as const,
  },

  reviews: {
    pending: ['reviews', 'pending'] as const,
    mine: ['reviews', 'mine'] as const,
    listing: (listingId: string) => ['reviews', 'listing', listingId] as const,
  },

  messages: {
    all: ['messages'] as const,
    conversations: ['messages', 'conversations'] as const,
    conversation: (id: string) => ['messages', 'conversation', id] as const,
    unread: ['messages', 'unread'] as const,
    thread: (id: string) => ['messages', 'thread', id] as const,
  },

  favorites: {
    all: ['favorites'] as const,
    ids: ['favorites', 'ids'] as const,
    list: ['favorites', 'list'] as const,
  },

  ops: {
    all: ['ops'] as const,
    verifications: ['ops', 'verifications'] as const,
    reports: ['ops', 'reports'] as const,
    payouts: ['ops', 'payouts'] as const,
    users: (email: string) => ['ops', 'users', email] as const,
    account: (id: string) => ['ops', 'account', id] as const,
    history: (type: AuditTarget, id: string) => ['ops', 'history', type, id] as const,
  },
} as const;

/** Mutation keys: a mutation that must know whether another like it is still running. */
export const mutationKeys = {
  /** A favourite's toggle (favorites/api.ts): only the last of a burst refetches. */
  toggleFavorite: ['favorites', 'toggle'] as const,
};
