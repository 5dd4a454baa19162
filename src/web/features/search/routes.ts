import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';

/**
 * The search: its first answer starts loading with the page's code. Later changes of the URL's
 * params are the page's own (debounced) queries, so they do not re-run the loader.
 */
export const searchRoutes = ({ queryClient }: RouteContext): RouteObject[] => [
  {
    path: 'search',
    handle: { fullHeight: true },
    loader: async ({ request }) => {
      const [{ searchQuery }, { apiQueryFor, readSearchState }] = await Promise.all([import('./api'), import('./search-url')]);
      void queryClient.prefetchQuery(searchQuery(apiQueryFor(readSearchState(new URL(request.url).searchParams))));
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    lazy: () => import('./search-page').then((m) => ({ Component: m.SearchPage })),
  },
];
