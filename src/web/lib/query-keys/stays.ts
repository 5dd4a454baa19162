import type { IsoDate } from '@/domain/dates';

// Branches of the web's query-key tree (index.ts, decision 045): what a guest looks at, from the
// home page's featured stays to their own bookings. One module, as the first view of every public
// page needs the listings' keys and a listing's page needs the others: kept apart, the search's and
// the bookings' keys were chunks of their own (two more requests, about 150 bytes more) on it.

export const listings = {
  /** Every answer that shows listings as cards or pages (the search's are not under it). */
  all: ['listings'] as const,
  featured: ['listings', 'featured'] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
};

export const search = (query: Record<string, string>) => ['search', query] as const;
/** The price of a stay, before it is asked for. */
export const quote = (listingId: string, fromDate: IsoDate, toDate: IsoDate) => ['quote', listingId, fromDate, toDate] as const;

export const bookings = {
  /** Everything a booking changes on the guest's side (the host's are under host.bookings). */
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
};

/** One paid booking as a stay (its page): care sheets, check-in and check-out. */
export const stays = {
  detail: (id: string) => ['stays', id] as const,
};
