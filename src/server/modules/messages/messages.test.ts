import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createListing } from '../../test/listings';
import { addPet, api, inDays } from '../bookings/test-support';
import { mailUnreadMessages } from './unread-mail';
import { openConversation } from './test-support';

// Messages (issue 7): one conversation per booking, only its two participants, unread counts,
// and the e-mail about unread messages (stream.test.ts has the live stream).

const t = useTestApp();
const call = api(t);

let guest: string, host: string, stranger: string, bookingId: string, conversationId: string;
beforeAll(async () => {
  ({ guest, host, stranger, bookingId, conversationId } = await openConversation(t));
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

  it("tells the recipient in the app too, once per conversation, without the message's words, read when they open it", async () => {
    await call('POST', `/api/conversations/${conversationId}/read`, host, {});
    const notices = async () => (await call('GET', '/api/notifications', host)).json().items.filter((i: { kind: string }) => i.kind === 'new_messages');
    const unreadNotices = async () => (await notices()).filter((i: { read: boolean }) => !i.read);
    await send(guest, 'My private gate code is 4821');
    await age(120);
    await run();
    await send(guest, 'And the spare key is under the pot');
    await age(120);
    await run();
    const told = await unreadNotices();
    expect(told).toHaveLength(1);
    // Two digests, one message each: one notice of two messages.
    expect(told[0].params).toEqual({ conversation_id: conversationId, name: 'Gita Guest', role: 'host', listing_title: expect.any(String), count: 2 });
    expect(JSON.stringify(await notices())).not.toMatch(/gate code|spare key/);
    await call('POST', `/api/conversations/${conversationId}/read`, host, {});
    expect(await unreadNotices()).toEqual([]);
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
