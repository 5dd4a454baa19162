import { randomUUID } from 'node:crypto';
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
import { mailUnreadMessages } from './unread-mail';

// Messages (issue 7): one conversation per booking, only its two participants, unread counts,
// and the live stream, including a dropped connection that must lose and double nothing.

const t = useTestApp();
const call = api(t);

let guest: string;
let host: string;
let stranger: string;
let bookingId: string;
let conversationId: string;

beforeAll(async () => {
  [guest, host, stranger] = await Promise.all([signIn(t, 'msg-guest@example.com'), signIn(t, 'msg-host@example.com'), signIn(t, 'msg-stranger@example.com')]);
  await call('PATCH', '/api/me', guest, { name: 'Gita Guest' });
  await call('PATCH', '/api/me', host, { name: 'Harsh Host' });
  const listing = await createListing(t, host);
  const pet = await addPet(t, guest, { name: 'Bruno', size: 'm' });
  const booked = await call('POST', '/api/bookings', guest, { listingId: listing.id, petIds: [pet.id], fromDate: inDays(20), toDate: inDays(23), note: '' });
  expect(booked.statusCode).toBe(201);
  bookingId = booked.json().id;
  const opened = await call('POST', '/api/conversations', guest, { bookingId });
  expect(opened.statusCode).toBe(200);
  conversationId = opened.json().id;
});

const send = (cookie: string, body: string, clientId?: string) =>
  call('POST', `/api/conversations/${conversationId}/messages`, cookie, { body, ...(clientId ? { clientId } : {}) });

