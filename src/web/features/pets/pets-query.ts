import { queryOptions } from '@tanstack/react-query';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

/**
 * The signed-in user's pets. On its own: the listing page's booking card and the search filter
 * read it without the pets page's saving code (api.ts) or the pet profile's rules.
 */
export const petsQuery = queryOptions({
  queryKey: queryKeys.pets,
  queryFn: async () => (await call('GET /api/pets')).results,
});
