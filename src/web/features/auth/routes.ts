import type { RouteObject } from 'react-router';

/**
 * The link in a sign-in e-mail: its token is the URL's fragment, which only the browser reads,
 * so the page is rendered there.
 */
export const authRoutes: RouteObject[] = [
  {
    path: 'sign-in',
    lazy: () => import('./sign-in-link-page').then((m) => ({ Component: m.SignInLinkPage })),
  },
];
