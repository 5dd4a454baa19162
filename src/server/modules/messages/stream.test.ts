import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { rawRows } from '../../test/rows';
import { useTestApp } from '../../test/app';
import { browserCookieOf, lastCodeFor, signIn } from '../../test/auth';
import { RECHECK_MS } from '../../auth/session-watch';
import { hashSessionToken } from '../../auth/tokens';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/client';
import { createListing } from '../../test/listings';
import { addPet, api, inDays } from '../bookings/test-support';
import { lockParticipants } from './queries';
import { MESSAGE_CHANNEL, messageNotice } from './service';
import { openConversation } from './test-support';

// The messages' live stream (issue 7), over real HTTP on both databases: both sides at once, and
// a dropped connection that must lose and double nothing.

const t = useTestApp();
const call = api(t);

let guest: string, host: string, stranger: string, conversationId: string;
beforeAll(async () => {
  ({ guest, host, stranger, conversationId } = await openConversation(t));
});

const send = (cookie: string, body: string, clientId?: string) =>
  call('POST', `/api/conversations/${conversationId}/messages`, cookie, { body, ...(clientId ? { clientId } : {}) });

/** A live stream over real HTTP: the events it has received so far, and a way to drop it. */
async function openStream(baseUrl: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/conversations/stream`, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: { id?: string; event: string; data: string }[] = [];
  let readyId: string | undefined;
  let closed = false;
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          closed = true;
          return;
        }
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          if (fields.event === 'ready') {
            readyId = fields.id;
            ready();
          }
          if (fields.event) events.push({ id: fields.id, event: fields.event, data: fields.data ?? '' });
        }
      }
    } catch {
      // Aborted.
    }
  })();
  await isReady;
  const messages = () => events.filter((e) => e.event === 'message').map((e) => ({ eventId: e.id!, ...(JSON.parse(e.data) as { id: string; body: string; seq: number; mine: boolean }) }));
  return { messages, events: () => events.map((e) => e.event), closed: () => closed, readyId: () => readyId, drop: () => controller.abort() };
}

describe('the live stream', () => {
  let baseUrl: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('brings new messages to both sides at once, as each sees them, and nothing of others', async () => {
    const hostStream = await openStream(baseUrl, host);
    const guestStream = await openStream(baseUrl, guest);
    const strangerStream = await openStream(baseUrl, stranger);

    const sent = (await send(guest, 'Live hello')).json();
    await expect.poll(() => hostStream.messages().map((m) => m.body)).toEqual(['Live hello']);
    await expect.poll(() => guestStream.messages().map((m) => m.body)).toEqual(['Live hello']);
    expect(hostStream.messages()[0]).toMatchObject({ eventId: String(sent.seq), id: sent.id, mine: false, conversation_id: conversationId });
    expect(guestStream.messages()[0]).toMatchObject({ mine: true });
    // Give a stray event time to arrive before checking there was none.
    await send(host, 'Live reply');
    await expect.poll(() => guestStream.messages().length).toBe(2);
    expect(strangerStream.messages()).toEqual([]);
    for (const s of [hostStream, guestStream, strangerStream]) s.drop();
  });

  it('after a dropped connection, a reconnect with Last-Event-ID gets exactly what was missed, in order', async () => {
    const first = await openStream(baseUrl, host);
    await send(guest, 'Before the drop');
    await expect.poll(() => first.messages().map((m) => m.body)).toEqual(['Before the drop']);
    const lastSeen = first.messages().at(-1)!.eventId;
    first.drop();

    // Sent while the host is offline, some concurrently.
    await send(guest, 'While away 1');
    await Promise.all([send(guest, 'While away 2'), send(guest, 'While away 3'), send(host, 'Host from another tab')]);

    const second = await openStream(baseUrl, host, lastSeen);
    await send(guest, 'After the reconnect');
    await expect.poll(() => second.messages().length).toBe(5);
    const got = second.messages();
    expect(got.map((m) => m.body).sort()).toEqual(['After the reconnect', 'Host from another tab', 'While away 1', 'While away 2', 'While away 3']);
    expect(got.at(-1)!.body).toBe('After the reconnect');
    expect(got[0]!.body).toBe('While away 1');
    // In seq order, no gaps against what is stored, no repeats.
    const seqs = got.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    const stored = (await call('GET', `/api/conversations/${conversationId}/messages`, host)).json().results as { seq: number }[];
    expect(seqs).toEqual(stored.map((m) => m.seq).filter((s) => s > Number(lastSeen)));
    second.drop();
  });

  it('a stream that has not seen a message yet resumes from its ready id after a drop', async () => {
    const quiet = await openStream(baseUrl, host);
    const resumeAt = quiet.readyId();
    expect(resumeAt).toMatch(/^\d+$/);
    quiet.drop();
    await send(guest, 'Sent while the quiet stream was down');
    const back = await openStream(baseUrl, host, resumeAt);
    await expect.poll(() => back.messages().map((m) => m.body)).toEqual(['Sent while the quiet stream was down']);
    back.drop();
  });

  it('a resume id past the newest message (a restored database) does not silence new ones', async () => {
    const ahead = await openStream(baseUrl, host, '999999999');
    await send(guest, 'After a restore');
    await expect.poll(() => ahead.messages().map((m) => m.body)).toEqual(['After a restore']);
    ahead.drop();
  });

  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'messages with nobody in common never wait for each other, and a fresh stream still gets its own late commit (PostgreSQL)',
    async () => {
      // A second conversation that shares nobody with the first.
      const otherHost = await signIn(t, 'msg-other-host@example.com');
      const listing = await createListing(t, otherHost);
      const pet = await addPet(t, stranger, { name: 'Moti', size: 'm' });
      const booked = await call('POST', '/api/bookings', stranger, { listingId: listing.id, petIds: [pet.id], fromDate: inDays(30), toDate: inDays(31), note: '' });
      const other = (await call('POST', '/api/conversations', stranger, { bookingId: booked.json().id })).json().id as string;
      const [people] = await rawRows<{ guest_id: string; host_id: string }>(t.database.db, sql`select guest_id, host_id from conversations where id = ${conversationId}::uuid`);

      // A message in the first conversation, inserted as postMessage does, held before its commit.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let taken!: (seq: number) => void;
      const lateSeq = new Promise<number>((resolve) => {
        taken = resolve;
      });
      const slow = t.database.db.transaction(async (tx) => {
        await lockParticipants(tx, [people!.guest_id, people!.host_id]);
        const [row] = await rawRows<{ seq: string }>(tx, sql`
          insert into messages (conversation_id, sender_id, body, created_at)
          values (${conversationId}::uuid, ${people!.host_id}::uuid, 'Committed late', clock_timestamp()) returning seq
        `);
        await tx.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${messageNotice({ seq: Number(row!.seq), participants: [people!.guest_id, people!.host_id] })})`);
        taken(Number(row!.seq));
        await held;
      });
      const late = await lateSeq;

      // Meanwhile a message between two other people goes through, with a later seq.
      const quick = await call('POST', `/api/conversations/${other}/messages`, stranger, { body: 'Not waiting' });
      expect(quick.statusCode).toBe(201);
      expect(quick.json().seq).toBeGreaterThan(late);
      // The guest's stream, opened now, must not count that later seq as seen.
      const fresh = await openStream(baseUrl, guest);
      release();
      await slow;
      await expect.poll(() => fresh.messages().map((m) => m.body)).toEqual(['Committed late']);
      fresh.drop();
    },
  );

  // Issue 19: a stream outlived its session, and kept reading messages after a sign-out.
  describe('ends with the session that opened it', () => {
    const sessionOf = async (cookie: string) => {
      const token = cookie.split('=')[1]!;
      const [row] = await rawRows<{ id: string }>(t.database.db, sql`select id from sessions where token_hash = ${hashSessionToken(token)}`);
      return row?.id;
    };

    it('signing out closes it at once, and nothing posted afterwards reaches it', async () => {
      const cookie = await signIn(t, 'msg-guest@example.com');
      const stream = await openStream(baseUrl, cookie);
      const other = await openStream(baseUrl, guest); // the same user's other session lives on
      expect((await call('POST', '/api/auth/sign-out', cookie, {})).statusCode).toBe(200);
      await expect.poll(() => stream.closed(), { timeout: 3_000 }).toBe(true);
      expect(stream.events().at(-1)).toBe('session-ended');
      await send(host, 'After the sign-out');
      await expect.poll(() => other.messages().map((m) => m.body)).toEqual(['After the sign-out']);
      expect(stream.messages()).toEqual([]);
      other.drop();
    });

    it("a new sign-in that replaces the session closes the old session's stream", async () => {
      const cookie = await signIn(t, 'stream-replaced@example.com');
      const stream = await openStream(baseUrl, cookie);
      // Signing in again from the same browser ends the session it had.
      const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email: 'stream-replaced@example.com' }, remoteAddress: '203.0.113.77' });
      const browser = browserCookieOf(sent.headers['set-cookie'])!;
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { email: 'stream-replaced@example.com', code: lastCodeFor(t, 'stream-replaced@example.com') }, remoteAddress: '203.0.113.77', headers: { cookie: `${cookie}; ${browser}` } });
      expect(again.statusCode).toBe(200);
      await expect.poll(() => stream.closed(), { timeout: 3_000 }).toBe(true);
    });

    it('an expired session closes its stream at the next check, even with no notice', async () => {
      const cookie = await signIn(t, 'stream-expired@example.com');
      const stream = await openStream(baseUrl, cookie);
      await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${await sessionOf(cookie)}::uuid`);
      await expect.poll(() => stream.closed(), { timeout: RECHECK_MS + 5_000, interval: 250 }).toBe(true);
      expect(stream.events().at(-1)).toBe('session-ended');
    }, RECHECK_MS + 10_000);

    it.skipIf(inject('testDatabase').kind === 'pglite')(
      'signing out through one app process closes the stream held by another (PostgreSQL)',
      async () => {
        // A second app on the same database, as a second server process would be: its own pool
        // and its own listening connection.
        const database = await openPostgres(t.databaseUrl!);
        const other = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir }), database, mailer: { async send() {}, close() {} } });
        try {
          await other.listen({ port: 0, host: '127.0.0.1' });
          const otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
          const cookie = await signIn(t, 'stream-elsewhere@example.com');
          const stream = await openStream(otherUrl, cookie);
          expect((await call('POST', '/api/auth/sign-out', cookie, {})).statusCode).toBe(200);
          await expect.poll(() => stream.closed(), { timeout: 3_000 }).toBe(true);
          expect(stream.events().at(-1)).toBe('session-ended');
        } finally {
          await other.close();
          await database.close();
        }
      },
    );
  });

  it('a fresh stream starts now: it does not replay history', async () => {
    const fresh = await openStream(baseUrl, guest);
    await send(host, 'Only this one');
    await expect.poll(() => fresh.messages().map((m) => m.body)).toEqual(['Only this one']);
    fresh.drop();
  });
});
