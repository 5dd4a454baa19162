import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { apiEndpoints } from '../../domain/contracts';
import { type Actor, ACTORS, buildWorld, forbiddenFor } from './access-world';
import { accountRows } from './access-matrix/accounts';
import { bookingRows } from './access-matrix/bookings';
import { favoriteRows } from './access-matrix/favorites';
import { hostAccountRows } from './access-matrix/host-account';
import { listingRows } from './access-matrix/listings';
import { type Matrix, matrixOf, type Method, type Row } from './access-matrix/matrix';
import { meetRows } from './access-matrix/meets';
import { messageRows } from './access-matrix/messages';
import { notificationRows } from './access-matrix/notifications';
import { operatorRows } from './access-matrix/operators';
import { paymentRows } from './access-matrix/payments';
import { petRows } from './access-matrix/pets';
import { reviewRows } from './access-matrix/reviews';
import { stayRows } from './access-matrix/stays';


// Issue 8, "Access matrix": every endpoint of the OpenAPI document × every kind of caller, with
// the answer each must get (PRODUCT.md section 3: users read and change only their own pets,
// bookings, listings, profile and conversations; a host sees the bookings of their own listings;
// the client's word for an id is never trusted).
//
// The callers: signed out (anon); O, signed in, with a listing and a pet of their own but nothing
// to do with A or G; A, the host of the listing and owner of it, its photos and its calendar; G,
// the guest of the bookings and owner of the pets, the favorite and, with A, the conversation.
// Someone else's resource is a 404, exactly as a missing one, so ids cannot be probed; a private
// route signed out is a 401.
//
// Rows run in the order written, and within a row the refused callers go first: a refused request
// must leave the resource as it was for the allowed caller that follows (an accept refused to O
// and G still finds the request waiting for A). Every answer to a caller is also searched for the
// strings that caller must never see (other people's e-mail addresses, pets, bookings, messages,
// paused listing), so a 200 that leaks is caught as well as a wrong status. The rows are in
// access-matrix/, one file an area, run in the order listed here.

const t = useTestApp();
let m: Matrix;
let rows: Row[];

const cookieOf = (actor: Actor) => (actor === 'anon' ? undefined : m.w[actor].cookie);

function urlOf(row: Row): string {
  const path = row.route.slice(row.route.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = row.params?.[name];
    if (!value) throw new Error(`${row.route}: no value for {${name}}`);
    return value;
  });
  return row.query ? `${path}?${row.query}` : path;
}

beforeAll(async () => {
  const w = await buildWorld(t);
  m = matrixOf(t, w, await t.app.listen({ port: 0, host: '127.0.0.1' }));
  rows = [accountRows, listingRows, bookingRows, hostAccountRows, operatorRows, paymentRows, reviewRows, petRows, favoriteRows, messageRows, notificationRows, stayRows, meetRows].flatMap((area) => area(m));
});

describe('access matrix', () => {
  it('has a row for every endpoint of the OpenAPI document, and none for a route that is gone', async () => {
    const doc = (await m.inject('GET', '/api/openapi.json', undefined)).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    // The operators' routes are left out of the public document (decision 032): the contracts name them.
    documented.push(...Object.keys(apiEndpoints).filter((key) => key.includes(' /api/ops/')).map((key) => key.replace(/:(\w+)/g, '{$1}')));
    const inTable = new Set<string>(rows.map((r) => r.route));
    expect(documented.filter((route) => !inTable.has(route)), 'documented routes missing from the access matrix').toEqual([]);
    expect([...inTable].filter((route) => !documented.includes(route)), 'rows for routes the API no longer has').toEqual([]);
  });

  it('answers every caller of every endpoint as the table says, and shows nobody what is not theirs', async () => {
    const failures: string[] = [];
    const grid: string[] = [];
    for (const row of rows) {
      // Refused callers first: what they tried must not change what the allowed caller finds.
      const order = [...ACTORS].sort((x, y) => Number(row.expect[x] < 400) - Number(row.expect[y] < 400));
      const got: Partial<Record<Actor, number>> = {};
      for (const actor of order) {
        const label = `${row.route}${row.variant ? ` (${row.variant})` : ''} as ${actor}`;
        const cookie = cookieOf(actor);
        const [method] = row.route.split(' ') as [Method];
        const res = row.send ? await row.send(cookie, actor) : await m.inject(method, urlOf(row), cookie, row.body?.(actor));
        got[actor] = res.statusCode;
        if (res.statusCode !== row.expect[actor]) {
          failures.push(`${label}: expected ${row.expect[actor]}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        for (const secret of forbiddenFor(m.w, actor)) {
          if (res.body.includes(secret)) failures.push(`${label}: the answer shows ${JSON.stringify(secret)}`);
        }
        try {
          await row.check?.(actor, res);
        } catch (err) {
          failures.push(`${label}: ${(err as Error).message}`);
        }
      }
      grid.push(`| ${row.route}${row.variant ? ` (${row.variant})` : ''} | ${row.owner} | ${ACTORS.map((a) => got[a]).join(' | ')} |`);
    }
    if (process.env.ACCESS_MATRIX_PRINT) console.log(['| route | owner | anon | O | A (host) | G (guest) |', '|---|---|---|---|---|---|', ...grid].join('\n'));
    expect(failures).toEqual([]);
  });
});
