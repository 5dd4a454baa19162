// First, so that it is defined before any module loads another on demand: the global the build
// writes each `import('…')` as (web/i18n/messages.ts, decision 064).
import './i18n/messages';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './styles.css';
import { AppProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { APP_FAILED_EVENT, APP_HYDRATING_EVENT, APP_READY_EVENT } from './app/app-readiness';
import { appRoutes } from './app/router';
import { loadParts } from './lib/lazy-part';
import { whenIdle } from './lib/when-idle';
import type { ServerData } from './app/server-data';
import { registerServiceWorkerLater } from './service-worker/register';
import { SERVER_DATA_ID } from '@/domain/server-render';
import type { I18n } from '@lingui/core';
import { startAppI18n } from './i18n/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('PawStay: #root is missing from index.html');

const routes = appRoutes(queryClient);

const app = (i18n: I18n, router: ReturnType<typeof createBrowserRouter>, renderedWide?: boolean) => (
  <StrictMode>
    <AppProviders i18n={i18n} renderedWide={renderedWide}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/**
 * A page the server rendered (entry-server.tsx) is hydrated. Its code is loaded first (its route's,
 * then that of the parts loaded on first use that the server drew), so that the first render is
 * the server's and every part of it can answer a press; the answers the server's loaders got go into the query cache, and
 * with the router's data from the server the loaders do not run again.
 */
async function hydrate(container: HTMLElement, data: ServerData) {
  const matches = matchRoutes(routes, window.location) ?? [];
  // The page's language, in the server's words: its messages load beside the route's code.
  const [i18n] = await Promise.all([
    startAppI18n(),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined } satisfies Partial<RouteObject>);
    }),
  ]);
  await loadParts(data.parts ?? []);
  hydrateQueries(queryClient, data.queries);
  // The server's answers are shown at once and asked again once the page has hydrated and is
  // idle: on the shared pages they are any visitor's (asked without the cookie), and a session may
  // have changed since. Not sooner: an answer that arrives while a part is being hydrated (the
  // search's cards hydrate one by one after the first commit) changes the query's result between
  // that part's render and its commit, and React then hydrates every such part again at once,
  // synchronously, for a field nobody shows (on /search, the 24 cards in one long task on a phone).
  // Asked once idle, an answer equal to the server's changes nothing and renders nothing.
  document.addEventListener(APP_READY_EVENT, () => whenIdle(() => void queryClient.invalidateQueries()), { once: true });
  document.dispatchEvent(new Event(APP_HYDRATING_EVENT));
  startTransition(() => {
    hydrateRoot(container, app(i18n, createBrowserRouter(routes, { hydrationData: data.router }), data.wide));
  });
  // Where the app stands, beside the first-view loader's "ready" and "failed" (data-app on <html>):
  // React now hears the page's events, and renders it in slices until its first commit. The tests
  // of presses at every moment of the app's start press here (e2e/press-moments.ts).
  document.documentElement.setAttribute('data-app', 'hydrating');
}

// Both first renders are transitions, which React splits into slices of a few milliseconds: on a
// slow phone, one long render would keep the page from answering a tap (Lighthouse's blocking time).
const clientRender = async () => {
  const i18n = await startAppI18n();
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app(i18n, createBrowserRouter(routes))));
};

const serverData = document.getElementById(SERVER_DATA_ID)?.textContent;
if (serverData) {
  // If the page's code cannot be loaded (offline, a blocked script), the server's page stays: its
  // links work as plain links, and the loader tells whoever presses a button to reload.
  hydrate(root, JSON.parse(serverData) as ServerData).catch((err: unknown) => {
    console.error('PawStay: the page could not be hydrated', err);
    document.dispatchEvent(new Event(APP_FAILED_EVENT));
  });
} else {
  clientRender().catch((err: unknown) => {
    console.error('PawStay: the app could not start', err);
    document.dispatchEvent(new Event(APP_FAILED_EVENT));
  });
}
registerServiceWorkerLater();
