// A branch of the web's query-key tree (index.ts, decision 045).

export const favorites = {
  all: ['favorites'] as const,
  ids: ['favorites', 'ids'] as const,
  list: ['favorites', 'list'] as const,
  /** The toggle's mutation key (favorites/api.ts): only the last toggle of a burst refetches. */
  toggle: ['favorites', 'toggle'] as const,
};
