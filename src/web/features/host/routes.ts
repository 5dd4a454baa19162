import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';
import { clientConfigQuery } from '@/web/lib/config';

/** The host side (SPEC.md section 6: any signed-in user can host): /host and the listing form. */
export const hostRoutes = ({ queryClient, requireSession }: RouteContext): RouteObject[] => [
  {
    path: 'host',
    loader: async () => {
      await requireSession();
      await (await import('./host-page-data')).loadHostPage(queryClient);
      return null;
    },
    lazy: () => import('./host-page').then((m) => ({ Component: m.HostPage })),
  },
  {
    path: 'host/listing/new',
    loader: async () => {
      await requireSession();
      void queryClient.prefetchQuery(clientConfigQuery);
      return null;
    },
    lazy: () => import('./listing-form-page').then((m) => ({ Component: m.NewListingPage })),
  },
  {
    path: 'host/listing/:id/edit',
    loader: async ({ params }) => {
      await requireSession();
      void queryClient.prefetchQuery(clientConfigQuery);
      const { listingDetailQuery } = await import('./listing-form-data');
      // A missing listing, or another host's, is the page's to explain (a friendly not-found).
      await queryClient.ensureQueryData(listingDetailQuery(params.id ?? '')).catch(() => undefined);
      return null;
    },
    lazy: () => import('./listing-form-page').then((m) => ({ Component: m.EditListingPage })),
  },
];
