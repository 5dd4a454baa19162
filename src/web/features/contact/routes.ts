import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';
import { clientConfigQuery } from '@/web/lib/config';

export const contactRoutes = ({ queryClient }: RouteContext): RouteObject[] => [
  {
    path: 'contact',
    loader: () => {
      void queryClient.prefetchQuery(clientConfigQuery);
      return null;
    },
    lazy: () => import('./contact-page').then((m) => ({ Component: m.ContactPage })),
  },
];
