import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ServerRender } from '@/domain/server-render';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

// The server's render of a page's first view (the pages of domain/server-render.ts), built by
// `vite build --ssr` into dist/ssr and loaded by the server (server/http/server-render.ts).

const handler = createStaticHandler(routes);

/**
 * Renders the first view of `url` to HTML without its data, with a query cache of its own: what
 * the browser's first render shows, before any answer has arrived.
 */
export async function render(url: string): Promise<ServerRender> {
  const context = await handler.query(new Request(url), {
    // Route code only: the loaders fetch data for the browser's cache, which the server does not fill.
    dataStrategy: async ({ matches }) =>
      Object.fromEntries(await Promise.all(matches.map(async (m) => [m.route.id, await m.resolve(async () => null)]))),
  });
  // A page whose code failed to load here would render the route's error page, which the
  // browser's first render (the real page) does not match: the server sends the bare app instead.
  if (context instanceof Response) throw new Error(`${url} answered ${context.status} ${context.headers.get('location') ?? ''}`);
  if (context.statusCode !== 200 || context.errors) {
    throw new Error(`${url} did not render (${context.statusCode})`, { cause: context.errors ? Object.values(context.errors)[0] : undefined });
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders client={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, routerData: JSON.stringify({ loaderData: context.loaderData }) };
}
