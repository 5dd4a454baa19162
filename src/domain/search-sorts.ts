// The orders of a search's results (SPEC.md section 2): the keys the /search URL and
// GET /api/search take (the Sort menu's words are messages: web/i18n/domain-labels.ts). No zod
// here: the search page's first view reads them (web/features/search/search-url.ts), and the
// server's schema (domain/contracts/search.ts) checks them.

export const SEARCH_SORTS = ['recommended', 'price_asc', 'price_desc', 'distance', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * How much a home's daily updates count in the recommended order, in stars: one whose every stay
 * day had an update (domain/stays/daily-updates.ts updateShare) ranks as if rated half a star
 * higher; one with no stay yet gets nothing, as one that never posted. Enough to lift a home that
 * cares visibly above a slightly better-rated silent one, never above a clearly better one.
 */
export const RECOMMENDED_UPDATE_WEIGHT = 0.5;

/** A listed home's place in the recommended order after verification (higher first): the database keeps it as listings.recommended_score. */
export function recommendedScore(rating: number, updateShare: number | null): number {
  return rating + RECOMMENDED_UPDATE_WEIGHT * (updateShare ?? 0);
}

export function isSearchSort(value: string | undefined): value is SearchSort {
  return (SEARCH_SORTS as readonly (string | undefined)[]).includes(value);
}
