// `npm run test:cluster` (issue 25): the product as several machines would run it. A PostgreSQL
// 15 cluster, an S3-compatible server (s3rver), an SMTP server that keeps what it is sent, three
// app processes (each with a DATA_DIR of its own, as on three machines) and nginx in front of them,
// round-robin. Everything goes through nginx only:
//   1. a session made on one process works on the others;
//   2. a photo uploaded through one process is served by the others (from the bucket);
//   3. a message sent through one process arrives live on a stream held by another;
//   4. a write through one process empties the answer cache of the others; a stay's updates
//      posted through each process are on its timeline, their private photos served by all;
//   5. every background job does each due thing once (expiries, lapses, refunds, payouts, mail,
//      notices, and their WhatsApp and SMS through providers that fail and recover), with all
//      three processes running them at the same moment;
//   6. 30 s of mixed load with one process killed (kill -9) a third of the way in: no write that
//      was answered 2xx is lost, under 1% of the requests fail, and the jobs of the due things
//      made just before finish them once on the survivors.
// The figures are printed at the end (docs/performance.md keeps them). Needs `npm run build` first.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addDays, todayInIndia } from '../src/domain/dates';
import { REQUEST_TTL_HOURS } from '../src/domain/bookings';
import { MINIMAL_CARE_SHEET } from '../src/server/test/care-sheets';
import { testJpeg, validListing } from '../src/server/test/listings';
import { FAKE, startFakeProviders } from '../src/server/test/phone-providers';
import { freePort, startCluster } from './pg-cluster.mjs';
import { type BuiltApp, exited, requireBuild, startBuiltApp } from './support/built-app';
import { type Piece, startNginx, startS3rver, startSmtpCapture } from './support/cluster';

const BUCKET = 'pawstay-cluster';
const PRIVATE_BUCKET = 'pawstay-cluster-private';
const METRICS_TOKEN = 'cluster-test-metrics-token';
const LOAD_MS = 30_000;
const KILL_AT_MS = 10_000;
const LOAD_WORKERS = 8;
/** Due things of each kind made for the jobs (phase 5), and again just before the kill (phase 6). */
const DUE = 4;
/** How long the jobs (every minute in each process) may take to finish what is due. */
const JOBS_MS = 150_000;

requireBuild('test:cluster');
const started = Date.now();
const work = mkdtempSync(path.join(os.tmpdir(), 'pawstay-cluster-'));
// nginx's workers run as nobody when the test runs as root: they must pass through to their folder.
chmodSync(work, 0o711);
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? '✔' : '✖'} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------
// The machines.