describe('conversations', () => {
  it('is one per booking: the host opening it finds the same one', async () => {
    const again = await call('POST', '/api/conversations', host, { bookingId });
    expect(again.json().id).toBe(conversationId);
  });

  it('is closed to anyone else: opening, reading, posting and marking read all answer 404', async () => {
    expect((await call('POST', '/api/conversations', stranger, { bookingId })).statusCode).toBe(404);
    expect((await call('GET', `/api/conversations/${conversationId}/messages`, stranger)).statusCode).toBe(404);
    expect((await send(stranger, 'Let me in')).statusCode).toBe(404);
    expect((await call('POST', `/api/conversations/${conversationId}/read`, stranger, {})).statusCode).toBe(404);
    expect((await call('GET', '/api/conversations', stranger)).json().results).toEqual([]);
  });

  it('answers one conversation by id to its participants only', async () => {
    const one = await call('GET', `/api/conversations/${conversationId}`, host);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: conversationId, booking_id: bookingId, role: 'host', other_name: 'Gita Guest' });
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect((await call('GET', `/api/conversations/${conversationId}`, stranger)).statusCode).toBe(404);
  });

  it("carries the booking's payment deadline once the host accepts, for the header to say it", async () => {
    const listing = await createListing(t, host);
    const pet = await addPet(t, guest, { name: 'Sheru', size: 's' });
    const booked = await call('POST', '/api/bookings', guest, { listingId: listing.id, petIds: [pet.id], fromDate: inDays(50), toDate: inDays(52), note: '' });
    const id = (await call('POST', '/api/conversations', guest, { bookingId: booked.json().id })).json().id;
    const booking = async (cookie: string) => (await call('GET', `/api/conversations/${id}`, cookie)).json().booking;
    expect(await booking(guest)).toEqual({ start_date: inDays(50), end_date: inDays(52), status: 'requested', payment_due_at: null });

    expect((await call('POST', `/api/bookings/${booked.json().id}/accept`, host)).statusCode).toBe(200);
    const due = (await call('GET', '/api/bookings', guest)).json().results.find((b: { id: string }) => b.id === booked.json().id).payment_due_at;
    expect(due).toEqual(expect.any(String));
    for (const cookie of [guest, host]) {
      expect(await booking(cookie)).toEqual({ start_date: inDays(50), end_date: inDays(52), status: 'awaiting_payment', payment_due_at: due });
      const listed = (await call('GET', '/api/conversations', cookie)).json().results.find((c: { id: string }) => c.id === id);
      expect(listed.booking.payment_due_at).toBe(due);
    }
  });

  it('opened by both sides at once is still one conversation, and never a 5xx', async () => {
    const listing = await createListing(t, host);
    const pet = await addPet(t, guest, { name: 'Kaju', size: 's' });
    const booked = await call('POST', '/api/bookings', guest, { listingId: listing.id, petIds: [pet.id], fromDate: inDays(40), toDate: inDays(41), note: '' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call('POST', '/api/conversations', i % 2 ? guest : host, { bookingId: booked.json().id })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
  });

  it('asks for sign-in first', async () => {
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/conversations/unread'],
      ['GET', '/api/conversations/stream'],
      ['GET', `/api/conversations/${conversationId}/messages`],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
    expect((await call('POST', `/api/conversations/${conversationId}/messages`, undefined, { body: 'hi' })).statusCode).toBe(401);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = (await call('GET', `/api/conversations/${conversationId}/messages`, guest)).json().results.length;
    const cases: [unknown, string][] = [
      [{ body: '   ' }, 'Write a message first'],
      [{ body: 'x'.repeat(2001) }, 'Messages can be at most 2,000 characters'],
      [{}, 'Write a message first'],
      [{ body: 42 }, 'Write a message first'],
      [{ body: 'hi', clientId: 'nope' }, 'clientId must be a UUID'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', `/api/conversations/${conversationId}/messages`, guest, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await call('POST', '/api/conversations', guest, { bookingId: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await call('GET', `/api/conversations/${conversationId}/messages?before=abc`, guest)).statusCode).toBe(400);
    expect((await call('GET', '/api/conversations/not-a-uuid/messages', guest)).statusCode).toBe(400);
    expect((await call('GET', `/api/conversations/${conversationId}/messages`, guest)).json().results).toHaveLength(before);
  });
});

describe('messages and unread counts', () => {
  it('delivers in order with names, counts unread for the other side only, and clears on read', async () => {
    expect((await send(guest, '  Hello! Is the garden fenced?  ')).statusCode).toBe(201);
    expect((await send(guest, 'Bruno likes to dig.')).statusCode).toBe(201);

    const hostView = (await call('GET', '/api/conversations', host)).json().results;
    // The conversation with messages comes first.
    expect(hostView[0]).toEqual(
      expect.objectContaining({
        id: conversationId,
        booking_id: bookingId,
        role: 'host',
        other_name: 'Gita Guest',
        last_message: expect.objectContaining({ body: 'Bruno likes to dig.', mine: false }),
        unread: 2,
      }),
    );
    expect((await call('GET', '/api/conversations/unread', host)).json()).toEqual({ count: 2 });
    expect((await call('GET', '/api/conversations/unread', guest)).json()).toEqual({ count: 0 });

    const thread = (await call('GET', `/api/conversations/${conversationId}/messages`, host)).json();
    expect(thread.results.map((m: { body: string; mine: boolean; sender_name: string }) => [m.body, m.mine, m.sender_name])).toEqual([
      ['Hello! Is the garden fenced?', false, 'Gita Guest'],
      ['Bruno likes to dig.', false, 'Gita Guest'],
    ]);
    const [first, second] = thread.results;
    expect(second.seq).toBeGreaterThan(first.seq);

    // Read up to the first only: one stays unread.
    expect((await call('POST', `/api/conversations/${conversationId}/read`, host, { seq: first.seq })).statusCode).toBe(204);
    expect((await call('GET', '/api/conversations/unread', host)).json()).toEqual({ count: 1 });
    // No body at all reads up to the newest.
    expect((await call('POST', `/api/conversations/${conversationId}/read`, host)).statusCode).toBe(204);
    expect((await call('GET', '/api/conversations/unread', host)).json()).toEqual({ count: 0 });

    // Replying marks the replier's side read and counts for the guest.
    await send(host, 'Yes, fully fenced.');
    expect((await call('GET', '/api/conversations/unread', guest)).json()).toEqual({ count: 1 });
  });

  it('stores a retried send once (same clientId)', async () => {
    const clientId = randomUUID();
    const a = await send(guest, 'Retried message', clientId);
    const b = await send(guest, 'Retried message', clientId);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    // The client id goes back to its sender only.
    expect(a.json().client_id).toBe(clientId);
    const seenByHost = (await call('GET', `/api/conversations/${conversationId}/messages`, host)).json().results.find((m: { id: string }) => m.id === a.json().id);
    expect(seenByHost.client_id).toBeNull();
    const bodies = (await call('GET', `/api/conversations/${conversationId}/messages`, guest)).json().results.map((m: { body: string }) => m.body);
    expect(bodies.filter((x: string) => x === 'Retried message')).toHaveLength(1);
  });

  it('pages backwards with before: the newest 50, then the rest', async () => {
    for (let i = 1; i <= 52; i++) expect((await send(i % 2 ? guest : host, `Paging ${i}`)).statusCode).toBe(201);
    const newest = (await call('GET', `/api/conversations/${conversationId}/messages`, guest)).json();
    expect(newest.results).toHaveLength(50);
    expect(newest.has_more).toBe(true);
    expect(newest.results.at(-1).body).toBe('Paging 52');
    const older = (await call('GET', `/api/conversations/${conversationId}/messages?before=${newest.results[0].seq}`, guest)).json();
    const all = [...older.results, ...newest.results];
    expect(older.has_more).toBe(false);
    expect(all.map((m: { seq: number }) => m.seq)).toEqual([...all.map((m: { seq: number }) => m.seq)].sort((a, b) => a - b));
    expect(new Set(all.map((m: { id: string }) => m.id)).size).toBe(all.length);
    expect(all.filter((m: { body: string }) => m.body.startsWith('Paging'))).toHaveLength(52);
  });
});

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

describe('e-mail about unread messages', () => {
  // The job queues the mail; the outbox sends it, as the server's outbox worker would.
  const run = async () => {
    await mailUnreadMessages(t.database.db, { publicUrl: 'https://pawstay.test' });
    await t.deliverMail();
  };
  const mailsTo = (email: string) => t.mail.filter((m) => m.to === email && m.subject.startsWith('New message from'));
  /** Moves a conversation's messages and marks `minutes` into the past, as if time had passed. */
  const age = async (minutes: number) => {
    await t.database.db.execute(sql`update messages set created_at = created_at - make_interval(mins => ${minutes}) where conversation_id = ${conversationId}::uuid`);
    await t.database.db.execute(sql`
      update conversations set last_message_at = last_message_at - make_interval(mins => ${minutes}),
        guest_last_read_at = guest_last_read_at - make_interval(mins => ${minutes}),
        host_last_read_at = host_last_read_at - make_interval(mins => ${minutes}),
        guest_notified_at = guest_notified_at - make_interval(mins => ${minutes}),
        host_notified_at = host_notified_at - make_interval(mins => ${minutes})
      where id = ${conversationId}::uuid`);
  };

  it('mails the recipient once after 15 minutes unread, at most hourly, never for what was read', async () => {
    await call('POST', `/api/conversations/${conversationId}/read`, host, {});
    await call('POST', `/api/conversations/${conversationId}/read`, guest, {});
    const before = mailsTo('msg-host@example.com').length;

    await send(guest, 'Are you there? <b>bold</b>');
    await run();
    expect(mailsTo('msg-host@example.com')).toHaveLength(before); // not yet 15 minutes

    await age(16);
    await run();
    const mails = mailsTo('msg-host@example.com');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('New message from Gita Guest: ' + (await call('GET', '/api/conversations', host)).json().results[0].listing.title);
    expect(mail.text).toContain(`https://pawstay.test/messages/${conversationId}`);
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(mailsTo('msg-guest@example.com')).toHaveLength(0);

    // Nothing new: no second mail, even after the hour.
    await run();
    await age(61);
    await run();
    expect(mailsTo('msg-host@example.com')).toHaveLength(before + 1);

    // A new unread message within the hour of the last mail waits for the hour.
    await send(guest, 'Second nudge');
    await t.database.db.execute(sql`update conversations set host_notified_at = now() - interval '30 minutes' where id = ${conversationId}::uuid`);
    await t.database.db.execute(sql`update messages set created_at = now() - interval '20 minutes' where body = 'Second nudge'`);
    await t.database.db.execute(sql`update conversations set last_message_at = now() - interval '20 minutes' where id = ${conversationId}::uuid`);
    await run();
    expect(mailsTo('msg-host@example.com')).toHaveLength(before + 1);
    await t.database.db.execute(sql`update conversations set host_notified_at = now() - interval '61 minutes' where id = ${conversationId}::uuid`);
    await run();
    expect(mailsTo('msg-host@example.com')).toHaveLength(before + 2);

    // A conversation that stays busy still mails once a message has waited 15 minutes.
    await call('POST', `/api/conversations/${conversationId}/read`, host, {});
    await t.database.db.execute(sql`update conversations set host_notified_at = now() - interval '2 hours' where id = ${conversationId}::uuid`);
    await send(guest, 'Waiting since a while');
    await t.database.db.execute(sql`update messages set created_at = now() - interval '16 minutes' where body = 'Waiting since a while'`);
    await send(guest, 'And one just now');
    await run();
    expect(mailsTo('msg-host@example.com')).toHaveLength(before + 3);
    expect(mailsTo('msg-host@example.com').at(-1)!.text).toContain('Waiting since a while');

    // Read messages are never mailed about.
    await send(guest, 'Read quickly');
    await call('POST', `/api/conversations/${conversationId}/read`, host, {});
    await age(120);
    await run();
    expect(mailsTo('msg-host@example.com')).toHaveLength(before + 3);
  });

  it('queues one mail when several processes run the job at the same moment', async () => {
    const before = mailsTo('msg-host@example.com').length;
    await send(guest, 'Is the balcony safe for a cat?');
    await age(120);
    await Promise.all(Array.from({ length: 8 }, () => mailUnreadMessages(t.database.db, { publicUrl: 'https://pawstay.test' })));
    await t.deliverMail();
    expect(mailsTo('msg-host@example.com')).toHaveLength(before + 1);
  });

  it('keeps the mail through a mail server that is down, and sends it once when it is back', async () => {
    const before = mailsTo('msg-host@example.com').length;
    await send(guest, 'Are dogs allowed on the sofa?');
    await age(120);
    t.failMail(true);
    try {
      await run();
    } finally {
      t.failMail(false);
    }
    expect(mailsTo('msg-host@example.com')).toHaveLength(before);
    // The outbox tries again when its retry is due; the job does not queue it a second time.
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now() where sent_at is null`);
    await run();
    await run();
    expect(mailsTo('msg-host@example.com')).toHaveLength(before + 1);
    expect(mailsTo('msg-host@example.com').at(-1)!.text).toContain('Are dogs allowed on the sofa?');
  });
});
