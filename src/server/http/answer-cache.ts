import { randomUUID } from 'node:crypto';
import { withoutTransactionCheck } from '../db/transaction-check';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { notifyProcesses } from './queries';

// A short in-process cache of the public answers that are the same for every visitor (the search,
// a listing as anyone may see it), decision 016. Those answers already say `public, max-age` (30
// and 60 s), so any proxy may serve them that stale; this keeps them for a few seconds less than
// that, inside the app, and forgets everything at once when a write that may change them is taken,
// by this process or (told by a NOTIFY) another, so that a host sees their own change on the next
// read.

/**
 * The most the kept answers may add up to, in characters of their JSON (the least recently used
 * go first): some thousands of searches, a page of 24 results being about 20,000 characters. A
 * search is kept as its JSON text; a listing is kept as an object, which weighs a few times its
 * JSON on the heap.
 */
export const ANSWER_MAX_CHARS = 32_000_000;

export type AnswerCache = {
  /**
   * The answer kept under `key`, or `compute()`'s, kept when `shareable` says so. Equal requests
   * that arrive while one is computed wait for it instead of computing again. An error is never kept.
   */
  get<T>(key: string, compute: () => Promise<T>, shareable?: (value: T) => boolean): Promise<T>;
  /** Forgets every answer, and any being computed, after a write. */
  invalidate(): void;
};

type Entry = { value: unknown; expires: number; size: number };

/** An answer's size: a search's is its JSON text already; a listing's is measured once, when kept. */
const sizeOf = (value: unknown) => (typeof value === 'string' ? value.length : JSON.stringify(value).length);

/** A cache keeping answers `ttlMs` (config.answerCacheMs); with 0 it keeps nothing and computes every time. */
export function createAnswerCache({ ttlMs, maxChars = ANSWER_MAX_CHARS, now = Date.now }: { ttlMs: number; maxChars?: number; now?: () => number }): AnswerCache {
  if (ttlMs <= 0) return { get: (_key, compute) => compute(), invalidate() {} };
  const kept = new Map<string, Entry>();
  let keptChars = 0;
  const drop = (key: string) => {
    keptChars -= kept.get(key)?.size ?? 0;
    kept.delete(key);
  };
  const computing = new Map<string, Promise<unknown>>();
  // Bumped by every write: an answer computed across one is handed out but not kept.
  let generation = 0;

  return {
    async get<T>(key: string, compute: () => Promise<T>, shareable: (value: T) => boolean = () => true): Promise<T> {
      const entry = kept.get(key);
      if (entry && entry.expires > now()) {
        // Most recently used last, so the first key is the one to drop.
        kept.delete(key);
        kept.set(key, entry);
        return entry.value as T;
      }
      if (entry) drop(key);
      const pending = computing.get(key);
      if (pending) return pending as Promise<T>;

      const started = generation;
      const promise = compute().then((value) => {
        if (generation === started && shareable(value)) {
          drop(key);
          const size = sizeOf(value);
          kept.set(key, { value, expires: now() + ttlMs, size });
          keptChars += size;
          while (keptChars > maxChars) drop(kept.keys().next().value!);
        }
        return value;
      });
      computing.set(key, promise);
      const forget = () => {
        if (computing.get(key) === promise) computing.delete(key);
      };
      promise.then(forget, forget);
      return promise;
    },
    invalidate() {
      generation += 1;
      kept.clear();
      keptChars = 0;
      computing.clear();
    },
  };
}

/** Every app process on one database hears on this channel that another one took a write. */
export const ANSWERS_CHANNEL = 'public_answers';

/**
 * Writes that cannot change a public answer, so they leave the kept ones alone: signing in and
 * out, a price quote (a POST that writes nothing), messages, favourites, pets and the contact form.
 * Any other write empties the cache, including a route added later.
 */
const WRITES_KEPT_APART = ['/api/auth/', '/api/bookings/quote', '/api/conversations', '/api/favorites', '/api/pets', '/api/contact', '/api/host/verification', '/api/reports'];

/** Whether `request`, answered with `status`, may have changed what a public answer shows. */
export function changesPublicAnswers(method: string, route: string | undefined, status: number): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  // No route (a 404), or refused: nothing was written.
  if (route === undefined || status >= 400) return false;
  return !WRITES_KEPT_APART.some((prefix) => route.startsWith(prefix));
}

/**
 * Empties `cache` when a request may have changed a public answer, before its answer is sent (so
 * the writer's next read is fresh), and tells the other processes on the database, which empty
 * theirs when they hear it, or when their listening connection was lost for a while.
 */
export async function invalidateOnWrites(app: FastifyInstance, cache: AnswerCache, database: Pick<Database, 'db' | 'listen'>): Promise<void> {
  // Each process signs its NOTIFYs and ignores its own: it emptied its cache when it wrote, and
  // hearing itself a moment later would empty it again, answers computed since included.
  const self = randomUUID();
  const unlisten = await database.listen(
    ANSWERS_CHANNEL,
    (from) => {
      if (from !== self) cache.invalidate();
    },
    () => cache.invalidate(),
  );
  app.addHook('onClose', async () => unlisten());
  app.addHook('onSend', async (request, reply) => {
    if (!changesPublicAnswers(request.method, request.routeOptions.url, reply.statusCode)) return;
    cache.invalidate();
    // Not judged on the request's session (decision 037): whatever was written is written, and
    // the other processes must hear of it even if that session has ended since.
    await withoutTransactionCheck(async () => await notifyProcesses(database.db, ANSWERS_CHANNEL, self)).catch((error: unknown) => {
      // The others keep their answers for ANSWER_CACHE_SECONDS at most.
      request.log.warn({ err: error }, 'could not tell the other processes to forget their public answers');
    });
  });
}
