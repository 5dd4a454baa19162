import { queryOptions, useQuery } from '@tanstack/react-query';
import * as queryKeys from '@/web/lib/query-keys';
import { call } from './api';

export const FALLBACK_SUPPORT_EMAIL = 'support@pawstay.in';

/** Run-time settings from `GET /api/config`; they rarely change, so they stay fresh for long. */
export const clientConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => call('GET /api/config', { signal }),
  staleTime: 30 * 60_000,
});

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}
