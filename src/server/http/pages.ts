import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_PATHS, pagePathOf } from '../../domain/page-paths';
import { type RenderPage, type ServerRendering, serverRendering } from '../../domain/server-render';
import type { AppDeps } from '../app-deps';
import { asksForOperatorsPage } from '../auth/guard';
import { AUTH_POLICY } from '../auth/policy';
import { listingPageMeta } from '../modules/listings/page';
import { sendNotFound } from './not-found';
import { injectPageMeta } from './page-meta';
import { showsTestModeBanner, withTestModeBanner } from './test-mode-banner';
import { type BuildManifest, type CatalogueParts, inLanguage, pageCode, pageWords, pressCodeOf, readBuildManifest, readCatalogueParts } from './page-code';
import { LOCALES, type Locale } from '../../domain/locales';
import { readerLocale } from '../i18n/words';
import { cachedRenderer, findFirstViewLoader, holdLaterPhotos, injectServerRender, limitedRenderer, loadAppAfterPaint, RendersBusyError, timedRenderer } from './server-render';

// The pages: every path that is no API, photo or asset gets the web app's HTML, with the first
// view of its page rendered in when it can be (decision 018), and the not-found answer for the rest.

/** Browsers whose names say they are on a phone or a tablet: the server renders for a narrow screen. */
const PHONE_OR_TABLET = /Mobi|Android|iPhone|iPad/i;
/** Server renders at once, at most; beyond them pages are rendered in the browser (limitedRenderer). */
const MAX_RENDERS_RUNNING = 4;

/** The built web app (dist/web): its folder, its HTML and the first-view loader written into its pages. */
export type WebBuild = { dir: string; indexHtml: string; firstViewLoader: { script: string; hash: string } | undefined; manifest?: BuildManifest; catalogueParts?: CatalogueParts };

/** The web app built in `webDir`, or none when there is no build there (only the API is served). */
export function findWebBuild(webDir: string | undefined): WebBuild | undefined {
  if (!webDir || !existsSync(path.join(webDir, 'index.html'))) return undefined;
  return {
    dir: webDir,
    indexHtml: readFileSync(path.join(webDir, 'index.html'), 'utf8'),
    firstViewLoader: findFirstViewLoader(webDir),
    manifest: readBuildManifest(webDir),
    catalogueParts: readCatalogueParts(webDir),
  };
}

/**
 * Whether the page is rendered with the visitor's own session: the private pages, and the pages
 * rendered per request (a search, a listing) for a visitor with a session cookie, whose first
 * press (a heart, Request to Book) then need not wait for the browser to ask who is signed in
 * (decision 047). Such a page holds their data, so no cache may keep it.
 */
function rendersForVisitor(request: FastifyRequest, rendering: ServerRendering): boolean {
  return rendering.kind === 'for-visitor' || (rendering.kind === 'per-request' && Boolean(request.cookies[AUTH_POLICY.cookieName]));
}

/**
 * A route for each page, and the not-found handler: installed last, after every route, since
 * what no route answers falls to it. Without a web build, the not-found handler alone.
 */
