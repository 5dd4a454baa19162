// A branch of the web's query-key tree (index.ts, decision 045).

export const reviews = {
  pending: ['reviews', 'pending'] as const,
  mine: ['reviews', 'mine'] as const,
  listing: (listingId: string) => ['reviews', 'listing', listingId] as const,
};
