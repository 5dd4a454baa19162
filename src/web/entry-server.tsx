import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RenderOptions, RenderPage, ServerRender } from '@/domain/server-render';
import { setApiTransport } from '@/web/lib/api';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/router';
import type { ServerData } from './app/server-data';
import * as queryKeys from '@/web/lib/query-keys';
import { sessionQuery } from '@/web/features/auth';
import { createI18n } from '@/web/i18n/i18n';

// The server's render of a page's first view (the pages of domain/server-render.ts), built by
// `vite build --ssr` into dist/ssr and loaded by the server (server/http/server-render.ts).
// Decisions 011, 013 and 014.

/**
 * The API of the render running in this async context: renders overlap at their awaits, and a
 * page rendered with one visitor's session must never read with another's.
 */
const renderApi = new AsyncLocalStorage<RenderOptions['api']>();
setApiTransport((path, init) => {
  const api = renderApi.getStore();
  return api ? api(path, init) : Promise.reject(new Error(`no render is asking for ${path}`));
});

/**
 * Renders the first view of `url` to HTML: the page's loaders run with a query cache of this
 * request's own, and the page is rendered with the answers they got (those that failed are left
 * for the browser to ask again), which go to the browser with the HTML.
 */
export const render: RenderPage = (url, options) => renderApi.run(options.api, () => renderPage(url, options));

const renderPage = async (url: string, { wide, signedOut, visitor, locale = 'en' }: RenderOptions): Promise<ServerRender> => {
  // An instance of this render's own: renders in different languages overlap at their awaits.
  const i18n = await createI18n(locale);
  // No retries: a failed answer is the browser's to ask for again, not a reason to hold the page.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Sent along with the other answers, so the browser's first render shows the same header.
  if (signedOut) queryClient.setQueryData(queryKeys.session, null);
  // Asked alongside the page's own answers (the loaders' requests start below, without waiting).
  else if (visitor) void queryClient.prefetchQuery(sessionQuery);
  const handler = createStaticHandler(appRoutes(queryClient));
  const context = await handler.query(new Request(url));
  // A page whose code failed to load here would render the route's error page, which the
  // browser's first render (the real page) does not match: the server sends the bare app instead.
  if (context instanceof Response) throw new Error(`${url} answered ${context.status} ${context.headers.get('location') ?? ''}`);
  if (context.statusCode !== 200 || context.errors) {
    throw new Error(`${url} did not render (${context.statusCode})`, { cause: context.errors ? Object.values(context.errors)[0] : undefined });
  }
  // The loaders start their requests without waiting for them (the browser shows the page as its
  // data arrives); the server waits for the answers.
  await Promise.all(queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' }).map((query) => query.promise?.catch(() => undefined)));

  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender, not renderToString: a part whose code loads on first use (React.lazy) is waited
  // for, where renderToString would leave it to the browser on the server's first render of it,
  // which then draws that part anew and logs React's error 419.
  const parts = new Set<string>();
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders i18n={i18n} client={queryClient} renderedWide={wide} renderedParts={parts}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    // Every part written in place, as renderToString does: no part sent later with a script to
    // move it (which the Content-Security-Policy would refuse, and nothing here streams).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const data: ServerData = { router: { loaderData: context.loaderData }, queries: dehydrate(queryClient), wide, parts: [...parts] };
  return { html, data: JSON.stringify(data) };
};
