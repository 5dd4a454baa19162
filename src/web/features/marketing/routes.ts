import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';
import { featuredListingsQuery } from '@/web/features/listings';

/** The public pages: the home page (its featured stays load with its code), the guides and the FAQ. */
export const marketingRoutes = ({ queryClient }: RouteContext): RouteObject[] => [
  {
    index: true,
    loader: () => {
      void queryClient.prefetchQuery(featuredListingsQuery);
      return null;
    },
    lazy: () => import('./pages/home-page').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: 'about',
    lazy: () => import('./pages/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: 'how-it-works',
    lazy: () => import('./pages/how-it-works-page').then((m) => ({ Component: m.HowItWorksPage })),
  },
  {
    path: 'faq',
    lazy: () => import('./pages/faq-page').then((m) => ({ Component: m.FaqPage })),
  },
  {
    path: 'host/guide',
    lazy: () => import('./pages/host-guide-page').then((m) => ({ Component: m.HostGuidePage })),
  },
  {
    path: 'host/safety',
    lazy: () => import('./pages/host-safety-page').then((m) => ({ Component: m.HostSafetyPage })),
  },
];

/** Any other path: the router's last resort. */
export const notFoundRoute: RouteObject = {
  path: '*',
  lazy: () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
};
