import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { authRoutes, requireSession } from '@/web/features/auth';
import { contactRoutes } from '@/web/features/contact';
import { dashboardRoutes } from '@/web/features/dashboard';
import { hostRoutes } from '@/web/features/host';
import { listingsRoutes } from '@/web/features/listings';
import { marketingRoutes, notFoundRoute } from '@/web/features/marketing';
import { messagesRoutes } from '@/web/features/messages';
import { notificationsRoutes } from '@/web/features/notifications';
import { opsRoutes } from '@/web/features/ops';
import { petsRoutes } from '@/web/features/pets';
import { staysRoutes } from '@/web/features/stays';
import { profileRoutes } from '@/web/features/profile';
import { searchRoutes } from '@/web/features/search';
import type { RouteContext } from '@/web/lib/route-context';
import { PageFallback } from './page-fallback';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * The app's routes, whose loaders fill `queryClient`: the browser's one client, or a client of the
 * server's render of one request (web/entry-server.tsx).
 *
 * Every page is its own chunk (`lazy`, in its feature's routes.ts). The paths are also listed in
 * domain/page-paths.ts, for the server's 404s; routes.test.ts keeps the two in step. A route's
 * `loader` starts the page's data request in parallel with its code download without blocking the
 * navigation; the page reads the same query from the cache.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      {
        // A pathless route: a failing or loading page keeps the header and footer around it.
        errorElement: <RouteError />,
        HydrateFallback: PageFallback,
        children: pages(queryClient),
      },
    ],
  },
];

// Each feature's pages, from its index (decision 045): the paths, the loaders and the lazily loaded
// components are the feature's own; the router only puts them together.
const pages = (queryClient: QueryClient): RouteObject[] => {
  const context: RouteContext = { queryClient, requireSession: () => requireSession(queryClient) };
  return [
    ...marketingRoutes(context),
    ...contactRoutes(context),
    // Signed-in pages (SPEC.md section 6): the loader sends signed-out visitors to `/`, then loads
    // the page's data so that it renders complete.
    ...dashboardRoutes(context),
    ...petsRoutes(context),
    ...profileRoutes(context),
    ...messagesRoutes(context),
    ...notificationsRoutes(context),
    ...staysRoutes(context),
    ...listingsRoutes(context),
    ...hostRoutes(context),
    ...opsRoutes,
    ...searchRoutes(context),
    ...authRoutes,
    notFoundRoute,
  ];
};
