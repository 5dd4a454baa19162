import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { type AnswerCache, createAnswerCache, invalidateOnWrites } from './answer-cache';
import { installPublicEtags } from './etag';
import { type ObjectStore, publicPhotoUrls } from '../storage';
import { PHOTO_CACHE_CONTROL, PHOTO_CONTENT_TYPE, readPhotoFile } from '../uploads/photo-store';
import { sendNotFound } from './not-found';

// The app's cache layers: the short cache of public answers (decision 016) and the ETags of public
// answers, which take their hooks app-wide; the uploaded photos, immutable for a year; the built
// web app, whose hashed assets are immutable and the rest revalidated.

/**
 * ETags for the public answers, and the answer cache (emptied on writes, in every process).
 * Installed after hardenRequests (security.ts), whose hook settles the cache-control the ETag hook
 * reads. Returns the cache, for the public reads.
 */
export async function installAnswerCaching(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'database'>): Promise<AnswerCache> {
  installPublicEtags(app);
  const answers = createAnswerCache({ ttlMs: deps.config.answerCacheMs });
  if (deps.config.answerCacheMs > 0) await invalidateOnWrites(app, answers, deps.database);
  return answers;
}

/**
 * The photos (decision 035): GET /uploads/photos/<uuid>-<width>.webp from the photo store, on the
 * disk or in the bucket, immutable for a year (a new photo gets a new name). Anything else under
 * /uploads/ is not found. With PUBLIC_ASSET_URL the answers name the CDN's copy instead (below),
 * and this route stays the CDN's origin and serves older links.
 */
export function servePhotos(app: FastifyInstance, photos: ObjectStore): void {
  // Files, not the API: left out of the OpenAPI document, like the static files.
  app.get<{ Params: { file: string } }>('/uploads/photos/:file', { schema: { hide: true } }, async (request, reply) => {
    const body = await readPhotoFile(`/uploads/photos/${request.params.file}`, photos);
    if (!body) return sendNotFound(request, reply);
    return reply.header('cache-control', PHOTO_CACHE_CONTROL).type(PHOTO_CONTENT_TYPE).send(body);
  });
}

/**
 * With PUBLIC_ASSET_URL, the API's JSON answers name each photo's copy on the CDN (or the bucket)
 * rather than the app's path (storage/public-urls.ts): on the JSON text, so that answers the
 * database writes as JSON (the search) are covered like the rest. Installed before the ETags
 * (which must be of the answer as sent) and compression (which would hand it a stream).
 */
export function answerPublicPhotoUrls(app: FastifyInstance, assetBase: string | null): void {
  if (!assetBase) return;
  const rewrite = publicPhotoUrls(assetBase);
  app.addHook('onSend', async (request, reply, payload) => {
    const json = typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    return json && request.url.startsWith('/api/') ? rewrite(payload) : payload;
  });
}

/**
 * The installed app's files at the root (decision 057). The service worker is revalidated on every
 * check, so that a new build's is seen at once (no CDN may keep it longer), and named JavaScript
 * the way the HTML standard does. The manifest changes rarely, and browsers read it often.
 */
const ROOT_FILE_HEADERS: Record<string, Record<string, string>> = {
  'sw.js': { 'cache-control': 'no-cache', 'content-type': 'text/javascript; charset=utf-8' },
  'manifest.webmanifest': { 'cache-control': 'public, max-age=3600' },
};

/** The built web app's files (not its pages: pages.ts serves those). */
export async function serveWebFiles(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // Vite's hashed assets never change; everything else must be revalidated.
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (path.dirname(filePath) === path.resolve(webDir)) res.headers(ROOT_FILE_HEADERS[path.basename(filePath)] ?? {});
    },
  });
}
