import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isPagePath, PAGE_PATHS } from '../domain/page-paths';
import { type RenderPage, type ServerRendering, serverRendering } from '../domain/server-render';
import type { AppDeps } from './app-deps';
import { installSessions } from './auth/guard';
import { AUTH_POLICY } from './auth/policy';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/errors';
import { createAnswerCache, invalidateOnWrites } from './http/answer-cache';
import { installPublicEtags } from './http/etag';
import { refuseNulCharacters } from './http/input-guard';
import { injectPageMeta } from './http/page-meta';
import { cachedRenderer, findFirstViewLoader, injectServerRender, limitedRenderer, loadAppAfterPaint, RendersBusyError, timedRenderer } from './http/server-render';
import { clientConfigRoutes } from './modules/client-config/routes';
import { authRoutes } from './modules/auth/routes';
import { bookingRoutes } from './modules/bookings/routes';
import { contactRoutes } from './modules/contact/routes';
import { favoriteRoutes } from './modules/favorites/routes';
import { healthRoutes } from './modules/health/routes';
import { listingPageMeta } from './modules/listings/page';
import { listingRoutes } from './modules/listings/routes';
import { messageRoutes } from './modules/messages/routes';
import { petRoutes } from './modules/pets/routes';
import { profileRoutes } from './modules/profile/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { searchRoutes } from './modules/search/routes';


/** Browsers whose names say they are on a phone or a tablet: the server renders for a narrow screen. */
const PHONE_OR_TABLET = /Mobi|Android|iPhone|iPad/i;
/** Server renders at once, at most; beyond them pages are rendered in the browser (limitedRenderer). */
const MAX_RENDERS_RUNNING = 4;

export type BuildAppOptions = AppDeps & {
  /** The built web app (dist/web); when absent, only the API is served. */
  webDir?: string;
  /** Renders the first view of the server-rendered pages (dist/ssr); without it they are sent as the bare app. */
  renderPage?: RenderPage;
  /** A pino logger; tests run without one. */
  logger?: FastifyBaseLogger;
};

/** The tile server's origin, which the Content-Security-Policy must allow images from. */
function tileOrigin(template: string): string | undefined {
  if (template.startsWith('/')) return undefined;
  const host = template.replace(/\{s\}/g, 'a');
  try {
    const url = new URL(host.replaceAll('{z}', '0').replaceAll('{x}', '0').replaceAll('{y}', '0'));
    return template.includes('{s}') ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin;
  } catch {
    return undefined;
  }
}