const cluster = await startCluster();
/** What is running, to stop when the test ends, however it ends. */
const running: Piece[] = [];
async function stopAll() {
  await Promise.all([...running.map((piece) => piece.stop()), phones.close()]);
  cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
const track = <T extends Piece>(piece: T) => (running.push(piece), piece);
const [s3Port, smtpPort, nginxPort, ...appPorts] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
// MSG91 and WhatsApp as their APIs answer (decision 058), made to fail for a while in phase 5.
const phones = await startFakeProviders();
let s3: Piece;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let apps: BuiltApp[];
let nginx: Piece;
const base = `http://127.0.0.1:${nginxPort}`;
const appEnv = {
  NODE_ENV: 'production',
  PAYMENTS_TEST_MODE: 'on',
  SEED_DEMO: 'on',
  LOG_LEVEL: 'warn',
  DATABASE_URL: cluster.url,
  S3_BUCKET: BUCKET,
  S3_PRIVATE_BUCKET: PRIVATE_BUCKET,
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_REGION: 'ap-south-1',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MSG91_AUTH_KEY: FAKE.msg91AuthKey,
  MSG91_SENDER_ID: 'PAWSTY',
  MSG91_TEMPLATES: 'default=tpl-notice,code=tpl-code',
  MSG91_API_URL: phones.msg91Url,
  WHATSAPP_ACCESS_TOKEN: FAKE.whatsappToken,
  WHATSAPP_PHONE_NUMBER_ID: FAKE.phoneNumberId,
  WHATSAPP_TEMPLATES: 'default=pawstay_update',
  WHATSAPP_API_URL: phones.whatsappUrl,
  PUBLIC_URL: base,
  TRUST_PROXY: '127.0.0.1',
  METRICS_TOKEN,
  // Long enough that only an emptied cache can explain a fresh answer in phase 4.
  ANSWER_CACHE_SECONDS: '30',
  // A stopping process stays 3 s not ready but serving (checked at the end).
  DRAIN_SECONDS: '3',
};
try {
  s3 = track(await startS3rver(path.join(work, 's3'), s3Port!, [BUCKET, PRIVATE_BUCKET]));
  smtp = track(await startSmtpCapture(path.join(work, 'mail'), smtpPort!));
  // All three start at once, on an empty database: one migrates and seeds, the others wait for it.
  apps = await Promise.all(appPorts.map(async (port, i) => track(await startBuiltApp(port!, path.join(work, `app-${i + 1}`), appEnv))));
  nginx = track(await startNginx(path.join(work, 'nginx'), nginxPort!, appPorts as number[]));
} catch (err) {
  console.error('✖ test:cluster: could not start the cluster:', err);
  await stopAll();
  process.exit(1);
}
// A step that hangs must not hold CI for its 90 minutes: everything is stopped after 12.
const watchdog = setTimeout(() => {
  console.error('✖ test:cluster: still running after 12 minutes; stopping');
  for (const piece of running) piece.proc.kill('SIGKILL');
  cluster.stop();
  process.exit(1);
}, 12 * 60_000);
watchdog.unref();
const upstreamName = new Map(appPorts.map((p, i) => [`127.0.0.1:${p}`, `app-${i + 1}`]));
const sql = new pg.Pool({ connectionString: cluster.url, max: 2 });
console.log(`cluster: PostgreSQL, s3rver, SMTP capture, ${apps.length} app processes and nginx up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// ------------------------------------------------------------------------------------------
// A client of nginx that says which process answered.

type Answer = { status: number; json: Record<string, unknown> & { id?: string }; body: Buffer; upstream: string; ms: number };

async function call(method: string, url: string, opts: { cookie?: string; body?: unknown; form?: FormData } = {}): Promise<Answer> {
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const body = Buffer.from(await res.arrayBuffer());
  let json = {} as Answer['json'];
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    // not JSON
  }
  const upstream = (res.headers.get('x-upstream') ?? '').split(',').map((u) => upstreamName.get(u.trim()) ?? u.trim()).at(-1) ?? '';
  return { status: res.status, json, body, upstream, ms: performance.now() - t0 };
}

/** Signs `email` in through nginx, reading the code from the SMTP server; answers a client with its session. */
async function signIn(email: string) {
  const sent = await fetch(`${base}/api/auth/otp/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  if (!sent.ok) throw new Error(`send ${email}: ${sent.status}`);
  const browser = sent.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    code = smtp.mails().filter((m) => m.to.includes(email) && /^\d{6}\b/.test(m.subject)).at(-1)?.subject.slice(0, 6);
    if (!code) await sleep(100);
  }
  if (!code) throw new Error(`no sign-in code for ${email}`);
  const verified = await fetch(`${base}/api/auth/otp/verify`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: browser }, body: JSON.stringify({ email, code }) });
  if (!verified.ok) throw new Error(`verify ${email}: ${verified.status}`);
  const cookie = verified.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie, as: (method: string, url: string, body?: unknown, form?: FormData) => call(method, url, { cookie, body, form }) };
}
type Client = Awaited<ReturnType<typeof signIn>>;

const must = (a: Answer, status: number | number[], what: string) => {
  if (![status].flat().includes(a.status)) throw new Error(`${what}: ${a.status} ${a.body.toString('utf8').slice(0, 300)}`);
  return a;
};

/** Asks `n` times; answers the processes that answered, and whether every answer passed. */
async function acrossProcesses(n: number, ask: () => Promise<Answer>, ok: (a: Answer) => boolean) {
  const seen = new Set<string>();
  let allOk = true;
  for (let i = 0; i < n; i++) {
    const a = await ask();
    seen.add(a.upstream);
    allOk &&= ok(a);
  }
  return { processes: seen.size, allOk };
}

