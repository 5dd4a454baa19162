import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, inject as vitestInject } from 'vitest';
import { AUTH_POLICY } from '../auth/policy';
import { createSession, resolveSession } from '../auth/sessions';
import { rawRows } from '../test/rows';
import { addPet, inDays } from '../modules/bookings/test-support';
import { useTestApp } from '../test/app';
import { sessionCookieOf, signIn } from '../test/auth';
import { createListing, testJpeg, uploadPhotos } from '../test/listings';
import { errorShapeProblem } from './fuzz/error-shape';
import { type Operation, operationsOf, operationsOfContract } from './fuzz/operations';
import { describeRequest, type FuzzRequest, type GeneratedRequest, requestArb } from './fuzz/requests';
import { decodedBody } from './fuzz/wire';
import type { FuzzContext } from './fuzz/schema-values';
import { apiEndpoints } from '../../domain/contracts';
import type { Contract } from '../../domain/contracts/endpoint';
import { setOperator } from '../modules/ops';

// Issue 8, "every endpoint fuzzed": every route of the OpenAPI document (so a new route is fuzzed
// without a line here) gets generated requests, signed in (as a host and as a guest, through the
// real sign-in) and signed out (no cookie, or a garbage one): bodies, path params, queries and
// headers from fuzz/. For every answer:
//   - no 5xx;
//   - a 4xx has the error shape of PRODUCT.md section 5, { error: { code, message, fields? } };
//   - a request that was not answered 2xx stored nothing: the row count of every table is the
//     same after it as before (compared around every single request; GET requests, which may
//     never store anything, around each route's whole batch).
// A failure names the route and the request (method, url, headers, body) fast-check shrank it to,
// and the seed: FUZZ_SEED=<seed> replays the run. FUZZ_RUNS changes the runs per route (see Runs below),
// FUZZ_ONLY="POST /api/pets" fuzzes the routes whose "METHOD path" contains it, FUZZ_VERBOSE=1
// prints each route's time and answers by status, FUZZ_DEBUG=1 the commonest answer bodies.
//
// Runs: 500 per route in `npm test`, 300 on a PostgreSQL server and 200 on the embedded database
// (PGlite), each with its own seed, plus a fifth as many for the photo upload as the listing's
// host with multipart bodies only (otherwise few requests get past the sign-in, id and ownership
// checks to the multipart parser). Each route starts from fresh fixture rows (refreshFixtures), as
// earlier routes may have paused, deleted or answered them.
//   Both engines, since some refusals are only PostgreSQL's (NUL in text); split, since what is
// fuzzed (parsing, validation, access, the error shape) is the app's whichever engine answers, and
// a request costs the same on both (about 8 ms): 500 runs on PGlite alone took 556 s in CI, over
// half of that step and close to this test's 10-minute limit.
//
// The live stream (GET /api/conversations/stream) never ends by itself, so it is left out of the
// loop and fuzzed by its own test, which ends each stream once its first answer is in.

const RUNS = Number(process.env.FUZZ_RUNS ?? (vitestInject('testDatabase').kind === 'postgres' ? 300 : 200));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 0x1_0000_0000);
const OWNER_RUNS = Math.ceil(RUNS / 5);
const STREAM_PATH = '/api/conversations/stream';

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

