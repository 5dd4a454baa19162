// `npm run test:crash` (issues 8 and 21): start the built app, drive a stream of booking requests,
// messages and payments (the test provider's checkout, Checkout's callbacks and the provider's
// webhooks), kill -9 the app in the middle of it, start it again on the same data, and check that
// every request that was answered 2xx is there, that every payment the provider confirmed ends
// in a confirmed stay, and that none is confirmed twice (one "Confirmed" e-mail each), that every
// check-in and stay update answered 2xx is there once (one arrival and one "has arrived" e-mail a
// stay checked in), and that the database opened without repair. Once on the embedded database, then on a throwaway
// PostgreSQL server when the binaries are available.
// Needs `npm run build` first (`npm test` builds before its browser step; .ci/run runs this after).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayInIndia } from '../src/domain/dates';
import { openDatabase } from '../src/server/db/client';
import { checkLedger } from '../src/server/modules/payments';
import { MINIMAL_CARE_SHEET } from '../src/server/test/care-sheets';
import { validListing } from '../src/server/test/listings';
import { GATEWAY_WEBHOOK_POLICY } from '../src/server/payments/test-gateway/webhooks';
import { findPgBin, freePort, startCluster } from './pg-cluster.mjs';
import { type Api, type BuiltApp, exited, requireBuild, signInThroughOutbox, startBuiltApp } from './support/built-app';

const STREAM_WORKERS = 6;
const KILL_AFTER_MS = 2_500;
/**
 * Booking requests in the stream, over three homes. A guest may send 6 requests per home and 20
 * in all in 24 hours (domain/bookings.ts), so they are paced to last until the kill.
 */
const STREAM_BOOKINGS = 17;
const BOOKING_PACE_MS = KILL_AFTER_MS / STREAM_BOOKINGS;
/** Accepted stays of a second guest, paid during the stream; paced so that some come after the kill. */
const PAYMENTS = 12;
const PAYMENT_PACE_MS = (KILL_AFTER_MS * 1.3) / PAYMENTS;
/**
 * After the restart, how long the app may take to apply what the provider confirmed (its webhooks).
 * A webhook leased for delivery just before the kill waits out its lease before it is sent again
 * (found by CI: one payment of nine was still unconfirmed after 30 s), so: the lease, the
 * delivery job's interval, and room for a slow machine.
 */
const SETTLE_MS = (GATEWAY_WEBHOOK_POLICY.leaseSeconds + 20) * 1000;

type Checkout = { test_checkout_url: string; key_id: string; order_id: string };

/** Stays starting today (one a home), paid and with their care sheets, checked in and updated in the stream. */
const STAYS = 3;

