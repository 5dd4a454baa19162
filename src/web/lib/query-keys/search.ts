import type { IsoDate } from '@/domain/dates';

// A branch of the web's query-key tree (index.ts, decision 045).

export const search = (query: Record<string, string>) => ['search', query] as const;
/** The price of a stay, before it is asked for. */
export const quote = (listingId: string, fromDate: IsoDate, toDate: IsoDate) => ['quote', listingId, fromDate, toDate] as const;
