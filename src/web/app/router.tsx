import { createBrowserRouter, type RouteObject } from 'react-router';
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

  // Routes built by other issues are added here, each lazy, in the same form:
  //   search                (public: filter bar, list, map)
  //   listing/:id           (public: listing detail)
  //   dashboard, host, host/listing/new, pets, messages, profile   (sign-in required)

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
