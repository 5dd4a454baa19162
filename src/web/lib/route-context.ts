import type { QueryClient } from '@tanstack/react-query';

/**
 * What the router (web/app/router.tsx) hands each feature's routes (decision 045): the cache their
 * loaders fill, and the guard of the signed-in pages, so that a feature's pages need not import
 * auth for it.
 */
export type RouteContext = {
  queryClient: QueryClient;
  /** Sends a signed-out visitor to `/` (SPEC.md section 6); the session is asked for once. */
  requireSession: () => Promise<unknown>;
};
