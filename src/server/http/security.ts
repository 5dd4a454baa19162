import helmet from '@fastify/helmet';
import type { FastifyBaseLogger, FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { Config } from '../config';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './errors';
import { refuseNulCharacters } from './input-guard';
import { requestIdFrom } from '../observability/request-ids';

// The app's hardening: the server's limits, what a request may carry, how errors and private
// answers leave, and the security headers (helmet, with the Content-Security-Policy).

/** Trusts the `hops` proxies nearest the app (what Fastify's number form means, typed as a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The server's own options: whom to believe about the client's address, and its limits. */
export function serverOptions(config: Pick<Config, 'trustProxy'>, logger: FastifyBaseLogger | undefined): FastifyHttpOptions<Server, FastifyBaseLogger> {
  return {
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // The client's address comes from X-Forwarded-For only as far as TRUST_PROXY says: believing
    // any X-Forwarded-For (`true`) would let a client pick the address its send limits count.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // The proxies believed about the client's address are believed about the request's id too.
    genReqId: requestIdFrom(config.trustProxy !== false),
    bodyLimit: 64 * 1024,
    // Large enough for real requests; a slow client cannot hold a connection forever.
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  };
}

/**
 * What every request meets before any route: JSON bodies only, errors in one shape, private API
 * answers, no NUL characters. Installed before the caching layers (caching.ts): the ETag hook
 * reads the cache-control this one settles.
 */
export function hardenRequests(app: FastifyInstance): void {
  // The API speaks JSON (and multipart for uploads): any other body is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  installErrorHandling(app);
  // API answers are private unless a route says otherwise (search and public listing pages mark
  // themselves public): a proxy must never keep one user's bookings or messages for another.
  // Judged by the route matched, not the raw URL (`/%61pi/pets` reaches /api/pets), and an
  // error is never public, even from a route that had marked its answer so.
  app.addHook('onSend', async (request, reply) => {
    if (!(request.routeOptions.url ?? request.url).startsWith('/api/')) return;
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
  refuseNulCharacters(app);
}

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

/**
 * The security headers (helmet), app-wide: registered before the routes and before the sessions'
 * hook, so that an answer refused there carries them too. `scriptHashes` are the inline scripts
 * the pages may run (the first-view loader, decision 018).
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'env' | 'mapTileUrl' | 'payments' | 'publicAssetUrl'>, scriptHashes: string[]): Promise<void> {
  const tiles = tileOrigin(config.mapTileUrl);
  // The photos, when a CDN or the bucket serves them (PUBLIC_ASSET_URL).
  const assets = config.publicAssetUrl ? new URL(config.publicAssetUrl).origin : undefined;
  // Razorpay Checkout: its script, the window it opens in a frame, and what that window calls.
  // Only with Razorpay's keys; in test mode the checkout is the app's own.
  const razorpay = config.payments.provider === 'razorpay';
  const checkoutScript = razorpay ? ['https://checkout.razorpay.com'] : [];
  const checkoutFrames = razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The first-view loader is written into the pages, allowed by its hash alone (decision 018).
        scriptSrc: ["'self'", ...scriptHashes, ...checkoutScript],
        // Radix and Leaflet position elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...(assets ? [assets] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(razorpay ? ['https://*.razorpay.com'] : [])],
        // The service worker (/sw.js) and the web app manifest (decision 057), said outright rather
        // than left to fall back to script-src and default-src, which may change for other reasons.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: checkoutFrames.length ? checkoutFrames : ["'none'"],
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
}
