import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';

export const staysRoutes = ({ queryClient, requireSession }: RouteContext): RouteObject[] => [
  {
    path: 'stays/:id',
    loader: async ({ params }) => {
      await requireSession();
      const { stayQuery } = await import('./api');
      // An unknown or someone else's stay is the page's own "not found", not the route's error.
      await queryClient.prefetchQuery(stayQuery(params.id!));
      return null;
    },
    lazy: () => import('./stay-page').then((m) => ({ Component: m.StayPage })),
  },
];
