import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './styles.css';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { ROUTER_DATA_ID } from '@/domain/server-render';

const root = document.getElementById('root');
if (!root) throw new Error('PawStay: #root is missing from index.html');

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/**
 * A page the server rendered (entry-server.tsx) is hydrated. Its code is loaded first, so that the
 * first render is the server's; with the router's data from the server its loaders (which only
 * start data requests) do not run, and the page asks for its data as it mounts.
 */
async function hydrate(container: HTMLElement, routerData: HydrationState) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined } satisfies Partial<RouteObject>);
    }),
  );
  startTransition(() => {
    hydrateRoot(container, app(createBrowserRouter(routes, { hydrationData: routerData })));
  });
}

// Both first renders are transitions, which React splits into slices of a few milliseconds: on a
// slow phone, one long render would keep the page from answering a tap (Lighthouse's blocking time).
const clientRender = () => {
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app(createBrowserRouter(routes))));
};
const routerData = document.getElementById(ROUTER_DATA_ID)?.textContent;
if (routerData) {
  // If the page's code cannot be loaded, the browser renders it as any other page (and shows the
  // route's error if the code is still missing) rather than leave the server's HTML inert.
  hydrate(root, JSON.parse(routerData) as HydrationState).catch((err: unknown) => {
    console.error('PawStay: the page could not be hydrated; rendering it again', err);
    clientRender();
  });
} else {
  clientRender();
}
