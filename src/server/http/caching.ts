import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { type AnswerCache, createAnswerCache, invalidateOnWrites } from './answer-cache';
import { installPublicEtags } from './etag';
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

/** Uploaded photos, under /uploads/: immutable names, so they may be cached for a year. */
export async function serveUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  const uploadsDir = path.join(dataDir, 'uploads');
  await app.register(async (uploads) => {
    // Only photos live here: a folder, a dot-file or a path that climbs out is simply not found,
    // so nothing about the disk shows through (the static plugin would answer 403).
    uploads.setErrorHandler(async (err: { statusCode?: number }, request, reply) => {
      if ((err.statusCode ?? 500) < 500) return sendNotFound(request, reply);
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
}

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
    },
  });
}
