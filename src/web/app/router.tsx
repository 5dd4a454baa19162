import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { requireSession } from '@/web/features/auth/require-session';
import { featuredListingsQuery } from '@/web/features/listings/api';
import { clientConfigQuery } from '@/web/lib/config';
import { PageFallback } from './page-fallback';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * The app's routes, whose loaders fill `queryClient`: the browser's one client, or a client of the
 * server's render of one request (web/entry-server.tsx).
 *
 * Every page is its own chunk (`lazy`). The paths are also listed in domain/page-paths.ts, for the
 * server's 404s; routes.test.ts keeps the two in step. A `loader` here starts the page's data request in
 * parallel with its code download without blocking the navigation; the page reads the same
 * query from the cache.
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

const pages = (queryClient: QueryClient): RouteObject[] => [
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
    loader: async ({ request }) => {
      await requireSession(queryClient);
      void queryClient.prefetchQuery((await import('@/web/features/pets/api')).petsQuery);
      if (new URL(request.url).searchParams.get('tab') === 'favorites') {
        void queryClient.prefetchQuery((await import('@/web/features/favorites/api')).favoritesQuery);
      }
      return null;
    },
    lazy: () => import('@/web/features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'pets',
    loader: async () => {
      await requireSession(queryClient);
      await queryClient.ensureQueryData((await import('@/web/features/pets/api')).petsQuery);
      return null;
    },
    lazy: () => import('@/web/features/pets/pets-page').then((m) => ({ Component: m.PetsPage })),
  },
  {
    path: 'profile',
    loader: async () => {
      await requireSession(queryClient);
      await queryClient.ensureQueryData((await import('@/web/features/profile/api')).profileQuery);
      return null;
    },
    lazy: () => import('@/web/features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  ...['messages', 'messages/:id'].map(
    (path): RouteObject => ({
      path,
      loader: async () => {
        await requireSession(queryClient);
        void queryClient.prefetchQuery((await import('@/web/features/messages/api')).conversationsQuery);
        return null;
      },
      lazy: () => import('@/web/features/messages/messages-page').then((m) => ({ Component: m.MessagesPage })),
    }),
  ),

  // A listing page is public; its data starts loading with the page's code.
  {
    path: 'listing/:id',
    loader: async ({ params }) => {
      const { listingDetailQuery } = await import('@/web/features/listings/detail-api');
      void queryClient.prefetchQuery(listingDetailQuery(params.id ?? ''));
      return null;
    },
    lazy: () => import('@/web/features/listings/listing-page').then((m) => ({ Component: m.ListingPage })),
  },

  // The host side (SPEC.md section 6: any signed-in user can host).
  {
    path: 'host',
    loader: async () => {
      await requireSession(queryClient);
      const [host, bookings, verification] = await Promise.all([
        import('@/web/features/host/api'),
        import('@/web/features/bookings/api'),
        import('@/web/features/verification/api'),
      ]);
      void queryClient.prefetchQuery(bookings.hostBookingsQuery);
      // With the page: the "Get verified" card sits above the tabs, and must not push them down later.
      await Promise.all([
        queryClient.ensureQueryData(host.hostStatsQuery),
        queryClient.ensureQueryData(host.hostListingsQuery),
        queryClient.ensureQueryData(verification.verificationQuery).catch(() => undefined),
      ]);
      return null;
    },
    lazy: () => import('@/web/features/host/host-page').then((m) => ({ Component: m.HostPage })),
  },
  // The operators' console (issue 23): anyone else, signed in or not, sees the not-found page.
  {
    path: 'ops',
    lazy: () => import('@/web/features/ops/ops-page').then((m) => ({ Component: m.OpsPage })),
  },
  {
    path: 'host/listing/new',
    loader: async () => {
      await requireSession(queryClient);
      void queryClient.prefetchQuery(clientConfigQuery);
      return null;
    },
    lazy: () => import('@/web/features/host/listing-form-page').then((m) => ({ Component: m.NewListingPage })),
  },
  {
    path: 'host/listing/:id/edit',
    loader: async ({ params }) => {
      await requireSession(queryClient);
      void queryClient.prefetchQuery(clientConfigQuery);
      const { listingDetailQuery } = await import('@/web/features/listings/detail-api');
      // A missing listing, or another host's, is the page's to explain (a friendly not-found).
      await queryClient.ensureQueryData(listingDetailQuery(params.id ?? '')).catch(() => undefined);
      return null;
    },
    lazy: () => import('@/web/features/host/listing-form-page').then((m) => ({ Component: m.EditListingPage })),
  },

  // The search: its first answer starts loading with the page's code. Later changes of the URL's
  // params are the page's own (debounced) queries, so they do not re-run the loader.
  {
    path: 'search',
    handle: { fullHeight: true },
    loader: async ({ request }) => {
      const [{ searchQuery }, { apiQueryFor, readSearchState }] = await Promise.all([
        import('@/web/features/search/api'),
        import('@/web/features/search/search-url'),
      ]);
      void queryClient.prefetchQuery(searchQuery(apiQueryFor(readSearchState(new URL(request.url).searchParams))));
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    lazy: () => import('@/web/features/search/search-page').then((m) => ({ Component: m.SearchPage })),
  },

  // The link in a sign-in e-mail: its token is the URL's fragment, which only the browser reads,
  // so the page is rendered there.
  {
    path: 'sign-in',
    lazy: () => import('@/web/features/auth/sign-in-link-page').then((m) => ({ Component: m.SignInLinkPage })),
  },

  {
    path: '*',
    lazy: () => import('@/web/features/marketing/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  },
];
