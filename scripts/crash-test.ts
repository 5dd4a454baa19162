// `npm run test:crash` (issue 8): start the built app, drive a stream of booking requests and
// messages, kill -9 the app in the middle of it, start it again on the same data, and check that
// every request that was answered 2xx is there and the database opened without repair. Once on
// the embedded database, then on a throwaway PostgreSQL server when the binaries are available.
// Needs `npm run build` first (`npm test` builds before its browser step; .ci/run runs this after).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayInIndia } from '../src/domain/dates';
import { validListing } from '../src/server/test/listings';
import { findPgBin, freePort, startCluster } from './pg-cluster.mjs';
import { type BuiltApp, exited, requireBuild, signInThroughOutbox, startBuiltApp } from './support/built-app';

const STREAM_WORKERS = 6;
const KILL_AFTER_MS = 2_500;
/**
 * Booking requests in the stream, over three homes. A guest may send 6 requests per home and 20
 * in all in 24 hours (domain/bookings.ts), so they are paced to last until the kill.
 */
const STREAM_BOOKINGS = 17;
const BOOKING_PACE_MS = KILL_AFTER_MS / STREAM_BOOKINGS;

const startServer = (dataDir: string, port: number, env: Record<string, string>) => startBuiltApp(port, dataDir, { NODE_ENV: 'test', ...env });
const signIn = async (server: BuiltApp, dataDir: string, email: string) => (await signInThroughOutbox(server, dataDir, email)).api;

async function run(label: string, env: Record<string, string>): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-crash-'));
  const port = await freePort();
  try {
    let server = await startServer(dataDir, port, env);
    const guest = await signIn(server, dataDir, 'crash-guest@example.com');
    const host = await signIn(server, dataDir, 'crash-host@example.com');
    const newHome = () => host('POST', '/api/listings', { ...validListing, size_supported: ['small', 'medium', 'large'] });
    const homes = [await newHome(), await newHome(), await newHome()];
    const listing = homes[0]!;
    const pet = await guest('POST', '/api/pets', { name: 'Bruno', type: 'dog', size: 'm' });
    const first = await guest('POST', '/api/bookings', { listingId: listing.json.id, petId: pet.json.id, fromDate: addDays(todayInIndia(), 5), toDate: addDays(todayInIndia(), 6), note: '' });
    const conversation = await guest('POST', '/api/conversations', { bookingId: first.json.id });

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
          if (streamed < STREAM_BOOKINGS && Date.now() >= nextBookingAt) {
            // The first home already has the first request: it gets 5 of these, the others 6.
            const home = homes[(streamed++ + 1) % homes.length]!;
            nextBookingAt = Date.now() + BOOKING_PACE_MS;
            const from = addDays(todayInIndia(), 10 + (i % 300));
            const r = await guest('POST', '/api/bookings', { listingId: home.json.id, petId: pet.json.id, fromDate: from, toDate: addDays(from, 1), note: `crash ${i}` });
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
    server = await startServer(dataDir, port, env);
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
    await server.stop();
    const ok = lostBookings.length === 0 && lostMessages.length === 0 && confirmed.bookings.length > 1 && confirmed.messages.length > 0;
    console.log(
      `${ok ? '✔' : '✖'} ${label}: killed after ${KILL_AFTER_MS} ms of traffic; ${confirmed.bookings.length} bookings and ${confirmed.messages.length} messages answered 2xx; after the restart ${lostBookings.length} and ${lostMessages.length} missing`,
    );
    return ok;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

requireBuild('test:crash');
let ok = await run('embedded database (PGlite)', { SEED_DEMO: 'off' });
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