describe('every API route, fuzzed', () => {
  // Its checks read no mail: sending the queue after each of thousands of requests would only slow it.
  const t = useTestApp({}, { deliverMailOnInject: false });
  const users = {} as Record<'host' | 'guest', { id: string; cookie: string }>;
  let ops: Operation[] = [];
  let ctx: FuzzContext;
  let countsQuery: SQL;
  /** The row counts after the last request, as JSON. */
  let baseline = '';

  let countMs = 0;
  let injectMs = 0;
  /** The answers of the current route, by status, for FUZZ_VERBOSE. */
  const statuses = new Map<number, number>();
  const messages = new Map<string, number>();
  let fullCounts = 0;
  let lastLsn = '';
  let lastCounts = '';
  /**
   * The rows of every table (count and hash), as JSON. Reading all of them around every request would take
   * most of the run, so the tables are counted again only when the write-ahead log moved since
   * the last count: a request refused before any write (most of them) costs one cheap query.
   */
  const counts = async () => {
    const s = performance.now();
    const [{ lsn }] = (await rawRows<{ lsn: string }>(t.database.db, sql`select pg_current_wal_insert_lsn()::text as lsn`)) as [{ lsn: string }];
    if (lsn !== lastLsn) {
      lastCounts = JSON.stringify((await rawRows<Record<string, string>>(t.database.db, countsQuery))[0]);
      lastLsn = lsn;
      fullCounts++;
    }
    countMs += performance.now() - s;
    return lastCounts;
  };

  function changedTables(before: string, after: string): string {
    const a = JSON.parse(before) as Record<string, string>;
    const b = JSON.parse(after) as Record<string, string>;
    return Object.keys(b)
      .filter((k) => a[k] !== b[k])
      .map((k) => `${k} ${a[k]} → ${b[k]}`)
      .join(', ');
  }

  /** The rows generated ids point at; see refreshFixtures. */
  const fixtures = {} as { listing: string; guestListing: string; photo: string; pet: string; booking: string; conversation: string };
  let jpeg: Buffer;
  let nextStay = 100;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A requested stay at the host's listing, and its conversation; false when none could be made. */
  async function newBooking(): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const fromDate = inDays((nextStay += 3));
      const payload = { listingId: fixtures.listing, petIds: [fixtures.pet], fromDate, toDate: inDays(nextStay + 2) };
      const booked = await call('POST', '/api/bookings', users.guest.cookie, payload);
      if (booked.statusCode !== 201) continue;
      fixtures.booking = booked.json().id;
      fixtures.conversation = (await call('POST', '/api/conversations', users.guest.cookie, { bookingId: fixtures.booking })).json().id;
      await call('POST', `/api/conversations/${fixtures.conversation}/messages`, users.guest.cookie, { body: 'Hello!' });
      return true;
    }
    return false;
  }

  /**
   * Every route starts from the same kind of rows, whatever the routes before it did to them:
   * the listings active (a generated PATCH may have paused them), with a photo, the guest's pet,
   * and a booking still requested (one may have been accepted, declined or cancelled).
   */
  async function refreshFixtures() {
    const { host, guest } = users;
    await call('PATCH', `/api/listings/${fixtures.listing}`, host.cookie, { status: 'active' });
    await call('PATCH', `/api/listings/${fixtures.guestListing}`, guest.cookie, { status: 'active' });
    const photos = (await call('GET', `/api/listings/${fixtures.listing}`, host.cookie)).json().listing_photos as { id: string }[];
    fixtures.photo = photos[0]?.id ?? (await uploadPhotos(t, host.cookie, fixtures.listing, [{ filename: 'garden.jpg', content: jpeg }])).json().added[0].id;
    if ((await call('GET', `/api/pets/${fixtures.pet}`, guest.cookie)).statusCode !== 200) {
      fixtures.pet = (await addPet(t, guest.cookie, { name: 'Bruno', size: 'm' })).id;
    }
    const booking = await call('GET', `/api/bookings/${fixtures.booking}`, guest.cookie);
    if (booking.json().status !== 'requested') await newBooking();
    const idsByKind: Record<string, string[]> = {
      // "photo" before "listing": /api/listings/{id}/photos/{photoId} names both.
      photo: [fixtures.photo],
      listing: [fixtures.listing, fixtures.guestListing],
      pet: [fixtures.pet],
      booking: [fixtures.booking],
      conversation: [fixtures.conversation],
      user: [host.id, guest.id],
    };
    ctx = { knownIds: Object.values(idsByKind).flat(), idsByKind, jpeg };
  }

  beforeAll(async () => {
    // Rows for the generated ids to find: a host's listing with a photo, a guest's pet, booking,
    // conversation and message, and a listing of the guest's own.
    for (const who of ['host', 'guest'] as const) {
      const cookie = await signIn(t, `fuzz-${who}@example.com`);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      users[who] = { id: me.json().id, cookie };
    }
    jpeg = await testJpeg(64, 48);
    fixtures.listing = (await createListing(t, users.host.cookie)).id;
    fixtures.guestListing = (await createListing(t, users.guest.cookie, { title: 'A quiet room for small dogs' })).id;
    fixtures.pet = (await addPet(t, users.guest.cookie, { name: 'Bruno', size: 'm' })).id;
    expect(await newBooking()).toBe(true);
    await refreshFixtures();
    expect(ctx.knownIds.every((id) => typeof id === 'string')).toBe(true);

    ops = operationsOf((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    // The operators' routes, left out of the document, last and with the guest made an operator:
    // fuzzed as anyone else gets them (a 404) and as the operator who may act, who may suspend
    // the host or hide a listing (healAccounts undoes it before the next route).
    ops.push(...operationsOfContract(Object.fromEntries(Object.entries(apiEndpoints).filter(([key]) => key.includes(' /api/ops/'))) as Contract));
    await setOperator(t.database.db, 'fuzz-guest@example.com', true);

    const tables = await rawRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    // One query for all: counted around every request.
    // Each table's row count and a hash of its rows, so that an UPDATE is seen as well as an
    // INSERT or DELETE. Rows a refused request may change by design are counted only: a session's
    // renewal (sessions) and a wrong code's attempt (auth_codes, and phone_codes for a number's).
    const countedOnly = new Set(['sessions', 'auth_codes', 'phone_codes', '__drizzle_migrations']);
    countsQuery = sql.raw(
      `select ${tables
        .map(({ table_name: n }) =>
          countedOnly.has(n)
            ? `(select count(*) from "${n}")::text as "${n}"`
            : `(select count(*) || ' rows #' || coalesce(sum(hashtext(x::text)::bigint), 0) from "${n}" x) as "${n}"`,
        )
        .join(', ')}`,
    );
  });

  /** The identity's Cookie header value before the generated changes to it. */
  function sessionOf(identity: FuzzRequest['identity'], garbage: string): string | undefined {
    if (identity === 'host' || identity === 'guest') return users[identity].cookie;
    return identity === 'garbage-cookie' ? `${AUTH_POLICY.cookieName}=${garbage}` : undefined;
  }

  /**
   * A request may end the session it was sent with (sign-out) or renew it: the host and the guest
   * stay signed in for the next request, with a fresh session when theirs was ended.
   */
  async function keepSignedIn(identity: FuzzRequest['identity'], res: LightMyRequestResponse) {
    if (identity !== 'host' && identity !== 'guest') return;
    const set = sessionCookieOf(res.headers['set-cookie']);
    if (set === undefined) return;
    const user = users[identity];
    const token = set.slice(AUTH_POLICY.cookieName.length + 1);
    if (token && (await resolveSession(t.database.db, token))?.user.id === user.id) {
      user.cookie = set;
      return;
    }
    const current = user.cookie.slice(AUTH_POLICY.cookieName.length + 1);
    if (await resolveSession(t.database.db, current)) return;
    const fresh = await createSession(t.database.db, user.id, 'fuzz');
    user.cookie = `${AUTH_POLICY.cookieName}=${fresh.token}`;
    baseline = await counts();
  }

  /** Sends one generated request and checks its answer; throws with the request on a problem. */
  async function check(generated: GeneratedRequest) {
    const { request: r, cookie, garbage } = generated;
    const cookieHeader = cookie(sessionOf(r.identity, garbage));
    const where = (answer: string) => `\n${describeRequest({ ...r, cookieHeader })}\n  answer: ${answer}`;
    let res: LightMyRequestResponse;
    const s0 = performance.now();
    try {
      res = await t.app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: { ...r.headers, ...(cookieHeader !== undefined ? { cookie: cookieHeader } : {}) },
        ...(r.payload !== undefined ? { payload: r.payload } : {}),
        remoteAddress: r.remoteAddress,
      });
    } catch (err) {
      throw new Error(`the request could not be sent: ${String(err)}${where('none')}`);
    }
    injectMs += performance.now() - s0;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const body = decodedBody(res.rawPayload, res.headers['content-encoding']);
    if (process.env.FUZZ_DEBUG) messages.set(body.slice(0, 90), (messages.get(body.slice(0, 90)) ?? 0) + 1);
    // GET requests are counted around the whole batch (see fuzz): they may never store a row.
    const before = baseline;
    if (r.method !== 'GET') baseline = await counts();
    const answer = `${res.statusCode} ${cut(body, 600)}`;
    if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode}${where(answer)}\n  server log: ${t.serverErrors.at(-1) ?? '(nothing)'}`);
    if (res.statusCode >= 400) {
      const problem = errorShapeProblem(body);
      if (problem) throw new Error(`${res.statusCode} without the error shape: ${problem}${where(answer)}`);
    }
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    if (!ok && baseline !== before) throw new Error(`a request answered ${res.statusCode} changed stored rows: ${changedTables(before, baseline)}${where(answer)}`);
    await keepSignedIn(r.identity, res);
    return res;
  }

  /** Runs `runs` generated requests against `op`; the failure report, or null. */
  /** Each route starts with the host and guest in good standing, signed in, and nothing hidden. */
  async function healAccounts() {
    await t.database.db.execute(sql`update users set suspended_at = null where suspended_at is not null`);
    await t.database.db.execute(sql`update listings set hidden_at = null where hidden_at is not null`);
    for (const user of Object.values(users)) {
      if (await resolveSession(t.database.db, user.cookie.slice(AUTH_POLICY.cookieName.length + 1))) continue;
      user.cookie = `${AUTH_POLICY.cookieName}=${(await createSession(t.database.db, user.id, 'fuzz')).token}`;
    }
  }

  async function fuzz(op: Operation, runs: number, focus?: 'owner'): Promise<string | null> {
    await healAccounts();
    await refreshFixtures();
    baseline = await counts();
    const property = fc.asyncProperty(requestArb(op, ctx, focus), async (generated) => {
      const res = await check(generated);
      // Photos stored by a focused upload are removed again, so that the listing keeps room for
      // more (at 10 photos every upload is refused before its body is read).
      if (focus && res.statusCode === 201 && Array.isArray(res.json().added)) {
        for (const photo of res.json().added as { id: string }[]) {
          await call('DELETE', `/api/listings/${fixtures.listing}/photos/${photo.id}`, users.host.cookie);
        }
        baseline = await counts();
      }
    });
    const details = await fc.check(property, {
      numRuns: runs,
      seed: SEED,
      // A failure is shrunk for at most this long (the smallest request found by then is reported).
      interruptAfterTimeLimit: 60_000,
      markInterruptAsFailure: true,
    });
    if (!details.failed && op.method === 'GET') {
      const after = await counts();
      if (after !== baseline) return `${op.method} ${op.path} stored rows during its ${details.numRuns} requests (a GET never may): ${changedTables(baseline, after)}; replay with FUZZ_SEED=${details.seed}`;
    }
    if (!details.failed) return null;
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    return `${op.method} ${op.path}${focus ? ' (as its owner)' : ''} failed after ${details.numRuns} runs (${details.numShrinks} shrinks${details.interrupted ? ', interrupted' : ''}); replay with FUZZ_SEED=${details.seed}:\n${error}`;
  }

  it('finds the routes in the OpenAPI document', () => {
    const names = ops.map((op) => `${op.method} ${op.path}`);
    // A few of every module, as a check that the document was read, not a list to keep up.
    for (const route of ['GET /api/search', 'POST /api/bookings/create', 'POST /api/listings/{id}/photos', 'PATCH /api/me', `GET ${STREAM_PATH}`, 'PUT /api/favorites/{listingId}', 'POST /api/contact']) {
      expect(names).toContain(route);
    }
    expect(ops.length).toBeGreaterThanOrEqual(50);
    expect(ops.every((op) => op.path.startsWith('/api/'))).toBe(true);
    expect(ops.find((op) => op.method === 'POST' && op.path === '/api/pets')?.body).toBeDefined();
  });

  it('sees a stored row in its counts (the write-ahead log moves with every write)', async () => {
    const before = await counts();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Fuzz', email: 'fuzz@example.com', subject: 'Counting rows', message: 'A message that is stored.' },
    });
    expect(res.statusCode).toBe(201);
    // The message, and its e-mail to support queued with it.
    const changed = changedTables(before, await counts()).split(', ').sort();
    expect(changed).toHaveLength(2);
    expect(changed[0]).toMatch(/^contact_messages 0 rows #0 → 1 rows #-?\d+$/);
    expect(changed[1]).toMatch(/^mail_outbox \d+ rows #-?\d+ → \d+ rows #-?\d+$/);
  });

  it('sees a changed row in its counts, not only a new one', async () => {
    const before = await counts();
    await t.database.db.execute(sql`update pets set name = name || '!' where id = ${fixtures.pet}`);
    expect(changedTables(before, await counts())).toMatch(/^pets (\d+) rows #-?\d+ → \1 rows #-?\d+$/);
    await t.database.db.execute(sql`update pets set name = left(name, -1) where id = ${fixtures.pet}`);
  });

  it(`answers ${RUNS} generated requests per route without a 5xx, in the error shape, storing nothing when refused`, { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const timings: string[] = [];
    for (const op of ops) {
      if (op.path === STREAM_PATH) continue;
      if (process.env.FUZZ_ONLY && !`${op.method} ${op.path}`.includes(process.env.FUZZ_ONLY)) continue;
      const started = performance.now();
      statuses.clear();
      const failure = await fuzz(op, RUNS);
      // The upload parser is reached only by the listing's host at its own listing: it gets
      // OWNER_RUNS more of those, with multipart bodies only.
      const ownerFailure = op.multipart && !failure ? await fuzz(op, OWNER_RUNS, 'owner') : null;
      const answered = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
      timings.push(`${((performance.now() - started) / 1000).toFixed(1)} s ${op.method} ${op.path}: ${answered}`);
      if (failure) failures.push(failure);
      if (ownerFailure) failures.push(ownerFailure);
    }
    if (process.env.FUZZ_DEBUG) console.log([...messages].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([m, n]) => `${n} ${m}`).join('\n'));
    if (process.env.FUZZ_VERBOSE) console.log(`seed ${SEED} counting ${Math.round(countMs)} ms (${fullCounts} full) inject ${Math.round(injectMs)} ms\n${timings.join('\n')}`);
    if (failures.length) throw new Error(`${failures.length} route(s) failed (seed ${SEED}):\n\n${failures.join('\n\n')}`);
  });

  it(`fuzzes the live stream's query and headers, ending each stream once it answered`, { timeout: 120_000 }, async () => {
    const op = ops.find((o) => o.path === STREAM_PATH && o.method === 'GET');
    expect(op).toBeDefined();
    await refreshFixtures();
    baseline = await counts();
    let streams = 0;
    const property = fc.asyncProperty(requestArb(op!, ctx), async ({ request: r, cookie, garbage }) => {
      const cookieHeader = cookie(sessionOf(r.identity, garbage));
      const res = await t.app.inject({
        method: 'GET',
        url: r.url,
        headers: { ...r.headers, ...(cookieHeader !== undefined ? { cookie: cookieHeader } : {}) },
        remoteAddress: r.remoteAddress,
        payloadAsStream: true,
      });
      const where = (answer: string) => `\n${describeRequest({ ...r, cookieHeader })}\n  answer: ${answer}`;
      const stream = res.stream() as Readable;
      if (res.statusCode === 200) {
        streams++;
        const type = String(res.headers['content-type']);
        // End the stream: the client goes away.
        (res.raw.res as unknown as { destroy(): void }).destroy();
        stream.destroy();
        if (!type.startsWith('text/event-stream')) throw new Error(`a 200 that is not an event stream: ${type}${where('200')}`);
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const body = decodedBody(Buffer.concat(chunks), res.headers['content-encoding']);
      const answer = `${res.statusCode} ${cut(body, 600)}`;
      if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode}${where(answer)}\n  server log: ${t.serverErrors.at(-1) ?? '(nothing)'}`);
      const problem = res.statusCode >= 400 ? errorShapeProblem(body) : null;
      if (problem) throw new Error(`${res.statusCode} without the error shape: ${problem}${where(answer)}`);
      const before = baseline;
      baseline = await counts();
      if (baseline !== before) throw new Error(`a refused stream changed stored rows: ${changedTables(before, baseline)}${where(answer)}`);
      await keepSignedIn(r.identity, res);
    });
    const details = await fc.check(property, { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true });
    if (details.failed) {
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(`GET ${STREAM_PATH} failed after ${details.numRuns} runs; replay with FUZZ_SEED=${details.seed}:\n${error}`);
    }
    // Some of the generated requests were valid: streams were opened, and ended.
    expect(streams).toBeGreaterThan(0);
  });
});
