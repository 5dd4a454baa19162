import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { createListing } from '../test/listings';
import { rawRows } from '../test/rows';
import { addPet, api, inDays, userIdOf } from '../modules/bookings/test-support';
import { setOperator } from '../modules/ops';
import { withTransactionCheck } from '../db/transaction-check';
import { holdLiveSession } from './queries';
import { deleteSession } from './sessions';

// Issue 34, hole 1: a state-changing request is judged on its session as it is when its writes
// are made (decision 037). A request whose body is still arriving when an operator suspends its
// account, or when its session signs out elsewhere, changes nothing once the body is complete;
// a write already judged holds the sign-out or the suspension back until it has committed.

type Answer = { status: number; body: string };

/**
 * Sends `body` over a real connection in two halves, calling `between` once the first half is
 * out: the request is on its way (its session already read) while `between` runs.
 */
function slowRequest(port: number, method: string, path: string, cookie: string, body: unknown, between: () => Promise<void>): Promise<Answer> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: { cookie, connection: 'close', 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } },
      (res) => {
        let answer = '';
        res.on('data', (chunk) => (answer += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: answer }));
      },
    );
    req.on('error', reject);
    const cut = Math.floor(text.length / 2);
    req.write(text.slice(0, cut));
    // Long enough for the server to have read the headers and the session: the request has begun.
    setTimeout(() => {
      between().then(() => req.end(text.slice(cut)), reject);
    }, 150);
  });
}

