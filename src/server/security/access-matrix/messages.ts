import { expect } from 'vitest';
import { signedIn, both, ids, type Matrix, type Row } from './matrix';

export function messageRows({ w, baseUrl, inject }: Matrix): Row[] {
  const C = w.conversationId;
  return [
    // Messages: the accepted booking's conversation, between G and A.
    { route: 'POST /api/conversations', owner: 'A+G', body: () => ({ bookingId: w.bookings.accepted }), expect: both(200), check: (a, res) => a !== 'O' && a !== 'anon' && expect(res.json().id).toBe(C) },
    {
      route: 'GET /api/conversations',
      owner: 'self',
      expect: signedIn(200),
      check: (a, res) => a !== 'anon' && expect(ids(res.json().results).includes(C)).toBe(a !== 'O'),
    },
    { route: 'GET /api/conversations/{id}', owner: 'A+G', params: { id: C }, expect: both(200) },
    { route: 'GET /api/conversations/unread', owner: 'self', expect: signedIn(200) },
    {
      route: 'GET /api/conversations/stream',
      owner: 'self',
      expect: signedIn(200),
      // A live stream never ends: over real HTTP, and dropped once its answer has started.
      send: async (cookie) => {
        if (!cookie) return inject('GET', '/api/conversations/stream', undefined);
        const controller = new AbortController();
        const res = await fetch(`${baseUrl}/api/conversations/stream`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
        controller.abort();
        return { statusCode: res.status, body: '', json: () => null };
      },
    },
    {
      route: 'GET /api/conversations/{id}/messages',
      owner: 'A+G',
      params: { id: C },
      expect: both(200),
      check: (a, res) => a !== 'O' && a !== 'anon' && expect(res.json().results.map((m: { body: string }) => m.body)).toContain(w.message),
    },
    { route: 'POST /api/conversations/{id}/messages', owner: 'A+G', params: { id: C }, body: (a) => ({ body: `Hello from ${a}` }), expect: both(201) },
    { route: 'POST /api/conversations/{id}/read', owner: 'A+G', params: { id: C }, body: () => ({}), expect: both(204) },
  ];
}
