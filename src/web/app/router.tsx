import { createBrowserRouter, type RouteObject } from 'react-router';
import { requireSession } from '@/web/features/auth/require-session';
import { featuredListingsQuery } from '@/web/features/listings/api';
import { clientConfigQuery } from '@/web/lib/config';
import { PageFallback } from './page-fallback';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every page is its own chunk (`lazy`). A `loader` here starts the page's data request in
 * parallel with its code download without blocking the navigation; the page reads the same
 * query from the cache.
 */
const pages: RouteObject[] = [
  {
    index: true,
    loader: () => {
      void queryClient.prefetchQuery(featuredListingsQuery);
      return null;
    },
    lazy: () => import('@/web/features/marketing/pages/home-page').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: 'about',
    lazy: () => import('@/web/features/marketing/pages/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: 'how-it-works',
    lazy: () => import('@/web/features/marketing/pages/how-it-works-page').then((m) => ({ Component: m.HowItWorksPage })),
  },
  {
    path: 'faq',
    lazy: () => import('@/web/features/marketing/pages/faq-page').then((m) => ({ Component: m.FaqPage })),
  },
  {
    path: 'contact',
    loader: () => {
      void queryClient.prefetchQuery(clientConfigQuery);
      return null;
    },
    lazy: () => import('@/web/features/contact/contact-page').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: 'host/guide',
    lazy: () => import('@/web/features/marketing/pages/host-guide-page').then((m) => ({ Component: m.HostGuidePage })),
  },
  {
    path: 'host/safety',
    lazy: () => import('@/web/features/marketing/pages/host-safety-page').then((m) => ({ Component: m.HostSafetyPage })),
  },

  // Signed-in pages (SPEC.md section 6): the loader sends signed-out visitors to `/`, then
  // loads the page's data so that it renders complete.
  {
    path: 'dashboard',
    loader: async () => {
      await requireSession();
      void queryClient.prefetchQuery((await import('@/web/features/pets/api')).petsQuery);
      return null;
    },
    lazy: () => import('@/web/features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'pets',
    loader: async () => {
      await requireSession();
      await queryClient.ensureQueryData((await import('@/web/features/pets/api')).petsQuery);
      return null;
    },
    lazy: () => import('@/web/features/pets/pets-page').then((m) => ({ Component: m.PetsPage })),
  },
  {
    path: 'profile',
    loader: async () => {
      await requireSession();
      await queryClient.ensureQueryData((await import('@/web/features/profile/api')).profileQuery);
      return null;
    },
    lazy: () => import('@/web/features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'messages',
    loader: requireSession,
    lazy: () => import('@/web/features/messages/messages-page').then((m) => ({ Component: m.MessagesPage })),
  },

  // Still to come, each lazy in the same form: search, listing/:id, host, host/listing/new.

  {
    path: '*',
    lazy: () => import('@/web/features/marketing/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      {
        // A pathless route: a failing or loading page keeps the header and footer around it.
        errorElement: <RouteError />,
        HydrateFallback: PageFallback,
        children: pages,
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
