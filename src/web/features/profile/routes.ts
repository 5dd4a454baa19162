import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';

export const profileRoutes = ({ queryClient, requireSession }: RouteContext): RouteObject[] => [
  {
    path: 'profile',
    loader: async () => {
      await requireSession();
      await queryClient.ensureQueryData((await import('./api')).profileQuery);
      return null;
    },
    lazy: () => import('./profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
];
