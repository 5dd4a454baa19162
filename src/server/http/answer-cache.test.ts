import { describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import type { SQL } from 'drizzle-orm';
import { changesPublicAnswers, createAnswerCache, invalidateOnWrites } from './answer-cache';

/** A cache on a clock the test moves. */
function cache(options: { ttlMs?: number; maxChars?: number } = {}) {
  let time = 0;
  return { answers: createAnswerCache({ ttlMs: 1000, ...options, now: () => time }), advance: (ms: number) => (time += ms) };
}

/** A compute the test resolves by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the answer cache', () => {
  it('keeps an answer for its time, then computes it again', async () => {
    const { answers, advance } = cache();
    const compute = vi.fn(async () => ({ n: compute.mock.calls.length }));
    expect(await answers.get('a', compute)).toEqual({ n: 1 });
    advance(999);
    expect(await answers.get('a', compute)).toEqual({ n: 1 });
    advance(1);
    expect(await answers.get('a', compute)).toEqual({ n: 2 });
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps each key apart', async () => {
    const { answers } = cache();
    expect(await answers.get('a', async () => 'A')).toBe('A');
    expect(await answers.get('b', async () => 'B')).toBe('B');
    expect(await answers.get('a', async () => 'not this')).toBe('A');
  });

  it('computes once for equal requests that arrive together', async () => {
    const { answers } = cache();
    const slow = deferred<string>();
    const compute = vi.fn(() => slow.promise);
    const all = Promise.all([answers.get('a', compute), answers.get('a', compute), answers.get('a', compute)]);
    slow.resolve('A');
    expect(await all).toEqual(['A', 'A', 'A']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('never keeps an error: the next request computes again', async () => {
    const { answers } = cache();
    await expect(answers.get('a', async () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(await answers.get('a', async () => 'A')).toBe('A');
  });

  it('does not keep what is not shareable (a paused listing)', async () => {
    const { answers } = cache();
    const active = (l: { status: string }) => l.status === 'active';
    expect(await answers.get('l', async () => ({ status: 'inactive' }), active)).toEqual({ status: 'inactive' });
    expect(await answers.get('l', async () => ({ status: 'active' }), active)).toEqual({ status: 'active' });
    expect(await answers.get('l', async () => ({ status: 'changed' }), active)).toEqual({ status: 'active' });
  });

  it('forgets everything on a write', async () => {
    const { answers } = cache();
    await answers.get('a', async () => 'old');
    answers.invalidate();
    expect(await answers.get('a', async () => 'new')).toBe('new');
  });

  it('hands out, but does not keep, an answer computed across a write', async () => {
    const { answers } = cache();
    const slow = deferred<string>();
    const before = answers.get('a', () => slow.promise);
    answers.invalidate();
    // A request after the write does not wait for the one computed before it.
    const after = answers.get('a', async () => 'after the write');
    slow.resolve('before the write');
    expect(await before).toBe('before the write');
    expect(await after).toBe('after the write');
    expect(await answers.get('a', async () => 'not this')).toBe('after the write');
  });

  it('keeps nothing when turned off (0 s), computing every time', async () => {
    const answers = createAnswerCache({ ttlMs: 0 });
    expect(await answers.get('a', async () => 'A')).toBe('A');
    expect(await answers.get('a', async () => 'A again')).toBe('A again');
  });

  it('drops the least recently used answers beyond its size', async () => {
    const { answers } = cache({ maxChars: 10 });
    await answers.get('a', async () => 'AAAA');
    await answers.get('b', async () => 'BBBB');
    await answers.get('a', async () => 'not this'); // a is now the most recently used
    await answers.get('c', async () => 'CCCC'); // 12 characters: b goes
    expect(await answers.get('a', async () => 'not this')).toBe('AAAA');
    expect(await answers.get('b', async () => 'B again')).toBe('B again');
  });

  it('measures an object by its JSON', async () => {
    const { answers } = cache({ maxChars: 20 });
    await answers.get('a', async () => ({ title: 'A long listing title' })); // 30 characters
    expect(await answers.get('a', async () => ({ title: 'computed again' }))).toEqual({ title: 'computed again' });
  });
});

describe('changesPublicAnswers', () => {
  it.each([
    ['PATCH', '/api/listings/:id', 200, true],
    ['POST', '/api/listings', 201, true],
    ['POST', '/api/listings/:id/photos', 201, true],
    ['PATCH', '/api/bookings/:id', 200, true],
    ['POST', '/api/bookings/:id/review', 201, true],
    ['PATCH', '/api/me', 200, true],
    ['DELETE', '/api/listings/:id/photos/:photoId', 204, true],
    ['GET', '/api/search', 200, false],
    ['HEAD', '/api/listings/:id', 200, false],
    ['OPTIONS', '/api/listings', 204, false],
    ['POST', undefined, 404, false],
    ['PATCH', '/api/listings/:id', 400, false],
    ['PATCH', '/api/listings/:id', 403, false],
    ['POST', '/api/auth/otp/send', 200, false],
    ['POST', '/api/bookings/quote', 200, false],
    ['POST', '/api/conversations/:id/messages', 201, false],
    ['POST', '/api/favorites/:listingId', 201, false],
    ['POST', '/api/pets', 201, false],
    ['POST', '/api/contact', 200, false],
  ] as const)('%s %s answered %d: %s', (method, route, status, changes) => {
    expect(changesPublicAnswers(method, route, status)).toBe(changes);
  });
});

describe('invalidateOnWrites', () => {
  /** An app with one write route, over a database that records its NOTIFYs and lets the test deliver them. */
  async function setUp() {
    const app = Fastify();
    app.patch('/api/listings/:id', async () => ({ ok: true }));
    const sent: string[] = [];
    const heard: { notify?: (payload: string) => void; reconnect?: () => void } = {};
    const database = {
      db: {
        // The NOTIFY's payload is the last text value bound into its SQL.
        execute: async (query: SQL) => void sent.push(query.queryChunks.filter((c): c is string => typeof c === 'string').at(-1)!),
      },
      listen: async (_channel: string, notify: (payload: string) => void, reconnect?: () => void) => {
        Object.assign(heard, { notify, reconnect });
        return async () => {};
      },
    };
    const answers = createAnswerCache({ ttlMs: 60_000 });
    await invalidateOnWrites(app, answers, database as never);
    const kept = async () => (await answers.get('a', async () => 'new')) === 'old';
    const keep = async () => {
      answers.invalidate();
      await answers.get('a', async () => 'old');
    };
    return { app, sent, heard, kept, keep };
  }

  it("empties the cache on a write and tells the others, signed, and ignores its own NOTIFY when it comes back", async () => {
    const { app, sent, heard, kept, keep } = await setUp();
    await keep();
    expect((await app.inject({ method: 'PATCH', url: '/api/listings/1' })).statusCode).toBe(200);
    expect(await kept()).toBe(false);
    expect(sent).toHaveLength(1);

    // An answer computed after the write, then the process hears its own NOTIFY: still kept.
    await keep();
    heard.notify!(sent[0]!);
    expect(await kept()).toBe(true);
    // Another process's NOTIFY, or a lost listening connection: emptied.
    heard.notify!('another process');
    expect(await kept()).toBe(false);
    await keep();
    heard.reconnect!();
    expect(await kept()).toBe(false);
  });

  it('leaves the cache and the others alone on a read or a refused write', async () => {
    const { app, sent, kept, keep } = await setUp();
    await keep();
    await app.inject({ method: 'GET', url: '/api/listings/1' });
    await app.inject({ method: 'PATCH', url: '/api/nowhere' });
    expect(await kept()).toBe(true);
    expect(sent).toEqual([]);
  });
});
