import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';

/** A listing page is public; its data starts loading with the page's code. */
export const listingsRoutes = ({ queryClient }: RouteContext): RouteObject[] => [
  {
    path: 'listing/:id',
    loader: async ({ params }) => {
      const { listingDetailQuery } = await import('./detail-api');
      void queryClient.prefetchQuery(listingDetailQuery(params.id ?? ''));
      return null;
    },
    lazy: () => import('./listing-page').then((m) => ({ Component: m.ListingPage })),
  },
];
