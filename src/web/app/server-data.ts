import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What the server's render of a page (web/entry-server.tsx) sends the browser to hydrate it with,
 * as JSON in the page (domain/server-render.ts's SERVER_DATA_ID). Decisions 011 and 013.
 */
export type ServerData = {
  /** React Router's hydration data: the loaders have run, so the browser does not run them again. */
  router: HydrationState;
  /** The answers the page's loaders fetched, for the browser's query cache. */
  queries: DehydratedState;
  /** Whether the render was for a wide screen: what useMediaQuery answered (lib/use-media-query.ts). */
  wide: boolean;
  /** The parts loaded on first use that the server drew (lib/lazy-part.tsx): their code is loaded before hydrating. */
  parts: string[];
};
