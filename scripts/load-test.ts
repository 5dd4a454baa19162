// `npm run test:load` (issue 8): the built app, in production mode on a throwaway PostgreSQL 15
// server with the Ahmedabad demo data, under 2 minutes of mixed traffic from 100 concurrent
// connections: searches, listing pages and photos, sign-in sends, booking requests and messages,
// with live message streams open. Mail goes over SMTP to a sink in this process.
//
// It prints throughput, latency (p50, p99) and answers per kind of request, and the app's
// resident memory (RSS) through the run. It exits non-zero on any 5xx or failed connection, on
// answers a healthy app would not give (see EXPECTED), when RSS at the end is more than 20%
// above RSS after the warm-up (a leak), and when a message did not reach its sender's open live
// stream, or the 99th percentile of the delay was over 2 s (live updates falling behind), and when
// the notification e-mail queued during the run is not all sent within 60 s after it.
//
// Environment (all optional): LOAD_SECONDS (120), LOAD_WARMUP_SECONDS (30), LOAD_CONNECTIONS
// (100), LOAD_STREAMS (20, open live-message streams), LOAD_DATABASE_URL (an existing, empty
// database instead of a throwaway cluster).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { addDays, todayInIndia } from '../src/domain/dates';
import { freePort, startCluster } from './pg-cluster.mjs';
import { type BuiltApp, requireBuild, startBuiltApp } from './support/built-app';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};
const SECONDS = env('LOAD_SECONDS', 120);
const WARMUP = env('LOAD_WARMUP_SECONDS', 30);
const CONNECTIONS = env('LOAD_CONNECTIONS', 100);
const STREAMS = env('LOAD_STREAMS', 20);
const MAX_RSS_GROWTH = 0.2;
/** How long after the run the live streams may take to deliver the last messages. */
const LIVE_GRACE_SECONDS = 5;
/** A live message may take this long to arrive after its send was answered, at the 99th percentile. */
const LIVE_P99_MS = 2_000;
/** Notification e-mail queued during the run must all be sent within this after it. */
const OUTBOX_DRAIN_SECONDS = 60;

type Kind = 'search' | 'listing' | 'page' | 'photo' | 'sign-in send' | 'booking' | 'message' | 'inbox';
/** How often each kind is picked (out of 100): mostly browsing, as on a marketplace. */
const MIX: [Kind, number][] = [
  ['search', 30],
  ['listing', 20],
  ['page', 10],
  ['photo', 10],
  ['sign-in send', 5],
  ['booking', 10],
  ['message', 10],
  ['inbox', 5],
];
/**
 * Answers other than 2xx that a healthy app gives under this traffic: a booking request for nights
 * a demo stay has already sold is refused with 409, and one past the guest's request limits
 * (10 open in all, 3 per home; 20 sent in 24 hours, 6 per home) with 429. Anything else fails the run.
 */
const EXPECTED: Partial<Record<Kind, number[]>> = { booking: [409, 429] };

const log = (line = '') => console.log(line);
const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// ------------------------------------------------------------------------------------------
// Mail: an SMTP sink that keeps the newest sign-in code per address

const codes = new Map<string, string>();
let mails = 0;
async function startSmtpSink(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails++;
        const code = /^Subject: (\d{6})\b/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
        if (code) for (const to of session.envelope.rcptTo) codes.set(to.address.toLowerCase(), code);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, stop: () => server.close() };
}

// ------------------------------------------------------------------------------------------
// HTTP: one keep-alive pool of CONNECTIONS sockets, as a browser population behind a proxy

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
let base = '';

type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders };
type Client = { cookie?: string; ip: string };