/** Pays for an accepted stay as its guest does: Checkout's order, the test checkout's success, Checkout's callback. */
async function payNow(server: BuiltApp, guest: Api, bookingId: string): Promise<void> {
  const order = (await guest('POST', `/api/bookings/${bookingId}/payment`, {})).json as unknown as Checkout;
  const res = await fetch(`${server.url}${order.test_checkout_url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key_id: order.key_id, method: 'upi', outcome: 'success' }),
  });
  const paid = await guest('POST', '/api/payments/checkout-callback', ((await res.json()) as { callback: unknown }).callback);
  if (paid.json.status !== 'confirmed') throw new Error(`could not pay for stay ${bookingId}: ${paid.status}`);
}

/**
 * What is wrong with the stays after the crash: a check-in answered 200 whose stay is not under
 * way, an update answered 201 that is missing, a stay with other than one arrival, or other than
 * one "has arrived" e-mail. Read from the database with the app stopped.
 */
async function stayProblems(databaseUrl: string | undefined, dataDir: string, checkedIn: readonly string[], updates: readonly string[]): Promise<string[]> {
  const database = await openDatabase({ dataDir, ...(databaseUrl && { databaseUrl }) });
  try {
    const stays = (await database.db.execute(sql`
      select b.id::text, b.status,
        (select count(*) from stay_updates u where u.booking_id = b.id and u.kind = 'arrival')::int as arrivals,
        (select count(*) from mail_outbox m where m.about = 'booking ' || b.id and m.subject like '% arrived at %')::int as mails
      from bookings b where b.checked_in_at is not null or b.id = any(${`{${checkedIn.join(',')}}`}::uuid[])
    `)) as unknown as { rows: { id: string; status: string; arrivals: number; mails: number }[] };
    const stored = (await database.db.execute(sql`select id::text from stay_updates where kind = 'update'`)) as unknown as { rows: { id: string }[] };
    const have = new Set(stored.rows.map((r) => r.id));
    return [
      ...stays.rows.filter((r) => r.status !== 'in_stay' || r.arrivals !== 1 || r.mails !== 1).map((r) => `stay ${r.id}: ${r.status}, ${r.arrivals} arrivals, ${r.mails} e-mails`),
      ...updates.filter((id) => !have.has(id)).map((id) => `update ${id} answered 201 but missing`),
    ];
  } finally {
    await database.close();
  }
}

/**
 * What is wrong with the money after the crash: a confirmed stay whose payment was applied other
 * than exactly once (not one captured payment, not one capture in the ledger, a ledger that does
 * not sum to zero, not one "Confirmed" e-mail queued for the guest, marked "[Test mode]" when made
 * through the test gateway as here), and anything the ledger check
 * finds (npm run ledger:check). Read from the database with the app stopped.
 */
async function paymentProblems(databaseUrl: string | undefined, dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir, ...(databaseUrl && { databaseUrl }) });
  try {
    const rows = (await database.db.execute(sql`
      select b.id,
        (select count(*) from payments p where p.booking_id = b.id and p.status = 'captured')::int as payments,
        (select count(*) from ledger_entries e where e.booking_id = b.id and e.account = 'provider_cash' and e.amount_paise > 0)::int as captures,
        (select coalesce(sum(e.amount_paise), 0) from ledger_entries e where e.booking_id = b.id)::int as balance,
        (select count(*) from mail_outbox m where m.about = 'booking ' || b.id and (m.subject like 'Confirmed: your stay%' or m.subject like '[Test mode] Confirmed: your stay%'))::int as mails
      from bookings b where b.status in ('confirmed', 'in_stay') and b.paid_at is not null
    `)) as unknown as { rows: { id: string; payments: number; captures: number; balance: number; mails: number }[] };
    const { problems } = await checkLedger(database.db);
    return [
      ...rows.rows
        .filter((r) => r.payments !== 1 || r.captures !== 1 || r.balance !== 0 || r.mails !== 1)
        .map((r) => `${r.id}: ${r.payments} payments, ${r.captures} captures, balance ${r.balance}, ${r.mails} e-mails`),
      ...problems.map((p) => `ledger ${p.kind} ${p.ref}: ${p.detail}`),
    ];
  } finally {
    await database.close();
  }
}

const startServer = (dataDir: string, port: number, env: Record<string, string>) => startBuiltApp(port, dataDir, { NODE_ENV: 'test', ...env });
const signIn = async (server: BuiltApp, dataDir: string, email: string) => (await signInThroughOutbox(server, dataDir, email)).api;

async function run(label: string, env: Record<string, string>, keepIn?: string): Promise<boolean> {
  // CRASH_DATA_DIR keeps the embedded database for what runs next (.ci/run: npm run ledger:check).
  if (keepIn) rmSync(keepIn, { recursive: true, force: true });
  const dataDir = keepIn ? (mkdirSync(keepIn, { recursive: true }), path.resolve(keepIn)) : mkdtempSync(path.join(os.tmpdir(), 'pawstay-crash-'));
  const port = await freePort();
  let running: BuiltApp | undefined;
  try {
    let server = (running = await startServer(dataDir, port, env));
    const guest = await signIn(server, dataDir, 'crash-guest@example.com');
    const hostSession = await signInThroughOutbox(server, dataDir, 'crash-host@example.com');
    const host = hostSession.api;
    const newHome = () => host('POST', '/api/listings', { ...validListing, size_supported: ['small', 'medium', 'large'] });
    const homes = [await newHome(), await newHome(), await newHome()];
    const listing = homes[0]!;
    const pet = await guest('POST', '/api/pets', { name: 'Bruno', type: 'dog', size: 'm' });
    const first = await guest('POST', '/api/bookings', { listingId: listing.json.id, petIds: [pet.json.id], fromDate: addDays(todayInIndia(), 5), toDate: addDays(todayInIndia(), 6), note: '' });
    const conversation = await guest('POST', '/api/conversations', { bookingId: first.json.id });

    // A second guest's stays, accepted and with Checkout's order made, to be paid in the stream.
    const payer = await signIn(server, dataDir, 'crash-payer@example.com');
    const payerPet = await payer('POST', '/api/pets', { name: 'Moti', type: 'dog', size: 'm' });
    const toPay: { booking: string; order: Checkout }[] = [];
    for (let k = 0; k < PAYMENTS; k++) {
      const from = addDays(todayInIndia(), 40 + k * 3);
      const r = await payer('POST', '/api/bookings', { listingId: homes[k % homes.length]!.json.id, petIds: [payerPet.json.id], fromDate: from, toDate: addDays(from, 2), note: '' });
      const accepted = await host('POST', `/api/bookings/${r.json.id}/accept`, {});
      const order = await payer('POST', `/api/bookings/${r.json.id}/payment`, {});
      if (accepted.status !== 200 || order.status !== 200) throw new Error(`could not prepare payment ${k}: ${accepted.status} ${order.status}`);
      toPay.push({ booking: r.json.id as string, order: order.json as unknown as Checkout });
    }
    // A third guest's stays that start today, one a home, paid and with their care sheets: the
    // host checks them in and posts updates during the stream.
    const stayer = await signIn(server, dataDir, 'crash-stayer@example.com');
    const todayStays: string[] = [];
    for (let k = 0; k < STAYS; k++) {
      const p = await stayer('POST', '/api/pets', { name: `Sheru ${k}`, type: 'dog', size: 'm' });
      const r = await stayer('POST', '/api/bookings', { listingId: homes[k % homes.length]!.json.id, petIds: [p.json.id], fromDate: todayInIndia(), toDate: addDays(todayInIndia(), 2), note: '' });
      if ((await host('POST', `/api/bookings/${r.json.id}/accept`, {})).status !== 200) throw new Error(`could not accept stay ${k}`);
      await payNow(server, stayer, r.json.id as string);
      if ((await stayer('PUT', `/api/stays/${r.json.id}/care-sheets/${p.json.id}`, MINIMAL_CARE_SHEET)).status !== 200) throw new Error(`could not write care sheet ${k}`);
      todayStays.push(r.json.id as string);
    }
    const stayAnswers = { checkedIn: [] as string[], updates: [] as string[] };
    let stayTurn = 0;
    /** The host's next move on today's stays: a check-in until all are in, then updates on each in turn. */
    const stayMove = async () => {
      const turn = stayTurn++;
      const id = todayStays[turn % STAYS]!;
      if (turn < STAYS) {
        const r = await host('POST', `/api/stays/${id}/check-in`, {});
        if (r.status === 200) stayAnswers.checkedIn.push(id);
        return;
      }
      const form = new FormData();
      form.append('note', `update ${turn}`);
      const res = await fetch(`${server.url}/api/stays/${id}/updates`, { method: 'POST', headers: { cookie: hostSession.cookie }, body: form });
      if (res.status === 201) stayAnswers.updates.push(((await res.json()) as { updates: { id: string }[] }).updates[0]!.id);
    };

    /** Stays whose payment the provider confirmed to the payer (its checkout answered "paid"). */
    const providerConfirmed = new Set<string>();
    let paid = 0;
    let nextPaymentAt = Date.now();

    // The stream: booking requests and messages from several workers until the kill.
    const confirmed = { bookings: [first.json.id as string], messages: [] as string[] };
    let n = 0;
    let streamed = 0;
    let nextBookingAt = Date.now();
    let killed = false;
    const worker = async (w: number) => {
      while (!killed) {
        const i = n++;
        try {
          if (w === 0 && paid < PAYMENTS && Date.now() >= nextPaymentAt) {
            // The payer's checkout, then Checkout's callback; the provider's webhooks follow on their own.
            const { booking, order } = toPay[paid++]!;
            nextPaymentAt = Date.now() + PAYMENT_PACE_MS;
            const res = await fetch(`${server.url}${order.test_checkout_url}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ key_id: order.key_id, method: 'upi', outcome: 'success' }),
            });
            const answer = (await res.json()) as { paid?: boolean; callback?: unknown };
            if (answer.paid) {
              providerConfirmed.add(booking);
              await payer('POST', '/api/payments/checkout-callback', answer.callback);
            }
          } else if (w === 1) {
            await stayMove();
          } else if (streamed < STREAM_BOOKINGS && Date.now() >= nextBookingAt) {
            // The first home already has the first request: it gets 5 of these, the others 6.
            const home = homes[(streamed++ + 1) % homes.length]!;
            nextBookingAt = Date.now() + BOOKING_PACE_MS;
            const from = addDays(todayInIndia(), 10 + (i % 300));
            const r = await guest('POST', '/api/bookings', { listingId: home.json.id, petIds: [pet.json.id], fromDate: from, toDate: addDays(from, 1), note: `crash ${i}` });
            if (r.status === 201) {
              confirmed.bookings.push(r.json.id as string);
              // Withdrawn at once, so the guest stays under the open-request limit (3 per home).
              await guest('POST', `/api/bookings/${r.json.id}/cancel`, {});
            }
          } else {
            const r = await (w % 2 ? guest : host)('POST', `/api/conversations/${conversation.json.id}/messages`, { body: `message ${i}` });
            if (r.status === 201) confirmed.messages.push(r.json.id as string);
          }
        } catch {
          // The app died under this request: it was never confirmed.
        }
      }
    };
    const workers = Array.from({ length: STREAM_WORKERS }, (_, w) => worker(w));
    await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
    server.proc.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await exited(server.proc);

    // Start again on the same data: it must open without help and hold everything confirmed.
    server = running = await startServer(dataDir, port, env);
    const guestAgain = await signIn(server, dataDir, 'crash-guest@example.com');
    const bookings = new Set(((await guestAgain('GET', '/api/bookings')).json.results as { id: string }[]).map((b) => b.id));
    const stored = new Set<string>();
    let before: number | undefined;
    for (;;) {
      const page = (await guestAgain('GET', `/api/conversations/${conversation.json.id}/messages${before ? `?before=${before}` : ''}`)).json as { results: { id: string; seq: number }[]; has_more: boolean };
      for (const m of page.results) stored.add(m.id);
      if (!page.has_more) break;
      before = page.results[0]!.seq;
    }
    const lostBookings = confirmed.bookings.filter((id) => !bookings.has(id));
    const lostMessages = confirmed.messages.filter((id) => !stored.has(id));

    // Every payment the provider confirmed becomes a confirmed stay (from its webhook, sent again
    // after the restart, if the callback died with the app), and each is told once.
    const payerAgain = await signIn(server, dataDir, 'crash-payer@example.com');
    const statusOf = async () =>
      new Map(((await payerAgain('GET', '/api/bookings')).json.results as { id: string; status: string }[]).map((b) => [b.id, b.status]));
    let statuses = await statusOf();
    const settleBy = Date.now() + SETTLE_MS;
    const settled = () => [...providerConfirmed].every((id) => statuses.get(id) === 'confirmed');
    while (!settled() && Date.now() < settleBy) {
      await new Promise((r) => setTimeout(r, 500));
      statuses = await statusOf();
    }
    const unconfirmed = [...providerConfirmed].filter((id) => statuses.get(id) !== 'confirmed');
    const confirmedStays = [...statuses.values()].filter((s) => s === 'confirmed').length;
    await server.stop();
    // In the database, with the app stopped: each confirmed stay has one captured payment, one
    // capture in the ledger, a balanced ledger, and one "Confirmed" e-mail queued for its guest.
    const problems = await paymentProblems(env.DATABASE_URL, dataDir);
    const stayIssues = await stayProblems(env.DATABASE_URL, dataDir, stayAnswers.checkedIn, stayAnswers.updates);
    const paymentsOk = unconfirmed.length === 0 && providerConfirmed.size > 0 && problems.length === 0;
    const staysOk = stayIssues.length === 0 && stayAnswers.checkedIn.length > 0 && stayAnswers.updates.length > 0;
    const ok = paymentsOk && staysOk && lostBookings.length === 0 && lostMessages.length === 0 && confirmed.bookings.length > 1 && confirmed.messages.length > 0;
    console.log(
      `${ok ? '✔' : '✖'} ${label}: killed after ${KILL_AFTER_MS} ms of traffic; ${confirmed.bookings.length} bookings and ${confirmed.messages.length} messages answered 2xx; after the restart ${lostBookings.length} and ${lostMessages.length} missing; ` +
        `${providerConfirmed.size} of ${paid} payments confirmed by the provider before the kill, ${unconfirmed.length} of them not confirmed after it, ${confirmedStays} stays confirmed, ${problems.length} problems${problems.length ? ` (${problems.join('; ')})` : ''}; ` +
        `${stayAnswers.checkedIn.length} check-ins and ${stayAnswers.updates.length} stay updates answered 2xx, ${stayIssues.length} stay problems${stayIssues.length ? ` (${stayIssues.join('; ')})` : ''}`,
    );
    return ok;
  } finally {
    // After a failure the app may still be writing its data: stopped first, the failure is what is reported.
    if (running && running.proc.exitCode === null) {
      running.proc.kill('SIGKILL');
      await exited(running.proc);
    }
    if (!keepIn) rmSync(dataDir, { recursive: true, force: true });
  }
}

requireBuild('test:crash');
let ok = await run('embedded database (PGlite)', { SEED_DEMO: 'off' }, process.env.CRASH_DATA_DIR || undefined);
if (findPgBin()) {
  const cluster = await startCluster();
  try {
    ok = (await run('PostgreSQL server', { SEED_DEMO: 'off', DATABASE_URL: cluster.url })) && ok;
  } finally {
    cluster.stop();
  }
} else {
  console.log('- PostgreSQL server: skipped (no server binaries under /usr/lib/postgresql)');
}
process.exit(ok ? 0 : 1);
