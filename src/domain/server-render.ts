import { isPagePath, type PagePath } from './page-paths';

// The pages whose first view the server renders to HTML (web/entry-server.tsx) and the browser
// hydrates (web/main.tsx). Only pages whose first render needs no data and no session: the server
// renders what the browser's first render shows, so the two agree, and one render serves every
// visitor. Pages with data still load it in the browser; see decision 011.

export const SERVER_RENDERED_PAGES = ['/', '/about', '/how-it-works', '/faq', '/contact', '/host/guide', '/host/safety'] as const satisfies readonly PagePath[];

/** The id of the non-executed JSON script that carries the router's hydration data to the browser. */
export const ROUTER_DATA_ID = 'router-data';

/** What the server's render of a page gives. */
export type ServerRender =
  | { kind: 'page'; html: string; routerData: string }
  | { kind: 'redirect'; location: string; status: number };

const normalise = (pathname: string) => pathname.replace(/(.)\/$/, '$1').toLowerCase();
const RENDERED = new Set<string>(SERVER_RENDERED_PAGES);

/** Whether `pathname` (without its query) is a server-rendered page, in any letter case, with an optional trailing slash. */
export function isServerRendered(pathname: string): boolean {
  return isPagePath(pathname) && RENDERED.has(normalise(pathname));
}
