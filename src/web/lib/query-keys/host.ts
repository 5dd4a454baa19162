import type { IsoDate } from '@/domain/dates';

// A branch of the web's query-key tree (index.ts, decision 045).

export const host = {
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
};