try {
  // ----------------------------------------------------------------------------------------
  // 1. Sessions.
  const host = await signIn('cluster-host@example.com');
  const me = await acrossProcesses(9, () => host.as('GET', '/api/me'), (a) => a.status === 200 && a.json.email === 'cluster-host@example.com');
  check(me.allOk && me.processes === 3, `1. a session made through one process is signed in on all ${me.processes} (9 requests, all 200)`);

  // 2. A photo, stored through one process and served by each.
  const newListing = async (title: string) => must(await host.as('POST', '/api/listings', { ...validListing, title, size_supported: ['small', 'medium', 'large'] }), 201, 'listing').json.id as string;
  const listings = await Promise.all(Array.from({ length: 6 }, (_, i) => newListing(`Cluster home ${i + 1} with a garden`)));
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(await testJpeg(1200, 800))], { type: 'image/jpeg' }), 'home.jpg');
  const uploaded = must(await host.as('POST', `/api/listings/${listings[0]}/photos`, undefined, form), 201, 'photo upload');
  const photoUrl = (uploaded.json.listing_photos as { url: string }[])[0]!.url;
  const photoBytes = (await call('GET', photoUrl)).body;
  const photo = await acrossProcesses(9, () => call('GET', photoUrl), (a) => a.status === 200 && a.body.equals(photoBytes));
  check(photo.allOk && photo.processes === 3 && photoBytes.length > 1000, `2. a photo uploaded through ${uploaded.upstream} is served by all ${photo.processes} processes from the bucket (${photoBytes.length} bytes, the same each time)`);

  // 3. Live messages across processes.
  const guests: Client[] = [];
  for (let i = 0; i < 6; i++) guests.push(await signIn(`cluster-guest${i + 1}@example.com`));
  const pets = await Promise.all(guests.map(async (g) => must(await g.as('POST', '/api/pets', { name: 'Bruno', type: 'dog', size: 'm' }), 201, 'pet').json.id as string));
  let nextFrom = 20;
  /** A request of guest `g` on listing `l`, on nights no other request of this test holds. */
  const request = async (g: number, l: number) => {
    const from = addDays(todayInIndia(), nextFrom);
    nextFrom += 3;
    return must(await guests[g]!.as('POST', '/api/bookings', { listingId: listings[l], petIds: [pets[g]], fromDate: from, toDate: addDays(from, 2), note: '' }), 201, 'request').json.id as string;
  };
  const talk = await request(0, 0);
  const conversation = must(await guests[0]!.as('POST', '/api/conversations', { bookingId: talk }), [200, 201], 'conversation').json.id as string;
  const stream = await fetch(`${base}/api/conversations/stream`, { headers: { cookie: guests[0]!.cookie, accept: 'text/event-stream' } });
  const streamProcess = upstreamName.get(stream.headers.get('x-upstream') ?? '') ?? '?';
  const arrivals = new Map<string, number>();
  const events = stream.body!.getReader();
  const reading = (async () => {
    let buffer = '';
    for (;;) {
      const { done, value } = await events.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += Buffer.from(value!).toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (data) arrivals.set((JSON.parse(data) as { id: string }).id, performance.now());
      }
    }
  })();
  await sleep(500);
  const sends: { id: string; at: number; process: string }[] = [];
  for (let i = 0; i < 9; i++) {
    const at = performance.now();
    const sent = must(await host.as('POST', `/api/conversations/${conversation}/messages`, { body: `Live ${i}` }), 201, 'message');
    sends.push({ id: sent.json.id as string, at, process: sent.upstream });
  }
  const liveBy = Date.now() + 5_000;
  while (sends.some((s) => !arrivals.has(s.id)) && Date.now() < liveBy) await sleep(50);
  const crossed = sends.filter((s) => s.process !== streamProcess);
  const delays = crossed.map((s) => (arrivals.has(s.id) ? arrivals.get(s.id)! - s.at : Number.POSITIVE_INFINITY)).sort((a, b) => a - b);
  const liveMs = { median: delays[Math.floor(delays.length / 2)] ?? Number.NaN, max: delays.at(-1) ?? Number.NaN };
  check(
    crossed.length > 0 && delays.every(Number.isFinite),
    `3. ${crossed.length} messages sent through other processes arrived live on the stream held by ${streamProcess}: ${liveMs.median.toFixed(0)} ms median, ${liveMs.max.toFixed(0)} ms at most from send to arrival`,
  );
  await events.cancel().catch(() => {});
  await reading;

  // 4. The answer cache, emptied in every process by a write through one.
  const cached = listings[1]!;
  await acrossProcesses(6, () => call('GET', `/api/listings/${cached}`), () => true);
  const renamed = 'Cluster home renamed after its garden';
  const patched = must(await host.as('PATCH', `/api/listings/${cached}`, { title: renamed }), 200, 'rename');
  const renamedAt = performance.now();
  const fresh = new Set<string>();
  let stale = 0;
  while (fresh.size < 3 && performance.now() - renamedAt < 5_000) {
    const a = await call('GET', `/api/listings/${cached}`);
    if (a.json.title === renamed) fresh.add(a.upstream);
    else stale += 1;
  }
  check(fresh.size === 3, `4. a rename through ${patched.upstream} is read at once from all ${fresh.size} processes' caches (kept 30 s otherwise; ${stale} stale answers in the ${(performance.now() - renamedAt).toFixed(0)} ms after it)`);

  // 4b. A stay under way: its host posts updates with photos through every process, and its guest
  // reads each update's private photo through every process (from the private bucket).
  {
    const g = guests.length - 1;
    const pet = pets[g]!;
    const today = todayInIndia();
    const stay = must(await guests[g]!.as('POST', '/api/bookings', { listingId: listings[5], petIds: [pet], fromDate: today, toDate: addDays(today, 2), note: '' }), 201, 'stay').json.id as string;
    must(await host.as('POST', `/api/bookings/${stay}/accept`), 200, 'accept');
    const order = must(await guests[g]!.as('POST', `/api/bookings/${stay}/payment`), 200, 'order').json as unknown as { test_checkout_url: string; key_id: string };
    const paid = must(await call('POST', order.test_checkout_url, { body: { key_id: order.key_id, method: 'upi', outcome: 'success' } }), 200, 'checkout').json as { callback: unknown };
    must(await guests[g]!.as('POST', '/api/payments/checkout-callback', paid.callback), 200, 'callback');
    must(await guests[g]!.as('PUT', `/api/stays/${stay}/care-sheets/${pet}`, MINIMAL_CARE_SHEET), 200, 'care sheet');
    must(await host.as('POST', `/api/stays/${stay}/check-in`, {}), 200, 'check-in');
    const through = new Set<string>();
    const photoUrls: string[] = [];
    for (let i = 0; i < 6; i++) {
      const update = new FormData();
      update.append('note', `Update ${i} from the cluster`);
      update.append('photos', new Blob([new Uint8Array(await testJpeg(800, 600, i % 2 ? '#6a9f4a' : '#4a6a9f'))], { type: 'image/jpeg' }), `update-${i}.jpg`);
      const posted = must(await host.as('POST', `/api/stays/${stay}/updates`, undefined, update), 201, 'update');
      through.add(posted.upstream);
      photoUrls.push((posted.json.updates as { photos: { large_url: string }[] }[])[0]!.photos[0]!.large_url);
    }
    const timeline = must(await guests[g]!.as('GET', `/api/stays/${stay}`), 200, 'stay').json.updates as unknown[];
    const served = await acrossProcesses(9, () => guests[g]!.as('GET', photoUrls[0]!), (a) => a.status === 200 && a.body.subarray(8, 12).toString() === 'WEBP');
    const stranger = await acrossProcesses(3, () => guests[0]!.as('GET', photoUrls[0]!), (a) => a.status === 404);
    check(
      through.size === 3 && timeline.length === 7 && served.allOk && served.processes === 3 && stranger.allOk,
      `4b. 6 stay updates with photos posted through ${through.size} processes are all on the guest's timeline (${timeline.length - 1}); a photo is served to the guest by ${served.processes} processes from the private bucket, and to another guest by none`,
    );
  }

  // ----------------------------------------------------------------------------------------
  // 5. The jobs: due things of each kind, with every process running every job.
  must(await host.as('PUT', '/api/host/tax-profile', { gst_registered: false, pan: 'ABCPE1234F' }), 200, 'tax profile');
  must(await host.as('PUT', '/api/host/payout-account', { kind: 'upi', holder_name: 'Cluster Host', phone: '9876543210', upi_id: 'cluster.host@okaxis' }), 200, 'payout account');

  /** Accepted and paid through the test gateway's checkout and Checkout's callback. */
  const paidStay = async (g: number, l: number) => {
    const id = await request(g, l);
    must(await host.as('POST', `/api/bookings/${id}/accept`), 200, 'accept');
    const order = must(await guests[g]!.as('POST', `/api/bookings/${id}/payment`), 200, 'order').json as unknown as { test_checkout_url: string; key_id: string };
    const paid = must(await call('POST', order.test_checkout_url, { body: { key_id: order.key_id, method: 'upi', outcome: 'success' } }), 200, 'checkout').json as { callback: unknown };
    must(await guests[g]!.as('POST', '/api/payments/checkout-callback', paid.callback), 200, 'callback');
    return id;
  };
  const dueThings = async (round: number) => {
    const g = (k: number) => (round * 3 + k) % guests.length;
    const expiring: string[] = [];
    const lapsing: string[] = [];
    for (let k = 0; k < DUE; k++) expiring.push(await request(g(k), k % 6));
    for (let k = 0; k < DUE; k++) {
      const id = await request(g(k + 1), (k + 2) % 6);
      must(await host.as('POST', `/api/bookings/${id}/accept`), 200, 'accept');
      lapsing.push(id);
    }
    return { expiring, lapsing };
  };
  const makeDue = async (things: { expiring: string[]; lapsing: string[] }) => {
    await sql.query(`update bookings set created_at = now() - make_interval(hours => $2) where id = any($1::uuid[])`, [things.expiring, REQUEST_TTL_HOURS + 1]);
    await sql.query(`update bookings set payment_due_at = now() - interval '1 minute' where id = any($1::uuid[])`, [things.lapsing]);
  };
  // The host's number, verified with the code MSG91 was asked to send; no quiet hours, whatever the
  // time in India. Then both providers fail their next calls, and come back.
  must(await host.as('PATCH', '/api/me', { phone: '98250 12345' }), 200, 'phone');
  must(await host.as('POST', '/api/me/phone/code', {}), 200, 'phone code');
  const phoneCode = String((phones.calls.filter((c) => c.body.template_id === 'tpl-code').at(-1)!.body.recipients as { var1: string }[])[0]!.var1);
  must(await host.as('POST', '/api/me/phone/verify', { code: phoneCode }), 200, 'phone verify');
  const defaults = must(await host.as('GET', '/api/notifications/settings'), 200, 'settings').json as { topics: unknown };
  must(await host.as('PUT', '/api/notifications/settings', { topics: defaults.topics, quiet: null }), 204, 'settings');
  const PROVIDER_FAILURES = 6;
  phones.calls.length = 0;
  phones.failNext(PROVIDER_FAILURES);
  const deliveriesSince = new Date();
  const first = await dueThings(0);
  const refunded: string[] = [];
  const paidOut: string[] = [];
  for (let k = 0; k < DUE; k++) {
    const id = await paidStay(k % guests.length, (k + 3) % 6);
    must(await guests[k % guests.length]!.as('POST', `/api/bookings/${id}/cancel`), 200, 'cancel');
    refunded.push(id);
  }
  for (let k = 0; k < DUE; k++) paidOut.push(await paidStay((k + 2) % guests.length, (k + 4) % 6));
  // Messages the host has not read: each conversation's host is e-mailed once, after 15 minutes.
  const unread: string[] = [];
  for (let k = 0; k < DUE; k++) {
    const guest = guests[(k + 2) % guests.length]!;
    const chat = must(await guest.as('POST', '/api/conversations', { bookingId: paidOut[k] }), [200, 201], 'conversation').json.id as string;
    must(await guest.as('POST', `/api/conversations/${chat}/messages`, { body: 'Is the garden fenced?' }), 201, 'message');
    unread.push(chat);
  }
  const dueSince = new Date();
  await makeDue(first);
  // Due: released 24 hours after a check-in (the API refuses one before the stay's day, and a paid
  // stay never checked in is not paid out at all: decision 052).
  await sql.query(`update bookings set status = 'in_stay', checked_in_at = now() where id = any($1::uuid[])`, [paidOut]);
  await sql.query(`update payouts set release_at = now() - interval '1 minute' where booking_id = any($1::uuid[])`, [paidOut]);
  await sql.query(`update messages set created_at = created_at - interval '16 minutes' where conversation_id = any($1::uuid[])`, [unread]);
  await sql.query(`update conversations set last_message_at = last_message_at - interval '16 minutes' where id = any($1::uuid[])`, [unread]);

  type Settled = { done: boolean; problems: string[] };
  /** Whether the jobs have finished these due things, and what was done other than once. */
  async function settled(things: { expiring: string[]; lapsing: string[] }, since: Date, refunds: string[] = [], payouts: string[] = [], chats: string[] = []): Promise<Settled> {
    const q = async (text: string, values: unknown[]) => (await sql.query(text, values)).rows as { id: string; n: number; status: string }[];
    const chatMails = new Map((await q(`select substr(about, 14) as id, count(*)::int as n, '' as status from mail_outbox where about = any($1) and created_at >= $2 group by about`, [chats.map((id) => `conversation ${id}`), since])).map((r) => [r.id, r.n]));
    const status = await q(`select id, status, 0 as n from bookings where id = any($1::uuid[])`, [[...things.expiring, ...things.lapsing]]);
    const mails = new Map((await q(`select substr(about, 9) as id, count(*)::int as n, '' as status from mail_outbox where about = any($1) and created_at >= $2 group by about`, [[...things.expiring, ...things.lapsing, ...refunds, ...payouts].map((id) => `booking ${id}`), since])).map((r) => [r.id, r.n]));
    const refundRows = await q(`select b.id, r.status, (select count(*)::int from test_gateway_refunds gr where gr.payment_id = p.provider_payment_id) as n
      from bookings b join payments p on p.booking_id = b.id and p.status = 'captured' join refunds r on r.payment_id = p.id where b.id = any($1::uuid[])`, [refunds]);
    const payoutRows = await q(`select po.booking_id as id, po.status, (select count(*)::int from test_gateway_transfers t where t.notes::jsonb->>'payout_id' = po.id::text) as n
      from payouts po where po.booking_id = any($1::uuid[])`, [payouts]);
    // The notices (decision 056): one per person told, whatever process ran the job, each of their
    // e-mails naming its notice; a conversation's unread messages are one notice.
    const notices = new Map((await q(`select params->>'booking_id' as id, count(*)::int as n, '' as status from notifications where params->>'booking_id' = any($1) and created_at >= $2 and kind in ('request_expired', 'booking_lapsed') group by 1`, [[...things.expiring, ...things.lapsing], since])).map((r) => [r.id, r.n]));
    const chatNotices = new Map((await q(`select params->>'conversation_id' as id, count(*)::int as n, '' as status from notifications where params->>'conversation_id' = any($1) and created_at >= $2 group by 1`, [chats, since])).map((r) => [r.id, r.n]));
    const [unlinked] = await q(`select '' as id, count(*)::int as n, '' as status from mail_outbox where about = any($1) and created_at >= $2 and notification_id is null`, [[...[...things.expiring, ...things.lapsing].map((id) => `booking ${id}`), ...chats.map((id) => `conversation ${id}`)], since]);
    const of = (id: string) => status.find((s) => s.id === id)?.status;
    const done =
      things.expiring.every((id) => of(id) === 'expired') &&
      things.lapsing.every((id) => of(id) === 'lapsed') &&
      refundRows.length === refunds.length && refundRows.every((r) => r.status === 'processed') &&
      payoutRows.length === payouts.length && payoutRows.every((r) => r.status === 'paid') &&
      chats.every((id) => chatMails.has(id));
    const problems = [
      // One e-mail to the guest of an expired request; one each to the guest and the host of a lapsed stay.
      ...things.expiring.filter((id) => of(id) === 'expired' && mails.get(id) !== 1).map((id) => `expired ${id}: ${mails.get(id) ?? 0} e-mails`),
      ...things.lapsing.filter((id) => of(id) === 'lapsed' && mails.get(id) !== 2).map((id) => `lapsed ${id}: ${mails.get(id) ?? 0} e-mails`),
      // One refund at the provider per refund, one transfer per payout.
      ...refundRows.filter((r) => r.n > 1).map((r) => `refund of ${r.id}: ${r.n} at the provider`),
      ...payoutRows.filter((r) => r.n > 1).map((r) => `payout of ${r.id}: ${r.n} transfers`),
      ...chats.filter((id) => (chatMails.get(id) ?? 0) > 1).map((id) => `conversation ${id}: ${chatMails.get(id)} unread-message e-mails`),
      ...things.expiring.filter((id) => of(id) === 'expired' && notices.get(id) !== 1).map((id) => `expired ${id}: ${notices.get(id) ?? 0} notices`),
      ...things.lapsing.filter((id) => of(id) === 'lapsed' && notices.get(id) !== 2).map((id) => `lapsed ${id}: ${notices.get(id) ?? 0} notices`),
      ...chats.filter((id) => chatMails.has(id) && chatNotices.get(id) !== 1).map((id) => `conversation ${id}: ${chatNotices.get(id) ?? 0} notices`),
      ...(unlinked && unlinked.n > 0 ? [`${unlinked.n} e-mails of these without their notice`] : []),
    ];
    return { done, problems };
  }
  let jobs: Settled = { done: false, problems: [] };
  const jobsBy = Date.now() + JOBS_MS;
  while (!jobs.done && Date.now() < jobsBy) {
    await sleep(2_000);
    jobs = await settled(first, dueSince, refunded, paidOut, unread);
  }
  const jobsSeconds = (Date.now() - dueSince.getTime()) / 1000;
  const ledger = (await sql.query(`select count(*)::int as n from (select booking_id from ledger_entries group by booking_id having sum(amount_paise) <> 0) unbalanced`)).rows[0].n as number;
  const mailsBeforeKill = smtp.mails();
  const repeatedBeforeKill = mailsBeforeKill.length - new Set(mailsBeforeKill.map((m) => m.messageId ?? randomUUID())).size;
  check(
    jobs.done && jobs.problems.length === 0 && ledger === 0 && repeatedBeforeKill === 0,
    `5. jobs in 3 processes: ${DUE} expired, ${DUE} lapsed, ${DUE} refunded, ${DUE} paid out and ${DUE} unread conversations mailed, each once and each one notice a person, in ${jobsSeconds.toFixed(0)} s; ${mailsBeforeKill.length} e-mails, none sent twice; ${ledger} unbalanced bookings${jobs.problems.length ? `; ${jobs.problems.join('; ')}` : ''}`,
  );

  // 5b. The host's WhatsApp and SMS of those requests: sent by the workers of 3 processes, each
  // once, through providers that failed the first calls (the retries' waits cut short here).
  type DeliveryCount = { sent: number; waiting: number; other: number; retried: number };
  const countDeliveries = async (): Promise<DeliveryCount> =>
    (await sql.query(`select count(*) filter (where sent_at is not null)::int as sent, count(*) filter (where sent_at is null and dropped_at is null and attempts < ${6})::int as waiting,
      count(*) filter (where dropped_at is not null or (sent_at is null and attempts >= 6))::int as other, count(*) filter (where attempts > 1)::int as retried
      from notification_deliveries where created_at >= $1`, [deliveriesSince])).rows[0];
  let phoneDeliveries = await countDeliveries();
  for (let i = 0; i < 60 && phoneDeliveries.waiting > 0; i++) {
    // Only those waiting out the first failure's minute: a row a worker holds is leased for 5.
    await sql.query(`update notification_deliveries set next_attempt_at = now() where sent_at is null and dropped_at is null and next_attempt_at between now() + interval '5 seconds' and now() + interval '90 seconds' and created_at >= $1`, [deliveriesSince]);
    await sleep(1_000);
    phoneDeliveries = await countDeliveries();
  }
  const accepted = phones.calls.filter((c) => c.ok && c.body.template_id !== 'tpl-code');
  const refused = phones.calls.filter((c) => !c.ok);
  check(
    phoneDeliveries.waiting === 0 && phoneDeliveries.other === 0 && accepted.length === phoneDeliveries.sent && phoneDeliveries.sent >= 2 * DUE * 2 && refused.length === PROVIDER_FAILURES && phoneDeliveries.retried > 0,
    `5b. WhatsApp and SMS by 3 processes' workers: ${phoneDeliveries.sent} deliveries sent, each accepted by its provider once (${accepted.length} accepted calls), after ${refused.length} refused while the providers were down (${phoneDeliveries.retried} retried); ${phoneDeliveries.waiting} waiting, ${phoneDeliveries.other} dropped or given up`,
  );

  // ----------------------------------------------------------------------------------------
  // 6. Mixed load, and one process killed under it.
  const second = await dueThings(1);
  const secondSince = new Date();
  await makeDue(second);
  const reader = guests[0]!;
  const acked: string[] = [];
  const latencies: number[] = [];
  let total = 0;
  let failed = 0;
  let inFlightAtKill = 0;
  let inFlight = 0;
  const loadStarted = Date.now();
  let killedAt = 0;
  const victim = apps[1]!;
  const kill = (async () => {
    await sleep(KILL_AT_MS);
    inFlightAtKill = inFlight;
    killedAt = Date.now() - loadStarted;
    victim.proc.kill('SIGKILL');
    await exited(victim.proc);
  })();
  // Each request and the one answer that counts as success: anything else (a 5xx, a 401 from a
  // session one process did not know, a 429) is a failure.
  const mix: [() => Promise<Answer>, number][] = [
    [() => call('GET', '/api/search?city=Ahmedabad'), 200],
    [() => call('GET', '/api/search?city=Ahmedabad&size=medium&sort=price_asc'), 200],
    [() => call('GET', `/api/listings/${listings[total % 6]}`), 200],
    [() => reader.as('GET', '/api/me'), 200],
    [() => host.as('GET', `/api/conversations/${conversation}/messages`), 200],
    [
      async () => {
        const a = await reader.as('POST', `/api/conversations/${conversation}/messages`, { body: `Load ${total}` });
        if (a.status === 201) acked.push(a.json.id as string);
        return a;
      },
      201,
    ],
  ];
  await Promise.all(
    Array.from({ length: LOAD_WORKERS }, async (_, w) => {
      for (let i = w; Date.now() - loadStarted < LOAD_MS; i += LOAD_WORKERS) {
        total += 1;
        inFlight += 1;
        const t0 = performance.now();
        try {
          const [ask, ok] = mix[i % mix.length]!;
          if ((await ask()).status !== ok) failed += 1;
        } catch {
          failed += 1;
        } finally {
          inFlight -= 1;
          latencies.push(performance.now() - t0);
        }
      }
    }),
  );
  await kill;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!;
  // Every message answered 201 is there, read through the survivors.
  const stored = new Set<string>();
  let before: number | undefined;
  for (;;) {
    const page = must(await reader.as('GET', `/api/conversations/${conversation}/messages${before ? `?before=${before}` : ''}`), 200, 'messages').json as unknown as { results: { id: string; seq: number }[]; has_more: boolean };
    for (const m of page.results) stored.add(m.id);
    if (!page.has_more) break;
    before = page.results[0]!.seq;
  }
  const lost = acked.filter((id) => !stored.has(id)).length;
  const failedShare = failed / total;
  check(
    lost === 0 && failedShare < 0.01 && acked.length > 0,
    `6. ${LOAD_MS / 1000} s of mixed load through nginx, app-2 killed (kill -9) at ${(killedAt / 1000).toFixed(1)} s with ${inFlightAtKill} requests in flight: ${total} requests (${(total / (LOAD_MS / 1000)).toFixed(0)}/s), ${failed} failed (${(failedShare * 100).toFixed(2)}%), p50 ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms; ${acked.length} messages answered 201, ${lost} lost`,
  );
  let after: Settled = { done: false, problems: [] };
  const afterBy = Date.now() + JOBS_MS;
  while (!after.done && Date.now() < afterBy) {
    await sleep(2_000);
    after = await settled(second, secondSince);
  }
  check(after.done && after.problems.length === 0, `6. the survivors' jobs expired ${DUE} requests and lapsed ${DUE} stays made due before the kill, each once${after.problems.length ? `: ${after.problems.join('; ')}` : ''}`);
  const allMail = smtp.mails();
  const repeated = allMail.length - new Set(allMail.map((m) => m.messageId ?? randomUUID())).size;
  // Every mail the outbox recorded as sent reached the SMTP server under its row's Message-ID.
  const sentRows = (await sql.query(`select id from mail_outbox where sent_at is not null`)).rows as { id: string }[];
  const ids = new Set(allMail.map((m) => m.messageId));
  const withoutId = sentRows.filter((r) => !ids.has(`<${r.id}@pawstay.in>`)).length;
  check(withoutId === 0 && sentRows.length > 0, `mail: ${allMail.length} e-mails caught, each of the ${sentRows.length} the outbox sent under its row's Message-ID (${withoutId} not); ${repeated} sent again under the same one (allowed only for a send the kill interrupted: delivery is at least once)`);
  // Prometheus scrapes each process; through nginx there is no /metrics.
  const metrics = await fetch(`${apps[0]!.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await metrics.text();
  const hidden = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  check(metrics.ok && /pawstay_job_runs_total\{job="booking lifecycle"\} \d+/.test(text) && hidden.status === 404, `/metrics on a process counts its requests and jobs (${text.split('\n').length} lines), and nginx does not pass it on (${hidden.status})`);
  // A deploy: SIGTERM to a process. It turns not ready at once, yet serves for DRAIN_SECONDS.
  const leaving = apps[0]!;
  leaving.proc.kill('SIGTERM');
  await sleep(500);
  const direct = (url: string) => fetch(`${leaving.url}${url}`).then((r) => r.status, () => 0);
  const [ready, live, served] = [await direct('/api/health/ready'), await direct('/api/health/live'), await direct('/api/search?city=Ahmedabad')];
  await exited(leaving.proc);
  check(ready === 503 && live === 200 && served === 200, `a process told to stop (SIGTERM) drains: not ready (${ready}), alive (${live}), still serving (${served}), then exits (${leaving.proc.exitCode})`);
  console.log(`FIGURES ${JSON.stringify({ requests: total, failed, failedPercent: +(failedShare * 100).toFixed(2), p50Ms: +p(0.5).toFixed(0), p99Ms: +p(0.99).toFixed(0), killedAtS: +(killedAt / 1000).toFixed(1), inFlightAtKill, liveMessageMs: { median: +liveMs.median.toFixed(0), max: +liveMs.max.toFixed(0) }, jobsSeconds: +jobsSeconds.toFixed(0) })}`);
} catch (err) {
  failures.push(String(err));
  console.error('✖ the cluster test stopped:', err);
  for (const [i, app] of apps.entries()) console.error(`--- app-${i + 1} said:\n${app.output.join('').slice(-3000)}`);
} finally {
  await sql.end().catch(() => {});
  await stopAll();
}
console.log(`test:cluster: ${failures.length ? `${failures.length} failed` : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failures.length ? 1 : 0);