/** Trusts the `hops` proxies nearest the app (what Fastify's number form means, typed as a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    // The client's address comes from X-Forwarded-For only as far as TRUST_PROXY says: believing
    // any X-Forwarded-For (`true`) would let a client pick the address its send limits count.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    // Large enough for real requests; a slow client cannot hold a connection forever.
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart for uploads): any other body is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // API answers are private unless a route says otherwise (search and public listing pages mark
  // themselves public): a proxy must never keep one user's bookings or messages for another.
  // Judged by the route matched, not the raw URL (`/%61pi/pets` reaches /api/pets), and an
  // error is never public, even from a route that had marked its answer so.
  app.addHook('onSend', async (request, reply) => {
    if (!(request.routeOptions.url ?? request.url).startsWith('/api/')) return;
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
  installPublicEtags(app);
  refuseNulCharacters(app);
  const answers = createAnswerCache({ ttlMs: config.answerCacheMs });
  if (config.answerCacheMs > 0) await invalidateOnWrites(app, answers, opts.database);

  const tiles = tileOrigin(config.mapTileUrl);
  const webDir = opts.webDir && existsSync(path.join(opts.webDir, 'index.html')) ? opts.webDir : undefined;
  const firstViewLoader = webDir && findFirstViewLoader(webDir);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The first-view loader is written into the pages, allowed by its hash alone (decision 018).
        scriptSrc: ["'self'", ...(firstViewLoader ? [firstViewLoader.hash] : [])],
        // Radix and Leaflet position elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Tiles and uploads are plain images; a strict embedder policy would block the map tiles.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // As the CSP's frame-ancestors 'none' says, for browsers that only read the older header.
    frameguard: { action: 'deny' },
    hsts: config.env === 'production',
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'PawStay API', version: '1.0.0', description: 'Pet-friendly stays, starting in Ahmedabad' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(cookie);
  installSessions(app, { db: opts.database.db, secure: config.env === 'production', publicUrl: config.publicUrl });

  await app.register(healthRoutes(opts));
  await app.register(authRoutes(opts));
  await app.register(profileRoutes(opts));
  await app.register(petRoutes(opts));
  await app.register(clientConfigRoutes(opts));
  await app.register(contactRoutes(opts));
  await app.register(listingRoutes({ ...opts, answers }));
  await app.register(bookingRoutes(opts));
  await app.register(reviewRoutes(opts));
  await app.register(searchRoutes({ ...opts, answers }));
  await app.register(messageRoutes(opts));
  await app.register(favoriteRoutes(opts));

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Uploaded photos: immutable names, so they may be cached for a year.
  const uploadsDir = path.join(config.dataDir, 'uploads');
  await app.register(async (uploads) => {
    // Only photos live here: a folder, a dot-file or a path that climbs out is simply not found,
    // so nothing about the disk shows through (the static plugin would answer 403).
    uploads.setErrorHandler(async (err: { statusCode?: number }, request, reply) => {
      if ((err.statusCode ?? 500) < 500) return notFound(request, reply);
      throw err;
    });
    await uploads.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
      allowedPath: (pathName) => !pathName.includes('..'),
    });
  });

  const indexHtml = webDir ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : undefined;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // Vite's hashed assets never change; everything else must be revalidated.
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const render = opts.renderPage && timedRenderer(limitedRenderer(opts.renderPage, MAX_RENDERS_RUNNING));
  const renderShared = render && cachedRenderer(render);
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
  const withServerRender = async (html: string, request: FastifyRequest, rendering: ServerRendering | undefined) => {
    // A HEAD request gets the headers alone: no render for a body that is not sent.
    if (!render || !renderShared || !rendering || request.method === 'HEAD') return html;
    // A private page without a session: the browser sends its visitor home.
    if (rendering.kind === 'for-visitor' && !request.headers.cookie) return html;
    try {
      // A shared render is one for every screen (the cache is keyed by page alone); the others are
      // for the screen the browser's name suggests.
      const wide = !PHONE_OR_TABLET.test(request.headers['user-agent'] ?? '');
      const url = new URL(request.url, config.publicUrl).href;
      // Without a session cookie the visitor is certainly signed out; with one, the browser asks.
      const signedOut = rendering.kind !== 'for-visitor' && !request.cookies[AUTH_POLICY.cookieName];
      const page = rendering.kind === 'shared'
        ? await renderShared(new URL(rendering.page, config.publicUrl).href, { api: anonymousApi, wide: false, signedOut })
        : await render(url, { api: rendering.kind === 'for-visitor' ? apiFor(request.headers.cookie) : anonymousApi, wide, signedOut });
      return injectServerRender(firstViewLoader ? loadAppAfterPaint(html, firstViewLoader.script) : html, page);
    } catch (err) {
      if (!(err instanceof RendersBusyError)) request.log.warn({ err, url: request.url }, 'server render failed; the page is rendered in the browser');
      return html;
    }
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });

  // Client-side routes: every path gets the app, which renders the page or its own "not found";
  // the status says which (a path that is no page, or a listing that does not exist). A listing's
  // page also gets its title and Open Graph tags, so a shared link previews it.
  const servePage = async (request: FastifyRequest, reply: FastifyReply, html: string) => {
    const url = request.url.split('?')[0]!;
    const page = isPagePath(url) ? await listingPageMeta(opts.database.db, config.publicUrl, url, request.log) : { status: 404 };
    const bare = page?.meta ? injectPageMeta(html, page.meta) : html;
    const rendering = serverRendering(url);
    // A page that does not exist (a missing listing) is the browser's to explain.
    const body = (page?.status ?? 200) === 200 ? await withServerRender(bare, request, rendering) : bare;
    // A page rendered for its visitor holds their data: no cache may keep it.
    const cacheControl = rendering?.kind === 'for-visitor' ? 'private, no-store' : 'no-cache';
    return reply.code(page?.status ?? 200).type('text/html; charset=utf-8').header('cache-control', cacheControl).send(body);
  };

  if (indexHtml) {
    // Each page has a route of its own, so that its HTML is compressed like any other answer
    // (@fastify/compress attaches itself to routes only). Other spellings (/About/) and paths that
    // are no page come through the not-found handler, uncompressed. Not one wildcard route: the
    // router would fall back to it rather than answer 414 to an API path param over its limit.
    for (const pagePath of PAGE_PATHS) app.get(pagePath, (request, reply) => servePage(request, reply, indexHtml));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') &&
      !url.startsWith('/uploads/') && !url.startsWith('/assets/');
    return wantsPage && indexHtml ? servePage(request, reply, indexHtml) : notFound(request, reply);
  });

  return app;
}
