import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/web/lib/api';

/** One client for the app: route loaders prefetch into it, components read from it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will answer the same way again; network trouble and 5xx get two more tries.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
    mutations: { retry: false },
  },
});
