import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';

export const petsRoutes = ({ queryClient, requireSession }: RouteContext): RouteObject[] => [
  {
    path: 'pets',
    loader: async () => {
      await requireSession();
      await queryClient.ensureQueryData((await import('./api')).petsQuery);
      return null;
    },
    lazy: () => import('./pets-page').then((m) => ({ Component: m.PetsPage })),
  },
];