describe('a state-changing request is judged on its session when it writes', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;

  async function person(prefix: string) {
    const email = `${prefix}${++n}@example.com`;
    const cookie = await signIn(t, email);
    return { email, cookie, id: await userIdOf(t, cookie) };
  }

  async function listen(): Promise<number> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  it('refuses the writes of a suspended account whose bodies were still arriving, and changes nothing', async () => {
    const port = await listen();
    const ops = await person('standing-ops');
    await setOperator(t.database.db, ops.email, true);
    const host = await person('standing-host');
    const listing = await createListing(t, host.cookie);
    const other = await createListing(t, host.cookie, { title: 'A second home for the suspended guest' });
    const guest = await person('standing-guest');
    const pet = await addPet(t, guest.cookie, { name: 'Bruno', size: 's' });
    const requested = await call('POST', '/api/bookings/create', guest.cookie, { listingId: listing.id, fromDate: inDays(20), toDate: inDays(22), size: 'small' });
    expect(requested.statusCode).toBe(201);
    const conversation = (await call('POST', '/api/conversations', guest.cookie, { bookingId: requested.json().id })).json().id as string;

    // Each write begins, the account is suspended, then its body arrives.
    let suspension: Promise<void> | undefined;
    const suspend = () =>
      (suspension ??= call('POST', `/api/ops/users/${guest.id}/suspend`, ops.cookie, { reason: 'Suspended while requests were on their way' }).then((res) => {
        expect(res.statusCode).toBe(200);
      }));
    const writes: [string, string, unknown][] = [
      ['POST', `/api/conversations/${conversation}/messages`, { body: 'Sent as the suspension landed' }],
      ['PATCH', '/api/me', { name: 'Renamed After Suspension' }],
      ['PATCH', `/api/pets/${pet.id}`, { name: 'Renamed pet' }],
      ['POST', '/api/bookings/create', { listingId: other.id, fromDate: inDays(40), toDate: inDays(42), size: 'small' }],
      ['POST', '/api/listings', { title: 'A listing made after the suspension', description: 'x'.repeat(60), address: '3, Aalap Society, Vastrapur, Ahmedabad', city: 'Ahmedabad', state: 'Gujarat', nightly_price_inr: 1200, lat: 23.03, lng: 72.52, size_supported: ['small'] }],
    ];
    // All at once: every body is on its way when the suspension commits.
    const started = writes.map(([method, path, body]) => slowRequest(port, method, path, guest.cookie, body, suspend));
    const answers = await Promise.all(started);
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, `${writes[i]![0]} ${writes[i]![1]}: ${answer.body}`).toBe(401);
      expect(JSON.parse(answer.body).error.code).toBe('unauthorized');
    }
    // A favourite, sent the same way on its own (PUT with no body would not be slow).
    const favourite = await slowRequest(port, 'PUT', `/api/favorites/${other.id}`, guest.cookie, {}, async () => {});
    expect(favourite.status).toBe(401);

    const messages = await rawRows<{ body: string }>(t.database.db, sql`select body from messages where conversation_id = ${conversation} and sender_id = ${guest.id}`);
    expect(messages).toEqual([]);
    const [user] = await rawRows<{ name: string }>(t.database.db, sql`select name from users where id = ${guest.id}`);
    expect(user!.name).not.toBe('Renamed After Suspension');
    const [petRow] = await rawRows<{ name: string }>(t.database.db, sql`select name from pets where id = ${pet.id}`);
    expect(petRow!.name).toBe('Bruno');
    expect(await rawRows(t.database.db, sql`select 1 from bookings where owner_id = ${guest.id} and listing_id = ${other.id}`)).toEqual([]);
    expect(await rawRows(t.database.db, sql`select 1 from listings where host_id = ${guest.id}`)).toEqual([]);
    expect(await rawRows(t.database.db, sql`select 1 from favorites where user_id = ${guest.id}`)).toEqual([]);
  });

  it('refuses a slow write whose session signed out meanwhile, and takes the same write on a live session', async () => {
    const port = await listen();
    const me = await person('standing-me');
    const other = await signIn(t, me.email);
    const signOut = async () => {
      expect((await call('POST', '/api/auth/sign-out', me.cookie)).statusCode).toBe(200);
    };
    const refused = await slowRequest(port, 'PATCH', '/api/me', me.cookie, { name: 'Written after sign-out' }, signOut);
    expect(refused.status).toBe(401);
    const taken = await slowRequest(port, 'PATCH', '/api/me', other, { name: 'Written on a live session' }, async () => {});
    expect(taken.status, taken.body).toBe(200);
    const [user] = await rawRows<{ name: string }>(t.database.db, sql`select name from users where id = ${me.id}`);
    expect(user!.name).toBe('Written on a live session');
  });

  it('holds a sign-out back until a write already judged on the session has committed', async () => {
    const me = await person('standing-hold');
    const [session] = await rawRows<{ id: string }>(t.database.db, sql`select id from sessions where user_id = ${me.id}`);
    const sessionId = session!.id;
    const check = async (query: Parameters<typeof holdLiveSession>[0]) => {
      if (!(await holdLiveSession(query, sessionId))) throw new Error('session ended');
    };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    let judged!: () => void;
    const wasJudged = new Promise<void>((r) => (judged = r));
    const write = withTransactionCheck(check, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update users set name = 'Written while judged' where id = ${me.id}`);
        judged();
        await gate;
        order.push('write committed');
      }),
    );
    await wasJudged;
    const signedOut = deleteSession(t.database.db, sessionId).then(() => order.push('session ended'));
    await new Promise((r) => setTimeout(r, 300));
    expect(order).toEqual([]);
    release();
    await Promise.all([write, signedOut]);
    expect(order).toEqual(['write committed', 'session ended']);
    const [user] = await rawRows<{ name: string }>(t.database.db, sql`select name from users where id = ${me.id}`);
    expect(user!.name).toBe('Written while judged');
    // And a write after it is refused, statement or transaction.
    // (Drizzle's queries run when awaited: inside the context, as a handler's are.)
    await expect(withTransactionCheck(check, async () => await t.database.db.execute(sql`update users set name = 'Too late' where id = ${me.id}`))).rejects.toMatchObject({ cause: { message: 'session ended' } });
    await expect(withTransactionCheck(check, () => t.database.db.transaction(async (tx) => await tx.execute(sql`select 1`)))).rejects.toMatchObject({ cause: { message: 'session ended' } });
    // A lone read writes nothing to judge; one that locks rows, or acts, is judged.
    await expect(withTransactionCheck(check, async () => await t.database.db.execute(sql`select name from users where id = ${me.id}`))).resolves.toBeDefined();
    await expect(withTransactionCheck(check, async () => await t.database.db.execute(sql`select name from users where id = ${me.id} for update`))).rejects.toMatchObject({ cause: { message: 'session ended' } });
    await expect(withTransactionCheck(check, async () => await t.database.db.execute(sql`select pg_notify('nothing', 'x')`))).rejects.toMatchObject({ cause: { message: 'session ended' } });
    await expect(withTransactionCheck(check, async () => await t.database.db.execute(sql`select listing_rating_refresh(array[]::uuid[])`))).rejects.toMatchObject({ cause: { message: 'session ended' } });
    // The app's own functions that a SELECT could call are all `…_refresh`, which counts as acting:
    // a new one must be named so, or be added to the list of functions that act.
    const own = await rawRows<{ name: string }>(t.database.db, sql`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
      where n.nspname = 'public' and l.lanname in ('sql', 'plpgsql') and p.prorettype <> 'trigger'::regtype`);
    expect(own.map((f) => f.name).filter((name) => !name.endsWith('_refresh'))).toEqual([]);
  });
});
