import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { startPushService } from '../../test/push-service';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { MAX_SUBSCRIPTIONS } from './push';

// Web Push (issue 38): a browser subscribes with the app's VAPID key; a notice is pushed to each
// of the user's subscriptions through a local push service that checks the VAPID signature and
// decrypts the payload as the browser would; a subscription its service says is gone is deleted.

describe('Web Push', () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    service = await startPushService();
    env.PUSH_TEST_SERVICE_ORIGIN = service.origin;
  });
  afterAll(() => service.close());
  const t = useTestApp(env);
  const call = api(t);
  let host: string;
  let guest: string;
  let listingId: string;
  let n = 0;

  beforeAll(async () => {
    host = await signIn(t, 'push-host@example.com');
    listingId = (await createListing(t, host, { title: 'Courtyard home in Paldi' })).id;
    guest = await signIn(t, 'push-guest@example.com');
    await addPet(t, guest, { name: 'Bruno', size: 's' });
  });
  const request = async () => {
    n++;
    const res = await call('POST', '/api/bookings/create', guest, { listingId, fromDate: inDays(10 * n), toDate: inDays(10 * n + 2), size: 'small' });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const noQuietHours = async (cookie: string) => {
    const { topics } = (await call('GET', '/api/notifications/settings', cookie)).json();
    await call('PUT', '/api/notifications/settings', cookie, { topics, quiet: null });
  };

  it("gives browsers the app's own VAPID key, made once and kept in the database (development)", async () => {
    const res = await call('GET', '/api/push/key', host);
    expect(res.statusCode).toBe(200);
    expect(res.json().public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const [kept] = await rawRows<{ public_key: string }>(t.database.db, sql`select value->>'publicKey' as public_key from app_keys where name = 'vapid'`);
    expect(kept!.public_key).toBe(res.json().public_key);
    expect((await call('GET', '/api/push/key')).statusCode).toBe(401);
  });

  it("keeps a subscription only at a push service's address, with keys of the right shape", async () => {
    const browser = service.subscribe();
    for (const endpoint of ['https://evil.example/push/1', 'http://127.0.0.1:1/push/1', 'https://fcm.googleapis.com.evil.example/x', 'file:///etc/passwd', 'not a url']) {
      const res = await call('POST', '/api/push/subscriptions', host, { endpoint, keys: browser.keys });
      expect(res.statusCode, endpoint).toBe(400);
    }
    expect((await call('POST', '/api/push/subscriptions', host, { endpoint: browser.endpoint, keys: { p256dh: 'short', auth: browser.keys.auth } })).statusCode).toBe(400);
    expect(await rawRows(t.database.db, sql`select 1 from push_subscriptions`)).toHaveLength(0);
    expect((await call('POST', '/api/push/subscriptions', undefined, { endpoint: browser.endpoint, keys: browser.keys })).statusCode).toBe(401);
  });

  it('pushes a request to each of the host\'s browsers: signed with the VAPID key, encrypted for each, saying what and where', async () => {
    await noQuietHours(host);
    const phone = service.subscribe();
    const laptop = service.subscribe();
    for (const b of [phone, laptop]) expect((await call('POST', '/api/push/subscriptions', host, { endpoint: b.endpoint, keys: b.keys })).statusCode).toBe(204);
    expect((await call('GET', '/api/notifications/settings', host)).json().reachable).toContain('push');
    const before = service.received.length;
    await request();
    const pushes = service.received.slice(before);
    expect(pushes.map((p) => p.subscription).sort()).toEqual([phone.id, laptop.id].sort());
    const [notice] = (await call('GET', '/api/notifications', host)).json().items;
    for (const push of pushes) {
      expect(push.payload).toEqual({ title: 'New booking request from push-guest', body: expect.stringContaining('Courtyard home in Paldi'), url: expect.stringMatching(/^\/host/), tag: notice.id });
      expect(push.vapid).toEqual({ aud: service.origin, sub: 'mailto:support@pawstay.in', publicKey: (await call('GET', '/api/push/key', host)).json().public_key });
      expect([push.urgency, push.ttl]).toEqual(['normal', '86400']);
    }
    expect(service.refused).toEqual([]);
  });

  it('deletes a subscription its push service says is gone, and drops the delivery when none is left', async () => {
    const [one] = await rawRows<{ endpoint: string }>(t.database.db, sql`select endpoint from push_subscriptions`);
    // Two subscriptions; both expire at the push service.
    for (const s of await rawRows<{ endpoint: string }>(t.database.db, sql`select endpoint from push_subscriptions`)) service.expire(s.endpoint.split('/').pop()!);
    expect(one).toBeDefined();
    await request();
    expect(await rawRows(t.database.db, sql`select 1 from push_subscriptions`)).toHaveLength(0);
    const [last] = await rawRows<{ dropped: boolean; last_error: string }>(t.database.db, sql`select dropped_at is not null as dropped, last_error from notification_deliveries where channel = 'push' order by created_at desc limit 1`);
    expect(last).toEqual({ dropped: true, last_error: 'every push subscription is gone' });
    expect((await call('GET', '/api/notifications/settings', host)).json().reachable).not.toContain('push');
  });

  it("forgets a browser's subscription on its owner's word only; a browser's endpoint moves to whoever signs in there", async () => {
    const b = service.subscribe();
    await call('POST', '/api/push/subscriptions', host, { endpoint: b.endpoint, keys: b.keys });
    expect((await call('POST', '/api/push/subscriptions/remove', guest, { endpoint: b.endpoint })).statusCode).toBe(204);
    expect(await rawRows(t.database.db, sql`select 1 from push_subscriptions`)).toHaveLength(1);
    // The guest signs in on the same browser, which subscribes again: now the guest's.
    await call('POST', '/api/push/subscriptions', guest, { endpoint: b.endpoint, keys: b.keys });
    const [row] = await rawRows<{ email: string }>(t.database.db, sql`select u.email from push_subscriptions p join users u on u.id = p.user_id`);
    expect(row!.email).toBe('push-guest@example.com');
    expect((await call('POST', '/api/push/subscriptions/remove', guest, { endpoint: b.endpoint })).statusCode).toBe(204);
    expect(await rawRows(t.database.db, sql`select 1 from push_subscriptions`)).toHaveLength(0);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS} browsers a user: a flood of subscriptions only replaces the oldest`, async () => {
    for (let i = 0; i < MAX_SUBSCRIPTIONS + 5; i++) {
      const b = service.subscribe();
      await call('POST', '/api/push/subscriptions', host, { endpoint: b.endpoint, keys: b.keys });
    }
    expect(await rawRows(t.database.db, sql`select 1 from push_subscriptions`)).toHaveLength(MAX_SUBSCRIPTIONS);
  });
});
