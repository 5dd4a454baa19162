import { isPagePath, type PagePath } from './page-paths';

// The pages whose first view the server renders to HTML (web/entry-server.tsx) and the browser
// hydrates (web/main.tsx). Only pages whose first render needs no data and no session: the server
// renders what the browser's first render shows, so the two agree, and one render serves every
// visitor. Pages with data still load it in the browser; see decision 011.

export const SERVER_RENDERED_PAGES = ['/', '/about', '/how-it-works', '/faq', '/contact', '/host/guide', '/host/safety'] as const satisfies readonly PagePath[];

/** The id of the non-executed JSON script that carries the router's hydration data to the browser. */
export const ROUTER_DATA_ID = 'router-data';

/**
 * The id of the inert <template> in which the server sends a rendered page's app code (its entry
 * script and module preloads), for web/after-paint.ts to load once the page is painted.
 */
export const APP_CODE_ID = 'app-code';

/** The server's render of a page's first view. */
export type ServerRender = { html: string; routerData: string };

export type ServerRenderedPage = (typeof SERVER_RENDERED_PAGES)[number];

const normalise = (pathname: string) => pathname.replace(/(.)\/$/, '$1').toLowerCase();
const RENDERED = new Set<string>(SERVER_RENDERED_PAGES);

/**
 * The server-rendered page `pathname` (without its query) is, in any letter case and with an
 * optional trailing slash; undefined for any other path. Every spelling of a page renders the
 * same, so the server renders and caches each page under this one name.
 */
export function serverRenderedPage(pathname: string): ServerRenderedPage | undefined {
  const page = normalise(pathname);
  return isPagePath(pathname) && RENDERED.has(page) ? (page as ServerRenderedPage) : undefined;
}
