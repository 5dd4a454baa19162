import type { RouteObject } from 'react-router';
import type { RouteContext } from '@/web/lib/route-context';

export const messagesRoutes = ({ queryClient, requireSession }: RouteContext): RouteObject[] =>
  ['messages', 'messages/:id'].map(
    (path): RouteObject => ({
      path,
      loader: async () => {
        await requireSession();
        void queryClient.prefetchQuery((await import('./api')).conversationsQuery);
        return null;
      },
      lazy: () => import('./messages-page').then((m) => ({ Component: m.MessagesPage })),
    }),
  );
