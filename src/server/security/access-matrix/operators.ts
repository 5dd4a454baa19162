import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rawRows } from '../../test/rows';
import { all, type Matrix, type Method, type Row } from './matrix';

// The operators' console, and users' reports to it.
export function operatorRows({ t, w, inject }: Matrix): Row[] {
  const L = w.listing.id;
  return [
    // The operators' console: nobody here is an operator, and it answers them all as a path that does not exist.
    { route: 'GET /api/ops/verifications', owner: 'public', expect: all(404) },
    ...(['GET /api/ops/verifications/{id}/id-document', 'POST /api/ops/verifications/{id}/approve', 'POST /api/ops/verifications/{id}/reject'] as const).map(
      (route): Row => ({
        route,
        owner: 'A',
        expect: all(404),
        // A's request, sent by the rows above.
        send: async (cookie) => {
          const [request] = await rawRows<{ id: string }>(t.database.db, sql`select id from host_verifications where host_id = ${w.A.id} and status = 'submitted'`);
          const [method, path] = route.split(' ') as [Method, string];
          return inject(method, path.replace('{id}', request!.id), cookie, route.endsWith('reject') ? { reason: 'A reason long enough to be taken' } : undefined);
        },
        check: async () => expect((await rawRows<{ status: string }>(t.database.db, sql`select status from host_verifications where host_id = ${w.A.id} order by created_at desc limit 1`))[0]!.status).toBe('submitted'),
      }),
    ),
    { route: 'GET /api/ops/history', owner: 'public', query: `target_type=user&target_id=${w.A.id}`, expect: all(404) },
    { route: 'GET /api/ops/users', owner: 'public', query: 'email=matrix', expect: all(404) },
    { route: 'GET /api/ops/users/{id}', owner: 'A', params: { id: w.A.id }, expect: all(404) },
    ...(['POST /api/ops/users/{id}/suspend', 'POST /api/ops/users/{id}/restore'] as const).map(
      (route): Row => ({
        route,
        owner: 'A',
        params: { id: w.A.id },
        body: () => ({ reason: 'Trying to suspend a rival host' }),
        expect: all(404),
        check: async () => expect((await rawRows<{ s: boolean }>(t.database.db, sql`select suspended_at is not null as s from users where id = ${w.A.id}`))[0]!.s).toBe(false),
      }),
    ),
    ...(['POST /api/ops/listings/{id}/hide', 'POST /api/ops/listings/{id}/restore'] as const).map(
      (route): Row => ({
        route,
        owner: 'A',
        params: { id: L },
        body: () => ({ reason: 'Trying to hide a rival listing' }),
        expect: all(404),
        check: async () => expect((await rawRows<{ listed: boolean }>(t.database.db, sql`select listed from listings where id = ${L}`))[0]!.listed).toBe(true),
      }),
    ),
    { route: 'POST /api/ops/reviews/{id}/remove', owner: 'public', params: { id: crypto.randomUUID() }, body: () => ({ reason: 'Trying to remove a review' }), expect: all(404) },
    { route: 'GET /api/ops/reports', owner: 'public', expect: all(404) },
    { route: 'POST /api/ops/reports/dismiss', owner: 'public', body: () => ({ target_type: 'listing', target_id: L }), expect: all(404) },
    { route: 'GET /api/ops/payouts', owner: 'public', expect: all(404) },
    { route: 'POST /api/ops/payouts/{id}/retry', owner: 'public', params: { id: crypto.randomUUID() }, body: () => ({ reason: 'Trying to send a payout again' }), expect: all(404) },
    { route: 'GET /api/ops/recoveries', owner: 'public', expect: all(404) },
    { route: 'POST /api/ops/recoveries/{id}/retry', owner: 'public', params: { id: crypto.randomUUID() }, body: () => ({ reason: 'Trying to take it back again' }), expect: all(404) },
    { route: 'GET /api/ops/deliveries', owner: 'public', expect: all(404) },
    { route: 'POST /api/ops/deliveries/{id}/retry', owner: 'public', params: { id: crypto.randomUUID() }, body: () => ({ reason: 'Trying to send it again' }), expect: all(404) },
    // Problems on stays: A and G's stay has none; every caller is answered as for a path that does not exist.
    { route: 'GET /api/ops/incidents', owner: 'public', expect: all(404) },
    ...(['GET /api/ops/incidents/{id}', 'POST /api/ops/incidents/{id}/notes', 'POST /api/ops/incidents/{id}/messages', 'POST /api/ops/incidents/{id}/resolve'] as const).map(
      (route): Row => ({
        route,
        owner: 'public',
        params: { id: crypto.randomUUID() },
        body: route.startsWith('POST') ? () => ({ note: 'A note', message: 'A message', resolution: 'Resolved', refund_percent: 100 }) : undefined,
        expect: all(404),
      }),
    ),
    // A report's photo, for operators only: to anyone else, a path that does not exist.
    { route: 'GET /api/ops/incidents/{id}/photos/{photoId}', owner: 'public', params: { id: crypto.randomUUID(), photoId: crypto.randomUUID() }, expect: all(404) },
    // Reports: anyone signed in, of what they can see; not of their own listing.
    { route: 'POST /api/reports', owner: 'A', body: () => ({ target_type: 'listing', target_id: L, reason: 'misleading' }), expect: { anon: 401, O: 200, A: 400, G: 200 } },
  ];
}
