import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PAGE_SIZE } from '../../../domain/contracts/notification';
import { DEFAULT_TOPIC_CHANNELS } from '../../../domain/notifications/routing';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays, userIdOf } from '../bookings/test-support';
import { OUTBOX_POLICY } from '../../mail/outbox';
import { setOperator } from '../ops';
import { notify } from './service';

// The in-app notices and each user's channels (issue 38): every route is the caller's own; a
// change's notice is stored with it and mailed only when the user keeps e-mail for its topic.

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('/api/notifications', () => {
  const t = useTestApp();
  const call = api(t);
  let host: string;
  let guest: string;
  let hostId: string;
  let listingId: string;
  let n = 0;

  beforeAll(async () => {
    host = await signIn(t, 'nt-host@example.com');
    await call('PATCH', '/api/me', host, { name: 'Rohan Patel' });
    listingId = (await createListing(t, host, { title: 'Courtyard home in Paldi' })).id;
    guest = await signIn(t, 'nt-guest@example.com');
    await call('PATCH', '/api/me', guest, { name: 'Aditi Sharma' });
    await addPet(t, guest, { name: 'Bruno', size: 's' });
    hostId = await userIdOf(t, host);
  });

  /** The guest asks for a new stay (each one days later than the last); answers its id. */
  async function request(): Promise<string> {
    n++;
    const res = await call('POST', '/api/bookings/create', guest, { listingId, fromDate: inDays(10 * n), toDate: inDays(10 * n + 2), size: 'small' });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id;
  }
  const list = async (cookie: string, before?: string) => (await call('GET', `/api/notifications${before ? `?before=${before}` : ''}`, cookie)).json();
  const unread = async (cookie: string): Promise<number> => (await call('GET', '/api/notifications/unread', cookie)).json().unread;
  const mailsAbout = async (bookingId: string) =>
    rawRows<{ to_address: string; notification_id: string | null }>(t.database.db, sql`select to_address, notification_id from mail_outbox where about = ${`booking ${bookingId}`}`);

  it('needs a session for every route, before looking at the id', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', `/api/notifications/${UNKNOWN}/read`],
      ['POST', '/api/notifications/not-a-uuid/read'],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/settings'],
      ['PUT', '/api/notifications/settings'],
    ] as const) {
      expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("tells the host of a request in the app and by e-mail, in the request's transaction, and the guest nothing", async () => {
    const [hostBefore, guestBefore] = [await unread(host), await unread(guest)];
    const bookingId = await request();
    expect(await unread(host)).toBe(hostBefore + 1);
    expect(await unread(guest)).toBe(guestBefore);
    const { items } = await list(host);
    expect(items[0]).toMatchObject({
      kind: 'request_received',
      read: false,
      params: { booking_id: bookingId, listing_title: 'Courtyard home in Paldi', name: 'Aditi Sharma', start_date: inDays(10 * n), end_date: inDays(10 * n + 2), role: 'host' },
    });
    // Its e-mail names the notice it delivers.
    expect(await mailsAbout(bookingId)).toEqual([{ to_address: 'nt-host@example.com', notification_id: items[0].id }]);
  });

  it('marks one read, only for its owner; a stranger learns nothing of it', async () => {
    await request();
    const id: string = (await list(host)).items[0].id;
    const before = await unread(host);
    expect((await call('POST', `/api/notifications/${id}/read`, guest)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${UNKNOWN}/read`, host)).statusCode).toBe(404);
    expect((await call('POST', '/api/notifications/nope/read', host)).statusCode).toBe(400);
    expect(await unread(host)).toBe(before);
    expect((await call('POST', `/api/notifications/${id}/read`, host)).statusCode).toBe(204);
    expect(await unread(host)).toBe(before - 1);
    expect((await list(host)).items[0]).toMatchObject({ id, read: true });
    // Again: still read, still 204.
    expect((await call('POST', `/api/notifications/${id}/read`, host)).statusCode).toBe(204);
  });

  it("marks all of the caller's read, and no one else's", async () => {
    await request();
    await notify(t.database.db, { userId: await userIdOf(t, guest), kind: 'request_declined', params: { listing_title: 'Courtyard home in Paldi' } });
    const guestUnread = await unread(guest);
    expect(guestUnread).toBeGreaterThan(0);
    expect((await call('POST', '/api/notifications/read-all', host)).statusCode).toBe(204);
    expect(await unread(host)).toBe(0);
    expect((await list(host)).items.every((i: { read: boolean }) => i.read)).toBe(true);
    expect(await unread(guest)).toBe(guestUnread);
  });

  it("pages newest first, 20 at a time, and a page after someone else's notice is empty", async () => {
    const user = await signIn(t, 'nt-pages@example.com');
    const userId = await userIdOf(t, user);
    for (let i = 1; i <= NOTIFICATION_PAGE_SIZE + 3; i++) {
      await notify(t.database.db, { userId, kind: 'new_messages', params: { count: i, listing_title: 'Paldi' } });
    }
    const first = await list(user);
    expect(first.items).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(first.unread).toBe(NOTIFICATION_PAGE_SIZE + 3);
    expect(first.items[0].params.count).toBe(NOTIFICATION_PAGE_SIZE + 3);
    const second = await list(user, first.next);
    expect(second.items.map((i: { params: { count: number } }) => i.params.count)).toEqual([3, 2, 1]);
    expect(second.next).toBeNull();
    // A cursor only says where to start: made up, it still reaches the caller's own notices alone.
    const madeUp = await list(host, `${Date.now() * 1000 + 60_000_000}_${UNKNOWN}`);
    expect(madeUp.items.length).toBeGreaterThan(0);
    expect(madeUp.items.some((i: { kind: string }) => i.kind === 'new_messages')).toBe(false);
    for (const bad of ['1', UNKNOWN, `x_${UNKNOWN}`, '123_nope', `${'9'.repeat(18)}_${UNKNOWN}`]) {
      expect((await call('GET', `/api/notifications?before=${encodeURIComponent(bad)}`, user)).statusCode, bad).toBe(400);
    }
  });

  it('keeps its place when the last notice of a page is told again meanwhile', async () => {
    const user = await signIn(t, 'nt-moving@example.com');
    const userId = await userIdOf(t, user);
    for (let i = 1; i <= NOTIFICATION_PAGE_SIZE + 5; i++) {
      await notify(t.database.db, { userId, kind: 'new_messages', params: { count: 1, name: `n${i}` }, collapseKey: `conversation c${i}` });
    }
    const first = await list(user);
    const lastOfPage = first.items.at(-1);
    // Told again: it moves to the top.
    await notify(t.database.db, { userId, kind: 'new_messages', params: { count: 1, name: lastOfPage.params.name }, collapseKey: `conversation c${6}` });
    const second = await list(user, first.next);
    const seen = new Set(first.items.map((i: { id: string }) => i.id));
    expect(second.items.filter((i: { id: string }) => seen.has(i.id))).toEqual([]);
    expect(second.items.map((i: { params: { name: string } }) => i.params.name)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
  });

  it('says an unread thing once: told again, it takes the new facts and moves up; once read, it is new again', async () => {
    const user = await signIn(t, 'nt-collapse@example.com');
    const userId = await userIdOf(t, user);
    const tell = (count: number) => notify(t.database.db, { userId, kind: 'new_messages', params: { count }, collapseKey: 'conversation c1' });
    const first = await tell(1);
    await notify(t.database.db, { userId, kind: 'payout_paid', params: {} });
    expect(await tell(3)).toBe(first);
    const { items } = await list(user);
    // The counts add up: one unread message, then three more.
    expect(items.map((i: { kind: string; params: { count?: number } }) => [i.kind, i.params.count])).toEqual([
      ['new_messages', 4],
      ['payout_paid', undefined],
    ]);
    await call('POST', `/api/notifications/${first}/read`, user);
    expect(await tell(1)).not.toBe(first);
    expect(await unread(user)).toBe(2);
  });

  it('tells a suspended user nothing but receipts of their money, and stores nothing when the change rolls back', async () => {
    const user = await signIn(t, 'nt-suspended@example.com');
    const userId = await userIdOf(t, user);
    await t.database.db.transaction(async (tx) => {
      await notify(tx, { userId, kind: 'payout_paid', params: {}, mail: () => ({ to: 'nt-suspended@example.com', subject: 'x', text: 'x', html: 'x' }) });
      tx.rollback();
    }).catch(() => {});
    await t.database.db.execute(sql`update users set suspended_at = now() where id = ${userId}`);
    expect(await notify(t.database.db, { userId, kind: 'request_declined', params: {}, mail: () => ({ to: 'nt-suspended@example.com', subject: 'x', text: 'x', html: 'x' }) })).toBeUndefined();
    const counts = async () =>
      (await rawRows<{ notices: number; mails: number }>(t.database.db, sql`
        select (select count(*) from notifications where user_id = ${userId})::int as notices, (select count(*) from mail_outbox where to_address = 'nt-suspended@example.com')::int as mails
      `))[0];
    expect(await counts()).toEqual({ notices: 0, mails: 0 });
    // A refund the suspension made is still theirs to know of.
    expect(await notify(t.database.db, { userId, kind: 'refund_processed', params: {}, mail: () => ({ to: 'nt-suspended@example.com', subject: 'Refund', text: 'x', html: 'x' }) })).toBeDefined();
    expect(await counts()).toEqual({ notices: 1, mails: 1 });
  });
});

describe('/api/notifications/settings', () => {
  const t = useTestApp();
  const call = api(t);

  it('answers the defaults until the user saves their own, and e-mail as the one channel they can be reached on', async () => {
    const user = await signIn(t, 'ns-defaults@example.com');
    const res = await call('GET', '/api/notifications/settings', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ topics: DEFAULT_TOPIC_CHANNELS, quiet: { start: 1320, end: 420 }, reachable: ['email'] });
  });

  it('saves channels per topic and quiet hours, and a request then reaches the host only as chosen', async () => {
    const host = await signIn(t, 'ns-host@example.com');
    const chosen = { topics: { ...DEFAULT_TOPIC_CHANNELS, requests: ['whatsapp', 'push'], messages: [] }, quiet: null };
    expect((await call('PUT', '/api/notifications/settings', host, chosen)).statusCode).toBe(204);
    expect((await call('GET', '/api/notifications/settings', host)).json()).toEqual({
      topics: { ...chosen.topics, requests: ['push', 'whatsapp'] },
      quiet: null,
      reachable: ['email'],
    });
    const listing = await createListing(t, host, { title: 'Quiet flat in Navrangpura' });
    const guest = await signIn(t, 'ns-guest@example.com');
    await addPet(t, guest, { name: 'Misty', size: 's', type: 'cat' });
    const created = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(5), toDate: inDays(7), size: 'small' });
    expect(created.statusCode).toBe(201);
    const bookingId: string = created.json().id;
    // In the app always; no e-mail, which the host turned off for requests.
    expect((await call('GET', '/api/notifications', host)).json().items[0]).toMatchObject({ kind: 'request_received', params: { booking_id: bookingId } });
    const mails = await rawRows(t.database.db, sql`select 1 from mail_outbox where about = ${`booking ${bookingId}`}`);
    expect(mails).toEqual([]);
  });

  it('refuses what is not a choice, and changes nothing', async () => {
    const user = await signIn(t, 'ns-bad@example.com');
    const good = { topics: DEFAULT_TOPIC_CHANNELS, quiet: { start: 1380, end: 360 } };
    expect((await call('PUT', '/api/notifications/settings', user, good)).statusCode).toBe(204);
    for (const [body, message] of [
      [{ ...good, topics: { ...good.topics, requests: ['pigeon'] } }, 'Choose e-mail, push, WhatsApp or SMS'],
      [{ ...good, topics: { ...good.topics, gossip: ['email'] } }, undefined],
      [{ topics: { requests: ['email'] }, quiet: null }, undefined],
      [{ ...good, quiet: { start: 600, end: 600 } }, 'Quiet hours must start and end at different times'],
      [{ ...good, quiet: { start: -1, end: 600 } }, 'Choose a time'],
      [{ ...good, quiet: { start: 1440, end: 600 } }, 'Choose a time'],
      [{ ...good, topics: { ...good.topics, requests: new Array(5).fill('email') } }, undefined],
      [{ topics: good.topics }, undefined],
    ] as const) {
      const res = await call('PUT', '/api/notifications/settings', user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
    expect((await call('GET', '/api/notifications/settings', user)).json()).toMatchObject(good);
  });
});

describe("a notice's e-mail, unsubscribed in one click", () => {
  const t = useTestApp();
  const call = api(t);

  it("carries List-Unsubscribe but on what must be answered in time; the mail program's POST turns e-mail off for that topic only, without a session", async () => {
    const host = await signIn(t, 'nu-host@example.com');
    const hostId = await userIdOf(t, host);
    const listing = await createListing(t, host, { title: 'Terrace home in Bopal' });
    const guest = await signIn(t, 'nu-guest@example.com');
    await addPet(t, guest, { name: 'Coco', size: 's' });
    const res = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(5), toDate: inDays(7), size: 'small' });
    expect(res.statusCode).toBe(201);
    // A booking request must be answered within 24 hours: no one-click button one tap from losing it.
    expect(t.mail.findLast((m) => m.to === 'nu-host@example.com')!.unsubscribePath).toBeUndefined();

    const payout = (subject: string) => notify(t.database.db, { userId: hostId, kind: 'payout_paid', params: {}, mail: () => ({ to: 'nu-host@example.com', subject, text: 'x', html: 'x' }) });
    const noticeId = (await payout('Payout one'))!;
    await t.deliverMail();
    const mail = t.mail.findLast((m) => m.subject === 'Payout one')!;
    expect(mail.unsubscribePath).toBe(`/api/notifications/unsubscribe?n=${noticeId}`);

    const oneClick = (url: string, multipart = false) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': multipart ? 'multipart/form-data; boundary=b' : 'application/x-www-form-urlencoded' },
        payload: multipart ? '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n' : 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick('/api/notifications/unsubscribe?n=nope')).statusCode).toBe(400);
    expect((await oneClick(`/api/notifications/unsubscribe?n=${UNKNOWN}`)).statusCode).toBe(404);
    const answer = await oneClick(mail.unsubscribePath!, true);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ topic: 'payouts', unsubscribed: true });
    // Again, the other way a mail program posts: the same answer, nothing else changed.
    expect((await oneClick(mail.unsubscribePath!)).statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/settings', host)).json().topics).toEqual({ ...DEFAULT_TOPIC_CHANNELS, payouts: ['push'] });

    await payout('Payout two');
    await t.deliverMail();
    expect(t.mail.filter((m) => m.subject === 'Payout two')).toEqual([]);
    expect((await call('GET', '/api/notifications', host)).json().items[0].kind).toBe('payout_paid');
  });
});

describe('messages given up, for operators', () => {
  const t = useTestApp({}, { deliverMailOnInject: false });
  const call = api(t);

  it('lists a notice whose e-mail failed every attempt, sends it again on an operator\'s word, and records who asked', async () => {
    const ops = await signIn(t, 'nd-ops@example.com');
    await setOperator(t.database.db, 'nd-ops@example.com', true);
    const user = await signIn(t, 'nd-user@example.com');
    const userId = await userIdOf(t, user);
    await t.deliverMail();
    await notify(t.database.db, { userId, kind: 'payout_paid', params: {}, mail: () => ({ to: 'nd-user@example.com', subject: 'Payout sent', text: 'x', html: 'x' }), about: 'payout p1' });
    t.failMail(true);
    // Every attempt but the last fails; each retry is made due at once, as the schedule would after its wait.
    for (let i = 0; i < OUTBOX_POLICY.maxAttempts - 1; i++) {
      await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now() where sent_at is null`);
      await t.deliverMail();
    }
    // A sender at its last attempt (leased, not failed yet): not given up, so no one sends it twice.
    await t.database.db.execute(sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '15 minutes' where sent_at is null`);
    expect((await call('GET', '/api/ops/deliveries', ops)).json().results).toEqual([]);
    await t.database.db.execute(sql`update mail_outbox set attempts = attempts - 1, next_attempt_at = now() where sent_at is null`);
    await t.deliverMail();
    expect((await call('GET', '/api/ops/deliveries', user)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/ops/deliveries', ops)).json().results;
    expect(listed).toEqual([
      { id: expect.any(String), channel: 'email', to: 'nd-user@example.com', subject: 'Payout sent', about: 'payout p1', attempts: OUTBOX_POLICY.maxAttempts, last_error: 'mail server unreachable', since: expect.any(String) },
    ]);
    t.failMail(false);
    const id = listed[0].id;
    expect((await call('POST', `/api/ops/deliveries/${id}/retry`, user, { reason: 'The mail server is back up' })).statusCode).toBe(404);
    expect((await call('POST', `/api/ops/deliveries/${id}/retry`, ops, { reason: 'short' })).statusCode).toBe(400);
    expect((await call('POST', `/api/ops/deliveries/${id}/retry`, ops, { reason: 'The mail server is back up' })).json()).toEqual({ id, retried: true });
    // Once queued again it is no longer given up: a second retry finds nothing.
    expect((await call('POST', `/api/ops/deliveries/${id}/retry`, ops, { reason: 'The mail server is back up' })).statusCode).toBe(404);
    await t.deliverMail();
    expect(t.mail.filter((m) => m.subject === 'Payout sent')).toHaveLength(1);
    expect((await call('GET', '/api/ops/deliveries', ops)).json().results).toEqual([]);
    const history = (await call('GET', `/api/ops/history?target_type=delivery&target_id=${id}`, ops)).json().results;
    expect(history.map((h: { action: string; reason: string }) => [h.action, h.reason])).toEqual([['retry_delivery', 'The mail server is back up']]);
  });
});
