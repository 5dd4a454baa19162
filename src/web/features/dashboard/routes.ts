import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';

export const dashboardRoutes = ({ queryClient, requireSession }: RouteContext): RouteObject[] => [
  {
    path: 'dashboard',
    loader: async ({ request }) => {
      await requireSession();
      const { loadDashboard } = await import('./dashboard-data');
      loadDashboard(queryClient, new URL(request.url).searchParams.get('tab'));
      return null;
    },
    lazy: () => import('./dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
];
