// A branch of the web's query-key tree (index.ts, decision 045).

export const listings = {
  /** Every answer that shows listings as cards or pages (the search's are not under it). */
  all: ['listings'] as const,
  featured: ['listings', 'featured'] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
};
