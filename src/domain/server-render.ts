import { isPagePath, type PagePath, pagePathOf } from './page-paths';

// The pages whose first view the server renders to HTML (web/entry-server.tsx) and the browser
// hydrates (web/main.tsx): the public pages, as any visitor sees them, with the public data their
// loaders fetch; the session is left to the browser (decisions 011 and 013).

/** Rendered the same for every URL that names them: one render each serves every visitor. */
export const SERVER_RENDERED_PAGES = ['/', '/about', '/how-it-works', '/faq', '/contact', '/host/guide', '/host/safety'] as const satisfies readonly PagePath[];

/** Rendered for each request: their first view depends on the URL (a listing's id, a search's query). */
export const RENDERED_PER_REQUEST = ['/search', '/listing/:id'] as const satisfies readonly PagePath[];

/**
 * Rendered for each request with the visitor's session, as the visitor sees them: private pages,
 * whose HTML is never cached or shared. A visitor without a session gets the bare app, which
 * sends them home.
 */
export const RENDERED_FOR_VISITOR = ['/host'] as const satisfies readonly PagePath[];

/** The id of the non-executed JSON script that carries the render's data to the browser (web/app/server-data.ts). */
export const SERVER_DATA_ID = 'server-data';

/**
 * The id of the inert <template> in which the server sends a rendered page's app code (its entry
 * script and module preloads), for web/after-paint.ts to load once the page is painted.
 */
export const APP_CODE_ID = 'app-code';

/** The server's render of a page's first view: its HTML, and its data for hydration as JSON. */
export type ServerRender = { html: string; data: string };

export type RenderOptions = {
  /**
   * Answers the app's API requests in the server itself: without the visitor's cookie, so that the
   * render shows what any visitor sees and the browser adds the session, except for the pages of
   * RENDERED_FOR_VISITOR.
   */
  api: (path: string, init: RequestInit) => Promise<Response>;
  /** Whether to render for a wide screen (the server's guess from the browser's name). */
  wide: boolean;
};

/** The server's renderer (web/entry-server.tsx): the first view of the page at `url`. */
export type RenderPage = (url: string, options: RenderOptions) => Promise<ServerRender>;

export type ServerRenderedPage = (typeof SERVER_RENDERED_PAGES)[number];

const normalise = (pathname: string) => pathname.replace(/(.)\/$/, '$1').toLowerCase();
const RENDERED = new Set<string>(SERVER_RENDERED_PAGES);

/**
 * The page of SERVER_RENDERED_PAGES `pathname` (without its query) is, in any letter case and
 * with an optional trailing slash; undefined for any other path. Every spelling of a page renders
 * the same, so the server renders and caches each page under this one name.
 */
export function serverRenderedPage(pathname: string): ServerRenderedPage | undefined {
  const page = normalise(pathname);
  return isPagePath(pathname) && RENDERED.has(page) ? (page as ServerRenderedPage) : undefined;
}

const PER_REQUEST = new Set<string>(RENDERED_PER_REQUEST);

/** Whether the server renders `pathname` (without its query) for each request. */
export function rendersPerRequest(pathname: string): boolean {
  return PER_REQUEST.has(pagePathOf(pathname) ?? '');
}

const FOR_VISITOR = new Set<string>(RENDERED_FOR_VISITOR);

/** Whether the server renders `pathname` (without its query) with the visitor's session. */
export function rendersForVisitor(pathname: string): boolean {
  return FOR_VISITOR.has(pagePathOf(pathname) ?? '');
}