function request(client: Client, method: string, url: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          'accept-encoding': 'br, gzip',
          // The app runs as in production, behind a proxy: this is the client's address.
          'x-forwarded-for': client.ip,
          ...(client.cookie ? { cookie: client.cookie } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The answer's text. Only read when needed: decompressing every answer would load the client. */
function text(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  const raw = encoding === 'br' ? zlib.brotliDecompressSync(answer.body) : encoding === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body;
  return raw.toString('utf8');
}

async function json<T>(client: Client, method: string, url: string, body?: unknown, expect = 200): Promise<T> {
  const answer = await request(client, method, url, body);
  if (answer.status !== expect) throw new Error(`${method} ${url}: ${answer.status} ${text(answer).slice(0, 200)}`);
  return JSON.parse(text(answer)) as T;
}

// ------------------------------------------------------------------------------------------
// The app, as `npm start` runs it, in production mode

async function startApp(databaseUrl: string, smtpPort: number): Promise<BuiltApp & { pid: number; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-load-'));
  const app = await startBuiltApp(port, dataDir, {
    NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on',
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'on',
    // As behind one load balancer: each guest's X-Forwarded-For is its address.
    TRUST_PROXY: '1',
  });
  base = app.url;
  return { ...app, pid: app.proc.pid!, dataDir };
}

/** Resident memory of `pid` in MB (Linux /proc). */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

// ------------------------------------------------------------------------------------------
// The population

type Listing = { id: string; size_supported?: string[] };
type Guest = Client & { email: string; petId: string; conversationId: string; streaming?: boolean };

let addresses = 0;
/** A fresh client address in 10.0.0.0/8, as distinct visitors would have. */
const newIp = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function signIn(email: string): Promise<Client> {
  const client: Client = { ip: newIp() };
  const sent = await request(client, 'POST', '/api/auth/otp/send', { email });
  if (sent.status !== 200) throw new Error(`send ${email}: ${sent.status} ${text(sent)}`);
  // The code works only with the sign-in cookie of the browser that asked for it.
  client.cookie = (sent.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  for (let i = 0; !codes.has(email); i++) {
    if (i > 100) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const answer = await request(client, 'POST', '/api/auth/otp/verify', { email, code: codes.get(email) });
  if (answer.status !== 200) throw new Error(`verify ${email}: ${answer.status} ${text(answer)}`);
  const setCookie = answer.headers['set-cookie'] ?? [];
  client.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  return client;
}

/** A stay date range between 20 and 320 days ahead, 1 to 4 nights. */
function randomStay(): { fromDate: string; toDate: string } {
  const from = addDays(todayInIndia(), 20 + Math.floor(Math.random() * 300));
  return { fromDate: from, toDate: addDays(from, 1 + Math.floor(Math.random() * 4)) };
}

async function makeGuest(i: number, listings: Listing[]): Promise<Guest> {
  const email = `load-guest-${i}@example.com`;
  const client = await signIn(email);
  const pet = await json<{ id: string }>(client, 'POST', '/api/pets', { name: `Pet ${i}`, type: 'dog', size: 'm' }, 201);
  // Any open stay with a free range: the first request opens the guest's conversation with its host.
  for (let attempt = 0; attempt < 20; attempt++) {
    const listing = pick(listings);
    const booking = await request(client, 'POST', '/api/bookings', { listingId: listing.id, petIds: [pet.id], ...randomStay(), note: '' });
    if (booking.status !== 201) continue;
    const bookingId = (JSON.parse(text(booking)) as { id: string }).id;
    const opened = await request(client, 'POST', '/api/conversations', { bookingId });
    if (opened.status !== 200 && opened.status !== 201) throw new Error(`open conversation: ${opened.status} ${text(opened)}`);
    const conversation = JSON.parse(text(opened)) as { id: string };
    return { ...client, email, petId: pet.id, conversationId: conversation.id };
  }
  throw new Error(`${email} found no bookable stay in 20 attempts`);
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

// ------------------------------------------------------------------------------------------
// Traffic

const SEARCHES = [
  'city=Ahmedabad',
  'city=Ahmedabad&minPrice=500&maxPrice=3000',
  'city=Ahmedabad&size=small',
  'city=Ahmedabad&size=large&verified=true',
  'city=Ahmedabad&sort=price_asc',
  'city=Ahmedabad&minPrice=1000&maxPrice=2500&size=medium',
];
const PAGES = ['/', '/search?city=Ahmedabad', '/about'];

type Stats = { latencies: number[]; statuses: Map<number, number>; failures: string[] };
const newStats = (): Map<Kind, Stats> => new Map(MIX.map(([kind]) => [kind, { latencies: [], statuses: new Map(), failures: [] }]));

function chooseKind(): Kind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return MIX[0]![0];
}

let sends = 0;
function send(kind: Kind, guest: Guest, world: { listings: Listing[]; photos: string[]; searchDates: string }): Promise<Answer> {
  const visitor: Client = { ip: guest.ip };
  switch (kind) {
    case 'search': {
      const dated = Math.random() < 0.3 ? `&${world.searchDates}` : '';
      return request(visitor, 'GET', `/api/search?${pick(SEARCHES)}${dated}`);
    }
    case 'listing':
      return request(visitor, 'GET', `/api/listings/${pick(world.listings).id}`);
    case 'page':
      return request(visitor, 'GET', Math.random() < 0.5 ? `/listing/${pick(world.listings).id}` : pick(PAGES));
    case 'photo':
      return request(visitor, 'GET', pick(world.photos));
    case 'sign-in send':
      // Someone new each time, from their own address: the per-address and per-IP limits are
      // the sign-in tests' business, not this one's.
      return request({ ip: newIp() }, 'POST', '/api/auth/otp/send', { email: `load-visitor-${++sends}@example.com` });
    case 'booking':
      return request(guest, 'POST', '/api/bookings', { listingId: pick(world.listings).id, petIds: [guest.petId], ...randomStay(), note: 'Load test' });
    case 'message': {
      const body = `Load test message ${++messageCount}`;
      const sent = request(guest, 'POST', `/api/conversations/${guest.conversationId}/messages`, { body });
      if (!guest.streaming) return sent;
      const entry: { answeredAt?: number; deliveredAt?: number } = {};
      tracked.set(body, entry);
      return sent.then((answer) => {
        if (answer.status === 201) entry.answeredAt = performance.now();
        return answer;
      });
    }
    case 'inbox':
      return Math.random() < 0.5
        ? request(guest, 'GET', '/api/conversations')
        : request(guest, 'GET', `/api/conversations/${guest.conversationId}/messages`);
  }
}

/** CONNECTIONS closed-loop users for `seconds`, each sending its next request when answered. */
async function drive(guests: Guest[], world: Parameters<typeof send>[2], seconds: number, onTick?: () => void): Promise<{ stats: Map<Kind, Stats>; elapsed: number }> {
  const stats = newStats();
  const started = performance.now();
  const end = started + seconds * 1000;
  const ticker = onTick ? setInterval(onTick, 5_000) : undefined;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const guest = guests[i % guests.length]!;
      while (performance.now() < end) {
        const kind = chooseKind();
        const s = stats.get(kind)!;
        const t0 = performance.now();
        try {
          const answer = await send(kind, guest, world);
          s.latencies.push(performance.now() - t0);
          s.statuses.set(answer.status, (s.statuses.get(answer.status) ?? 0) + 1);
          if (isUnexpected(kind, answer.status) && s.failures.length < 5) s.failures.push(`${answer.status} ${text(answer).slice(0, 200)}`);
        } catch (err) {
          s.statuses.set(0, (s.statuses.get(0) ?? 0) + 1);
          if (s.failures.length < 5) s.failures.push(String(err));
        }
      }
    }),
  );
  if (ticker) clearInterval(ticker);
  return { stats, elapsed: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : Number.NaN;
}

/** A failed connection (0), or an answer a healthy app does not give to this kind of request. */
const isUnexpected = (kind: Kind, status: number) => status === 0 || (status >= 300 && !(EXPECTED[kind] ?? []).includes(status));

function unexpected(kind: Kind, statuses: Map<number, number>): number {
  let n = 0;
  for (const [status, count] of statuses) if (isUnexpected(kind, status)) n += count;
  return n;
}

/**
 * Messages sent by guests whose live stream is open: when each was answered, and how long after
 * that its stream delivered it. The live stream must keep up under load, not only work when idle.
 */
const tracked = new Map<string, { answeredAt?: number; deliveredAt?: number }>();
let messageCount = 0;

/** Live message streams of the first STREAMS guests, open through the run. */
function openStreams(guests: Guest[]): { close: () => void } {
  const requests = guests.slice(0, STREAMS).map((guest) => {
    guest.streaming = true;
    const req = http.get(`${base}/api/conversations/stream`, { headers: { cookie: guest.cookie!, 'x-forwarded-for': guest.ip, accept: 'text/event-stream' } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const events = buffer.split('\n\n');
        buffer = events.pop()!;
        for (const event of events) {
          if (!event.includes('event: message')) continue;
          const data = event.split('\n').find((line) => line.startsWith('data: '));
          const body = data ? (JSON.parse(data.slice(6)) as { body: string }).body : '';
          const entry = tracked.get(body);
          if (entry && entry.deliveredAt === undefined) entry.deliveredAt = performance.now();
        }
      });
      res.on('error', () => {});
    });
    req.on('error', () => {});
    return req;
  });
  return { close: () => requests.forEach((r) => r.destroy()) };
}

