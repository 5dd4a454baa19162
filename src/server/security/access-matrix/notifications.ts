import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFAULT_TOPIC_CHANNELS } from '../../../domain/notifications/routing';
import { rawRows } from '../../test/rows';
import { all, signedIn, type Matrix, type Row } from './matrix';

export function notificationRows({ t, w, inject, idOf }: Matrix): Row[] {
  /** A's notices (the requests G made of A's listing), stored. */
  const noticesOfA = () => rawRows<{ id: string; read: boolean }>(t.database.db, sql`select id, read_at is not null as read from notifications where user_id = ${w.A.id} order by last_at, id`);
  return [
    // Notices: each caller's own, by the session alone.
    {
      route: 'GET /api/notifications',
      owner: 'self',
      expect: signedIn(200),
      // A's requests were told to A alone.
      check: (a, res) => a !== 'anon' && expect(res.json().items.some((i: { kind: string }) => i.kind === 'request_received')).toBe(a === 'A'),
    },
    { route: 'GET /api/notifications/unread', owner: 'self', expect: signedIn(200) },
    {
      route: 'POST /api/notifications/{id}/read',
      owner: 'A',
      expect: { anon: 401, O: 404, G: 404, A: 204 },
      send: async (cookie) => inject('POST', `/api/notifications/${(await noticesOfA())[0]!.id}/read`, cookie),
      // Refused callers go first: only A's own press marks it.
      check: async (a) => expect((await noticesOfA())[0]!.read).toBe(a === 'A'),
    },
    {
      route: 'POST /api/notifications/read-all',
      owner: 'self',
      expect: signedIn(204),
      check: async (a) => {
        if (a === 'anon') return;
        const [row] = await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from notifications where user_id = ${idOf(a)!} and read_at is null`);
        expect(row!.n).toBe(0);
      },
    },
    { route: 'GET /api/notifications/settings', owner: 'self', expect: signedIn(200) },
    // The one-click unsubscribe: no session; the link's id is the key, and an unknown one is no one's.
    { route: 'POST /api/notifications/unsubscribe', owner: 'public', query: `n=${crypto.randomUUID()}`, expect: all(404) },
    // Web Push: the key and each caller's own subscriptions, by the session alone. The matrix's app
    // knows no local push service, so any endpoint is refused as not a push service's.
    { route: 'GET /api/push/key', owner: 'self', expect: signedIn(200) },
    {
      route: 'POST /api/push/subscriptions',
      owner: 'self',
      body: () => ({ endpoint: 'https://push.example.invalid/send/1', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
      expect: signedIn(400),
    },
    { route: 'POST /api/push/subscriptions/remove', owner: 'self', body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/none' }), expect: signedIn(204) },
    // The SMS provider's forward of replies: only at the address holding SMS_INBOUND_TOKEN (unset here: none).
    { route: 'POST /api/sms/inbound', owner: 'public', query: 'token=guess-the-token-123', body: () => ({ sender: '919825000002', message: 'STOP' }), expect: all(404) },
    { route: 'PUT /api/notifications/settings', owner: 'self', body: () => ({ topics: DEFAULT_TOPIC_CHANNELS, quiet: null }), expect: signedIn(204) },
  ];
}