export function servePages(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'database'> & { renderPage?: RenderPage }, web: WebBuild | undefined): void {
  const { config } = deps;
  const render = deps.renderPage && timedRenderer(limitedRenderer(deps.renderPage, MAX_RENDERS_RUNNING));
  const renderShared = render && cachedRenderer(render);
  const firstViewLoader = web?.firstViewLoader;
  const codeOfPage = web?.manifest ? pageCode(web.manifest) : new Map<string, string[]>();
  /**
   * The API for the server's renders, answered here: reads of /api/ only, with the visitor's
   * cookie for the pages rendered for them, and without one for every other page.
   */
  const apiFor = (cookie: string | undefined) => async (path: string, init: RequestInit) => {
    if ((init.method ?? 'GET') !== 'GET' || !path.startsWith('/api/')) throw new Error(`the server's render may only read the API, not ${init.method} ${path}`);
    const res = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/octet-stream') },
    });
  };
  const anonymousApi = apiFor(undefined);
  /**
   * The app's HTML with the first view of the requested page in it, rendered as `rendering` says
   * (domain/server-render.ts); without one, or when the render fails, the bare app, which
   * renders the page in the browser.
   */
  const withServerRender = async (html: string, request: FastifyRequest, rendering: ServerRendering | undefined, locale: Locale) => {
    // A HEAD request gets the headers alone: no render for a body that is not sent.
    if (!render || !renderShared || !rendering || request.method === 'HEAD') return html;
    // A private page without a session: the browser sends its visitor home.
    if (rendering.kind === 'for-visitor' && !request.headers.cookie) return html;
    try {
      // A shared render is one for every screen (the cache is keyed by page alone); the others are
      // for the screen the browser's name suggests.
      const wide = !PHONE_OR_TABLET.test(request.headers['user-agent'] ?? '');
      const url = new URL(request.url, config.publicUrl).href;
      // Without a session cookie the visitor is certainly signed out; with one, a shared page leaves
      // the session to the browser, and the others are rendered with it (rendersForVisitor).
      const signedOut = rendering.kind !== 'for-visitor' && !request.cookies[AUTH_POLICY.cookieName];
      const visitor = rendersForVisitor(request, rendering);
      const page = rendering.kind === 'shared'
        ? await renderShared(new URL(rendering.page, config.publicUrl).href, { api: anonymousApi, wide: false, signedOut, locale })
        : await render(url, { api: visitor ? apiFor(request.headers.cookie) : anonymousApi, wide, signedOut, visitor, locale });
      const words = pageWords(web?.catalogueParts, locale, rendering.page);
      const code = { page: [...(codeOfPage.get(rendering.page) ?? []), ...words], press: web?.manifest && pressCodeOf(page.html, web.manifest) };
      if (!firstViewLoader) return injectServerRender(html, page);
      return injectServerRender(loadAppAfterPaint(html, firstViewLoader.script, code), { ...page, html: holdLaterPhotos(page.html) });
    } catch (err) {
      if (!(err instanceof RendersBusyError)) request.log.warn({ err, url: request.url }, 'server render failed; the page is rendered in the browser');
      return html;
    }
  };

  // Client-side routes: every path gets the app, which renders the page or its own "not found";
  // the status says which (a path that is no page, or a listing that does not exist). A listing's
  // page also gets its title and Open Graph tags, so a shared link previews it. The operators'
  // console is no page to anyone but an operator (decision 032): they get what a path that is no
  // page gets, 404 and the app, which shows its not-found page. The session was read for it
  // (auth/guard.ts).
  const servePage = async (request: FastifyRequest, reply: FastifyReply, pageHtml: ReadonlyMap<Locale, string>) => {
    const url = request.url.split('?')[0]!;
    const forOperators = asksForOperatorsPage(request);
    const isPage = pagePathOf(url) !== undefined && (!forOperators || request.auth?.user.operator === true);
    const page = isPage ? await listingPageMeta(deps.database.db, config, url, request.log) : { status: 404 };
    const locale = readerLocale(request);
    const html = pageHtml.get(locale)!;
    const bare = page?.meta ? injectPageMeta(html, page.meta) : html;
    const rendering = serverRendering(url);
    // A page that does not exist (a missing listing) is the browser's to explain.
    const body = (page?.status ?? 200) === 200 ? await withServerRender(bare, request, rendering, locale) : bare;
    // A page rendered for its visitor holds their data, and the console's status says who asked:
    // no cache may keep either.
    const cacheControl = (rendering && rendersForVisitor(request, rendering)) || forOperators ? 'private, no-store' : 'no-cache';
    // The same address answers in each language: a cache keeps one answer per cookie and Accept-Language.
    return reply.code(page?.status ?? 200).type('text/html; charset=utf-8').header('cache-control', cacheControl).header('vary', 'cookie, accept-language').send(body);
  };

  const indexHtml = web && (showsTestModeBanner(config) ? withTestModeBanner(web.indexHtml) : web.indexHtml);
  // The app's HTML in each language (its <html lang>, and the language's font and catalogue), made once.
  const pageHtml = indexHtml && new Map(LOCALES.map((locale) => [locale, inLanguage(indexHtml, locale, web?.manifest)]));
  if (pageHtml) {
    // Each page has a route of its own, so that its HTML is compressed like any other answer
    // (@fastify/compress attaches itself to routes only). Other spellings (/About/) and paths that
    // are no page come through the not-found handler, uncompressed. Not one wildcard route: the
    // router would fall back to it rather than answer 414 to an API path param over its limit.
    for (const pagePath of PAGE_PATHS) app.get(pagePath, (request, reply) => servePage(request, reply, pageHtml));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') &&
      !url.startsWith('/uploads/') && !url.startsWith('/assets/');
    return wantsPage && pageHtml ? servePage(request, reply, pageHtml) : sendNotFound(request, reply);
  });
}
