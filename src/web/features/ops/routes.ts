import type { RouteObject } from 'react-router';

/** The operators' console (issue 23): anyone else, signed in or not, sees the not-found page. */
export const opsRoutes: RouteObject[] = [
  {
    path: 'ops',
    lazy: () => import('./ops-page').then((m) => ({ Component: m.OpsPage })),
  },
];
