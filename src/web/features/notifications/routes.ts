import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';

// /notifications and /settings/notifications (issue 38): signed-in pages, each its own chunk.

/**
 * Their queries, fetched by the loaders alongside the page's code: one import for both, as the
 * routes are in every page's first view.
 */
const api = () => import('./api');

export const notificationsRoutes = ({ queryClient, requireSession }: RouteContext): RouteObject[] => [
  {
    path: 'notifications',
    loader: async () => {
      await requireSession();
      void queryClient.prefetchInfiniteQuery((await api()).noticesQuery);
      return null;
    },
    lazy: () => import('./notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  },
  {
    path: 'settings/notifications',
    loader: async () => {
      await requireSession();
      await queryClient.ensureQueryData((await api()).notificationSettingsQuery);
      return null;
    },
    lazy: () => import('./settings-page').then((m) => ({ Component: m.NotificationSettingsPage })),
  },
];
