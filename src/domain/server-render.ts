import type { Locale } from './locales';
import { type PagePath, pagePathOf } from './page-paths';

// The pages whose first view the server renders to HTML (web/entry-server.tsx) and the browser
// hydrates (web/main.tsx): the public pages, as any visitor sees them, with the public data their
// loaders fetch, the session left to the browser (decisions 011 and 013); a search or a listing
// asked for with a session cookie, and the private pages, as their visitor sees them (decision 047).

/** Rendered the same for every URL that names them: one render each serves every visitor. */
export const SERVER_RENDERED_PAGES = ['/', '/about', '/how-it-works', '/faq', '/contact', '/host/guide', '/host/safety'] as const satisfies readonly PagePath[];

/**
 * Rendered for each request: their first view depends on the URL (a listing's id, a search's
 * query), and, for a visitor with a session cookie, on who they are (never cached then).
 */
export const RENDERED_PER_REQUEST = ['/search', '/listing/:id'] as const satisfies readonly PagePath[];

/**
 * Rendered for each request with the visitor's session, as the visitor sees them: private pages,
 * whose HTML is never cached or shared. A visitor without a session gets the bare app, which
 * sends them home.
 */
export const RENDERED_FOR_VISITOR = ['/host'] as const satisfies readonly PagePath[];

/** The id of the non-executed JSON script that carries the render's data to the browser (web/app/server-data.ts). */
export const SERVER_DATA_ID = 'server-data';

/** The server's render of a page's first view: its HTML, and its data for hydration as JSON. */
export type ServerRender = { html: string; data: string };

/**
 * Fetch's options and answer (RequestInit and Response, the same standard in Node as in the
 * browser), named through globalThis: the domain is checked against the language alone
 * (tsconfig.domain.json), which has no fetch, and there they are what it passes along unread.
 */
type Fetch = typeof globalThis extends { fetch: (input: never, init?: infer Init) => Promise<infer Answer> }
  ? { init: NonNullable<Init>; answer: Answer }
  : { init: unknown; answer: unknown };

export type RenderOptions = {
  /**
   * Answers the app's API requests in the server itself: without the visitor's cookie, so that the
   * render shows what any visitor sees and the browser adds the session, except for the pages of
   * RENDERED_FOR_VISITOR and those of RENDERED_PER_REQUEST asked for with a session cookie
   * (`visitor`). Called as fetch is.
   */
  api: (path: string, init: Fetch['init']) => Promise<Fetch['answer']>;
  /** Whether to render for a wide screen (the server's guess from the browser's name). */
  wide: boolean;
  /** The language to render in (domain/locales.ts chooseLocale); English when not given. */
  locale?: Locale;
  /**
   * The visitor has no session cookie, so is certainly signed out: the header is rendered with
   * Sign In (and a phone's menu), usable from the first paint, rather than held blank until the
   * browser has asked who is signed in.
   */
  signedOut?: boolean;
  /**
   * Rendered with the visitor's own session (`api` sends their cookie): who is signed in is asked
   * too, and goes to the browser with the other answers.
   */
  visitor?: boolean;
};

/** The server's renderer (web/entry-server.tsx): the first view of the page at `url`. */
export type RenderPage = (url: string, options: RenderOptions) => Promise<ServerRender>;

export type ServerRenderedPage = (typeof SERVER_RENDERED_PAGES)[number];
/** Every page the server renders, however it renders it. */
export type ServerRenderedPath = ServerRenderedPage | (typeof RENDERED_PER_REQUEST)[number] | (typeof RENDERED_FOR_VISITOR)[number];

/** How the server renders a page: shared (under the page's one name), per request, or for its visitor. */
export type ServerRendering =
  | { kind: 'shared'; page: ServerRenderedPage }
  | { kind: 'per-request'; page: (typeof RENDERED_PER_REQUEST)[number] }
  | { kind: 'for-visitor'; page: (typeof RENDERED_FOR_VISITOR)[number] };

const SHARED = new Set<string>(SERVER_RENDERED_PAGES);
const PER_REQUEST = new Set<string>(RENDERED_PER_REQUEST);
const FOR_VISITOR = new Set<string>(RENDERED_FOR_VISITOR);

/**
 * How the server renders the page at `pathname` (without its query, in any letter case, with an
 * optional trailing slash); undefined when the browser renders it. A shared page comes with its
 * one name: every spelling renders the same, so the server renders and caches it under that name.
 */
export function serverRendering(pathname: string): ServerRendering | undefined {
  const page = pagePathOf(pathname);
  if (page === undefined) return undefined;
  if (SHARED.has(page)) return { kind: 'shared', page: page as ServerRenderedPage };
  if (PER_REQUEST.has(page)) return { kind: 'per-request', page: page as (typeof RENDERED_PER_REQUEST)[number] };
  if (FOR_VISITOR.has(page)) return { kind: 'for-visitor', page: page as (typeof RENDERED_FOR_VISITOR)[number] };
  return undefined;
}
