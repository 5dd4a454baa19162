// The orders of a search's results (SPEC.md section 2): the keys the /search URL and
// GET /api/search take, and the words of the results' Sort menu. No zod here: the search page's
// first view reads them (web/features/search/search-url.ts), and the server's schema
// (domain/contracts/search.ts) checks them.

export const SEARCH_SORTS = ['recommended', 'price_asc', 'price_desc', 'distance', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The Sort menu's labels, in the menu's order (that of SEARCH_SORTS). */
export const SORT_LABELS: Record<SearchSort, string> = {
  recommended: 'Recommended',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  distance: 'Distance',
  rating: 'Rating',
};

export function isSearchSort(value: string | undefined): value is SearchSort {
  return (SEARCH_SORTS as readonly (string | undefined)[]).includes(value);
}