/** Waits up to `seconds` for every tracked message to reach its stream; returns the figures. */
async function deliveries(seconds: number): Promise<{ sent: number; delivered: number; p50: number; p99: number; max: number }> {
  const answered = () => [...tracked.values()].filter((e) => e.answeredAt !== undefined);
  const deadline = performance.now() + seconds * 1000;
  while (answered().some((e) => e.deliveredAt === undefined) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const lags = answered()
    .filter((e) => e.deliveredAt !== undefined)
    .map((e) => Math.max(0, e.deliveredAt! - e.answeredAt!))
    .sort((a, b) => a - b);
  return { sent: answered().length, delivered: lags.length, p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? Number.NaN };
}

/** The notification e-mail still queued now, and how long until none is (undefined: not in time). */
async function drainOutbox(databaseUrl: string): Promise<{ backlog: number; seconds?: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const queued = async () => (await client.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null')).rows[0]!.n;
    const backlog = await queued();
    const started = performance.now();
    for (;;) {
      if ((await queued()) === 0) return { backlog, seconds: (performance.now() - started) / 1000 };
      if (performance.now() - started > OUTBOX_DRAIN_SECONDS * 1000) return { backlog };
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
}

// ------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  requireBuild('test:load');
  const cpus = os.cpus();
  log(`PawStay load test: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const given = process.env.LOAD_DATABASE_URL;
  const cluster = given ? undefined : await startCluster();
  const smtp = await startSmtpSink();
  const databaseUrl = given ?? cluster!.url;
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let streams: ReturnType<typeof openStreams> | undefined;
  try {
    app = await startApp(databaseUrl, smtp.port);
    const { pid } = app;
    const anonymous: Client = { ip: newIp() };
    const found = await json<{ results: Listing[] }>(anonymous, 'GET', '/api/search?city=Ahmedabad&minPrice=500&maxPrice=100000&size=medium&pageSize=50');
    const listings = found.results;
    if (listings.length === 0) throw new Error('the demo data has no listing for a medium pet');
    const photos = [...new Set(listings.flatMap((l) => JSON.stringify(l).match(/\/uploads\/photos\/[\w-]+\.webp/g) ?? []))];
    if (photos.length === 0) throw new Error('no photo URL in the search results');
    const from = addDays(todayInIndia(), 30);
    const world = { listings, photos, searchDates: `from=${from}&to=${addDays(from, 3)}` };

    log(`Ahmedabad demo data: ${listings.length} stays for a medium pet, ${photos.length} photo files`);
    const setupStarted = performance.now();
    const guests: Guest[] = [];
    // A few at a time: the setup is not the test.
    for (let i = 0; i < CONNECTIONS; i += 10) {
      guests.push(...(await Promise.all(Array.from({ length: Math.min(10, CONNECTIONS - i) }, (_, j) => makeGuest(i + j, listings)))));
    }
    log(`${guests.length} guests signed in, each with a pet, a booking request and a conversation (${fmt((performance.now() - setupStarted) / 1000, 1)} s)`);
    streams = openStreams(guests);
    log(`${Math.min(STREAMS, guests.length)} live message streams open`);
    log(`mix: ${MIX.map(([k, w]) => `${k} ${w}%`).join(', ')}`);

    log(`\nwarm-up: ${WARMUP} s at ${CONNECTIONS} connections (RSS ${fmt(rssMb(pid))} MB before)`);
    if (WARMUP > 0) await drive(guests, world, WARMUP);
    const rssWarm = rssMb(pid);
    log(`RSS after warm-up: ${fmt(rssWarm)} MB`);

    log(`\nload: ${SECONDS} s at ${CONNECTIONS} connections`);
    const samples: number[] = [];
    tracked.clear();
    const { stats, elapsed } = await drive(guests, world, SECONDS, () => samples.push(rssMb(pid)));
    const rssEnd = rssMb(pid);
    const live = await deliveries(LIVE_GRACE_SECONDS);
    const outbox = await drainOutbox(databaseUrl);

    log(`\n${'kind'.padEnd(14)} ${'share'.padStart(6)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  answers`);
    const all: number[] = [];
    let total = 0;
    let serverErrors = 0;
    let bad = 0;
    const failures: string[] = [];
    for (const s of stats.values()) total += [...s.statuses.values()].reduce((a, b) => a + b, 0);
    for (const [kind, s] of stats) {
      const count = [...s.statuses.values()].reduce((a, b) => a + b, 0);
      const sorted = s.latencies.sort((a, b) => a - b);
      all.push(...sorted);
      const answers = [...s.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status === 0 ? 'failed' : status} ×${n}`).join(', ');
      log(`${kind.padEnd(14)} ${`${fmt((100 * count) / total)}%`.padStart(6)} ${fmt(count / elapsed).padStart(7)} ${fmt(percentile(sorted, 50), 1).padStart(8)} ${fmt(percentile(sorted, 99), 1).padStart(8)}  ${answers}`);
      for (const [status, n] of s.statuses) if (status === 0 || status >= 500) serverErrors += n;
      bad += unexpected(kind, s.statuses);
      failures.push(...s.failures.map((f) => `${kind}: ${f}`));
    }
    all.sort((a, b) => a - b);
    log(`${'all'.padEnd(14)} ${'100%'.padStart(6)} ${fmt(total / elapsed).padStart(7)} ${fmt(percentile(all, 50), 1).padStart(8)} ${fmt(percentile(all, 99), 1).padStart(8)}  ${fmt(total)} requests in ${fmt(elapsed, 1)} s`);
    for (const f of failures) log(`  ${f}`);

    const growth = (rssEnd - rssWarm) / rssWarm;
    log(`\nRSS every 5 s (MB): ${samples.map((m) => fmt(m)).join(' ')}`);
    log(`RSS: ${fmt(rssWarm)} MB after warm-up, ${fmt(rssEnd)} MB after the run (${growth >= 0 ? '+' : ''}${fmt(100 * growth, 1)}%)`);
    log(
      `live streams: ${fmt(live.delivered)} of the ${fmt(live.sent)} messages their guests sent arrived, ` +
        `p50 ${fmt(live.p50)} ms, p99 ${fmt(live.p99)} ms, slowest ${fmt(live.max)} ms after the send was answered`,
    );
    log(
      `mail: ${fmt(outbox.backlog)} notifications still queued when the traffic stopped, ` +
        `${outbox.seconds === undefined ? `not all sent within ${OUTBOX_DRAIN_SECONDS} s` : `all sent ${fmt(outbox.seconds, 1)} s later`}; ${fmt(mails)} mails reached the SMTP sink`,
    );
    log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

    const checks: [string, boolean][] = [
      ['no 5xx and no failed connection', serverErrors === 0],
      ['no unexpected answer (only 2xx, and 409 for sold nights or 429 past the request limits)', bad === 0],
      [`RSS within ${MAX_RSS_GROWTH * 100}% of after warm-up`, growth <= MAX_RSS_GROWTH],
      [`the mail outbox drained within ${OUTBOX_DRAIN_SECONDS} s after the traffic`, outbox.seconds !== undefined],
      [`live streams delivered every message, 99% within ${fmt(LIVE_P99_MS)} ms`, live.sent > 0 && live.delivered === live.sent && live.p99 <= LIVE_P99_MS],
    ];
    log('');
    for (const [label, ok] of checks) log(`${ok ? '✔' : '✖'} ${label}`);
    return checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    streams?.close();
    agent.destroy();
    await app?.stop();
    smtp.stop();
    cluster?.stop();
    if (app) rmSync(app.dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
