import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deleteExpiredSignIns } from '../../auth/expired';
import { databaseSessionStore } from '../../auth/session-watch';
import { rawRows } from '../../test/rows';
import { useTestApp } from '../../test/app';
import { lastCodeFor, sessionCookieOf, signIn } from '../../test/auth';

describe('passwordless sign-in', () => {
  const t = useTestApp();
  let ip = 0;
  const nextIp = () => `192.0.2.${++ip}`;
  /** A browser's sign-in cookie, as the server would have set it. */
  const newBrowser = () => `pawstay_browser=${randomBytes(32).toString('base64url')}`;
  /** The browser of the tests that use one browser only. */
  const owner = newBrowser();
  const send = (email: unknown, remoteAddress = nextIp(), browser = owner) =>
    t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email }, remoteAddress, headers: { cookie: browser } });
  const verify = (email: unknown, code: unknown, headers: Record<string, string> = {}, browser = owner) =>
    t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { email, code }, headers: { ...headers, cookie: [browser, headers.cookie].filter(Boolean).join('; ') } });
  const session = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });

  it('e-mails a 6-digit code that signs a new address in and creates its account', async () => {
    const res = await send('  Neha@Example.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe('neha@example.com');
    const code = lastCodeFor(t, 'neha@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain(code);
    expect(mail.text).toContain('localhost:3000');

    const signedIn = await verify('neha@example.com', code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: 'neha@example.com', name: '', phone: null });
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/pawstay_session=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // only in production, where the site is on https

    const me = await session(sessionCookieOf(signedIn.headers['set-cookie']));
    expect(me.json().user.email).toBe('neha@example.com');
  });

  it('stores codes hashed, never in plain text', async () => {
    await send('hash@example.com');
    const code = lastCodeFor(t, 'hash@example.com');
    const rows = await rawRows<{ code_hash: string }>(
      t.database.db,
      sql`select code_hash from auth_codes where email = 'hash@example.com'`,
    );
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
  });

  it('answers the same for known and unknown addresses', async () => {
    await signIn(t, 'known@example.com');
    const known = await send('known@example.com');
    const unknown = await send('nobody-yet@example.com');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('refuses a wrong code with "Invalid OTP" and sets no cookie', async () => {
    await send('wrong@example.com');
    const code = lastCodeFor(t, 'wrong@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await verify('wrong@example.com', wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid_code', message: 'Invalid OTP' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses the sixth try even with the right code', async () => {
    await send('brute@example.com');
    const code = lastCodeFor(t, 'brute@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify('brute@example.com', wrong)).statusCode).toBe(400);
    const sixth = await verify('brute@example.com', code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.code).toBe('too_many_attempts');
    expect(sixth.json().error.message).toMatch(/^Invalid OTP/);
  });

  it('counts parallel wrong guesses exactly', async () => {
    await send('parallel@example.com');
    const code = lastCodeFor(t, 'parallel@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(Array.from({ length: 8 }, () => verify('parallel@example.com', wrong)));
    expect((await verify('parallel@example.com', code)).json().error.code).toBe('too_many_attempts');
  });

  it('refuses an expired code', async () => {
    await send('late@example.com');
    const code = lastCodeFor(t, 'late@example.com');
    await t.database.db.execute(
      sql`update auth_codes set expires_at = now() - interval '1 second' where email = 'late@example.com'`,
    );
    const res = await verify('late@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('code_expired');
  });

  it('accepts a code once only', async () => {
    await send('once@example.com');
    const code = lastCodeFor(t, 'once@example.com');
    expect((await verify('once@example.com', code)).statusCode).toBe(200);
    const again = await verify('once@example.com', code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Invalid OTP');
  });

  it('makes an earlier code unusable when a new one is sent', async () => {
    await send('resend@example.com');
    const first = lastCodeFor(t, 'resend@example.com');
    await send('resend@example.com');
    const second = lastCodeFor(t, 'resend@example.com');
    if (first !== second) expect((await verify('resend@example.com', first)).statusCode).toBe(400);
    expect((await verify('resend@example.com', second)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour to one address from one browser', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await send('limit@example.com')).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await send('limit@example.com');
    expect(limited.json().error.code).toBe('rate_limited');
  });

  // Issue 19: five sends from anywhere locked an address out of signing in for an hour, each send
  // voided its owner's code, and five wrong guesses locked it.
  describe('a code belongs to the browser that asked for it', () => {
    it('sets the browser an HttpOnly sign-in cookie, keeps the one it has, and ignores a forged one', async () => {
      const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email: 'cookie@example.com' }, remoteAddress: nextIp() });
      const cookie = String(fresh.headers['set-cookie']);
      expect(cookie).toMatch(/^pawstay_browser=[\w-]{43}; Max-Age=31536000; Path=\/api\/auth\/; HttpOnly; SameSite=Lax$/);
      const kept = await send('cookie@example.com', nextIp(), cookie.split(';')[0]);
      expect(String(kept.headers['set-cookie']).split(';')[0]).toBe(cookie.split(';')[0]);
      const forged = await send('cookie@example.com', nextIp(), 'pawstay_browser=short');
      expect(String(forged.headers['set-cookie'])).toMatch(/^pawstay_browser=[\w-]{43};/);
    });

    it('works only in that browser: elsewhere, or with no sign-in cookie, the right code is refused and costs the owner nothing', async () => {
      await send('bound@example.com');
      const code = lastCodeFor(t, 'bound@example.com');
      // A browser with no code of its own is told nothing of others' codes (no free oracle).
      const elsewhere = await verify('bound@example.com', code, {}, newBrowser());
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error).toEqual({ code: 'invalid_code', message: 'Invalid OTP' });
      const noCookie = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { email: 'bound@example.com', code } });
      expect(noCookie.json().error).toEqual({ code: 'no_sign_in_attempt', message: 'Invalid OTP: please enter the code in the browser that asked for it, or request a new one.' });
      expect(sessionCookieOf(noCookie.headers['set-cookie'])).toBeUndefined();
      expect((await verify('bound@example.com', code)).statusCode).toBe(200);
    });

    it("another browser's sends do not void the owner's code, and its wrong guesses count against its own code only", async () => {
      await send('victim@example.com');
      const code = lastCodeFor(t, 'victim@example.com');
      const attacker = newBrowser();
      // Four more, and the address's ceiling on strangers' sends (5 an hour) is reached.
      for (let i = 0; i < 4; i++) expect((await send('victim@example.com', nextIp(), attacker)).statusCode).toBe(200);
      expect((await send('victim@example.com', nextIp(), attacker)).statusCode).toBe(429);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 10; i++) expect((await verify('victim@example.com', wrong, {}, attacker)).statusCode).toBe(400);
      expect((await verify('victim@example.com', wrong, {}, attacker)).json().error.code).toBe('too_many_attempts');
      // The owner, still within their own budget, signs in with the code they were sent.
      expect((await verify('victim@example.com', code)).statusCode).toBe(200);
    });

    it("a stranger's code typed in the owner's browser is no wrong guess: it says so, and costs the owner's code nothing", async () => {
      await send('inbox@example.com');
      const mine = lastCodeFor(t, 'inbox@example.com');
      const stranger = newBrowser();
      await send('inbox@example.com', nextIp(), stranger);
      const theirs = lastCodeFor(t, 'inbox@example.com');
      if (theirs === mine) return; // One chance in a million: nothing to tell apart.
      for (let i = 0; i < 6; i++) {
        const res = await verify('inbox@example.com', theirs);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({ code: 'code_for_other_browser', message: 'Invalid OTP: this code was asked for in another browser. Please enter the code sent for this one, or request a new one.' });
      }
      const [row] = await rawRows<{ attempts: number }>(t.database.db, sql`
        select attempts from auth_codes where email = 'inbox@example.com' and consumed_at is null order by created_at limit 1`);
      expect(row!.attempts).toBe(0);
      expect((await verify('inbox@example.com', mine)).statusCode).toBe(200);
    });

    it('a flood of requests from strangers cannot keep a browser that signed in before from getting and using a code', async () => {
      const home = newBrowser();
      await send('flooded@example.com', nextIp(), home);
      expect((await verify('flooded@example.com', lastCodeFor(t, 'flooded@example.com'), {}, home)).statusCode).toBe(200);
      // Strangers, each from a browser and an address of their own: at most 5 an hour reach the inbox.
      const strangers = [];
      for (let i = 0; i < 8; i++) strangers.push((await send('flooded@example.com', nextIp(), newBrowser())).statusCode);
      expect(strangers).toEqual([...Array(5).fill(200), 429, 429, 429]);
      // The owner's browser is not held by the strangers' ceiling.
      expect((await send('flooded@example.com', nextIp(), home)).statusCode).toBe(200);
      expect((await verify('flooded@example.com', lastCodeFor(t, 'flooded@example.com'), {}, home)).statusCode).toBe(200);
    });
  });

  it('sends at most 20 codes an hour from one IP address', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await send(`ip-${i}@example.com`, '203.0.113.50')).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
    expect((await send('other@example.com', '203.0.113.51')).statusCode).toBe(200);
  });

  it('withdraws the code and says so when the mail cannot be sent', async () => {
    t.failMail(true);
    const res = await send('mailfail@example.com');
    t.failMail(false);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('mail_unavailable');
    const rows = await rawRows(t.database.db, sql`select 1 from auth_codes where email = 'mailfail@example.com'`);
    expect(rows).toHaveLength(0);
  });

  it.each([
    [{}, 'email', 'Please enter your email'],
    [{ email: '' }, 'email', 'Please enter your email'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ email: 42 }, 'email', 'Please enter your email'],
  ])('validates the send body %j', async (payload, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it.each([
    [{ email: 'a@example.com' }, 'Please enter the OTP'],
    [{ email: 'a@example.com', code: '' }, 'Please enter the OTP'],
    [{ email: 'a@example.com', code: '12345' }, 'Enter the 6-digit code from your email'],
    [{ email: 'a@example.com', code: '1234567' }, 'Enter the 6-digit code from your email'],
    [{ email: 'a@example.com', code: 'abcdef' }, 'Enter the 6-digit code from your email'],
  ])('validates the verify body %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.code).toBe(message);
  });

  it('gives a new token at each sign-in and ends the old one', async () => {
    const first = await signIn(t, 'twice@example.com');
    await send('twice@example.com');
    const res = await verify('twice@example.com', lastCodeFor(t, 'twice@example.com'), { cookie: first });
    const second = sessionCookieOf(res.headers['set-cookie'])!;
    expect(second).not.toBe(first);
    expect((await session(first)).json().user).toBeNull();
    expect((await session(second)).json().user.email).toBe('twice@example.com');
  });

  it('makes a stolen cookie useless after sign-out', async () => {
    const cookie = await signIn(t, 'leaver@example.com');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/pawstay_session=;/);
    expect((await session(cookie)).json().user).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('renews a session in use and ends an idle one', async () => {
    const cookie = await signIn(t, 'renew@example.com');
    const token = cookie.split('=')[1]!;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest('hex');
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 day' where token_hash = ${hash}`,
    );
    const used = await session(cookie);
    expect(used.json().user.email).toBe('renew@example.com');
    expect(String(used.headers['set-cookie'])).toContain('pawstay_session=');
    const [row] = await rawRows<{ days: number }>(
      t.database.db,
      sql`select extract(epoch from expires_at - now()) / 86400 as days from sessions where token_hash = ${hash}`,
    );
    expect(Number(row!.days)).toBeGreaterThan(13);

    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${hash}`);
    const idle = await session(cookie);
    expect(idle.json().user).toBeNull();
    // Not cleared: the browser may have signed in again (another tab) while this was on its way.
    expect(idle.headers['set-cookie']).toBeUndefined();
  });

  it('deletes expired sessions and day-old codes, and nothing still in use', async () => {
    const live = await signIn(t, 'sweep-live@example.com');
    const ended = await signIn(t, 'sweep-ended@example.com');
    await t.database.db.execute(sql`
      update sessions set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = 'sweep-ended@example.com')`);
    await t.database.db.execute(sql`update auth_codes set created_at = now() - interval '25 hours' where email = 'sweep-ended@example.com'`);
    const count = async (table: 'sessions' | 'auth_codes', email: string) => {
      const where = table === 'sessions' ? sql`user_id = (select id from users where email = ${email})` : sql`email = ${email}`;
      const [row] = await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`);
      return row!.n;
    };
    const swept = await deleteExpiredSignIns(t.database.db);
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.codes).toBeGreaterThanOrEqual(1);
    expect(await count('sessions', 'sweep-ended@example.com')).toBe(0);
    expect(await count('auth_codes', 'sweep-ended@example.com')).toBe(0);
    expect(await count('sessions', 'sweep-live@example.com')).toBe(1);
    expect(await count('auth_codes', 'sweep-live@example.com')).toBe(1);
    expect((await session(live)).json().user.email).toBe('sweep-live@example.com');
    expect((await session(ended)).json().user).toBeNull();
  });

  it('reads the live sessions of any number of streams in one query', async () => {
    await signIn(t, 'watched@example.com');
    const [row] = await rawRows<{ id: string }>(t.database.db, sql`
      select s.id from sessions s join users u on u.id = s.user_id where u.email = 'watched@example.com'`);
    // More ids than a query may have parameters (65,535): the list goes as one array.
    const strangers = Array.from({ length: 70_000 }, () => crypto.randomUUID());
    const live = await databaseSessionStore(t.database.db).live([...strangers, row!.id]);
    expect([...live.keys()]).toEqual([row!.id]);
    expect(live.get(row!.id)).toBeGreaterThan(Date.now());
  });

  it('refuses a state-changing request from another site', async () => {
    const cookie = await signIn(t, 'csrf@example.com');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { name: 'Hacked' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_site_request');
    const fetchMeta = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Hacked' },
    });
    expect(fetchMeta.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().name).toBe('');
    const sameOrigin = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { name: 'Real' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('refuses a cross-site request however its path is spelt: the rule is on the route reached, and on every state-changing request', async () => {
    // Sent over a real socket, byte for byte: an HTTP client library would tidy the paths up.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const cookie = await signIn(t, 'csrf-paths@example.com');
    const post = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path, headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    for (const path of ['/%61pi/auth/sign-out', '/%41PI/auth/sign-out', '//api/auth/sign-out', '/./api/auth/sign-out', '/API/auth/sign-out', '/api/auth/sign-out%2F', '/api%2Fauth%2Fsign-out', '/api/auth/%73ign-out', '/api/auth/sign-out']) {
      expect(await post(path), path).toBe(403);
      // The victim is still signed in: no spelling ended the session.
      expect((await session(cookie)).json().user?.email, path).toBe('csrf-paths@example.com');
    }
  });

  it("resolves the session by the route reached: a same-site request spelt /%61pi/... is the signed-in user's", async () => {
    const cookie = await signIn(t, 'routed@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/auth/session', headers: { cookie } });
    expect(res.json().user?.email).toBe('routed@example.com');
  });

  it('counts sends made at once one after another: 12 at the same moment from strangers, 5 codes', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => send('at-once@example.com', nextIp(), newBrowser())));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    expect(t.mail.filter((m) => m.to === 'at-once@example.com')).toHaveLength(5);
  });

  it('ignores garbage session cookies', async () => {
    for (const cookie of ['pawstay_session=', 'pawstay_session=abc', `pawstay_session=${'x'.repeat(5000)}`, 'pawstay_session=%%%']) {
      const res = await session(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBeNull();
    }
  });

  describe("answers in the reader's language (decision 063)", () => {
    it("says a refusal in the language of the cookie, else of Accept-Language, else in English; caches keep one per language", async () => {
      const email = 'bhasha@example.com';
      expect((await send(email)).statusCode).toBe(200);
      const gu = await verify(email, '000000', { 'accept-language': 'gu-IN,gu;q=0.9,en;q=0.8' });
      expect(gu.statusCode).toBe(400);
      expect(gu.json().error).toEqual({ code: 'invalid_code', message: 'OTP ખોટો છે' });
      expect(gu.headers.vary).toMatch(/cookie/);
      expect(gu.headers.vary).toMatch(/accept-language/);
      // The cookie keeps a choice made on the page, over what the browser asks for.
      const hi = await verify(email, '000000', { 'accept-language': 'gu', cookie: 'pawstay_lang=hi' });
      expect(hi.json().error.message).toBe('OTP गलत है');
      const en = await verify(email, '000000', { 'accept-language': 'fr-FR, de' });
      expect(en.json().error.message).toBe('Invalid OTP');
    });

    it("says a field's validation message in the language, the code unchanged", async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email: '' }, remoteAddress: nextIp(), headers: { 'accept-language': 'hi' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'validation_failed', message: 'कृपया अपना ईमेल लिखें', fields: { email: 'कृपया अपना ईमेल लिखें' } });
      const code = await verify('someone@example.com', '12', { 'accept-language': 'gu' });
      expect(code.json().error.fields).toEqual({ code: 'તમારા ઈમેલમાં આવેલો 6 અંકનો કોડ લખો' });
    });

    it('answers a text no catalogue has as written, and a hostile header changes nothing', async () => {
      const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { 'accept-language': 'gu', cookie: 'pawstay_lang=<script>' } });
      expect(unknown.statusCode).toBe(200);
      const bad = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: '{"email":', headers: { 'content-type': 'application/json', 'accept-language': 'gu;q=abc, ,,;;' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toEqual({ code: 'bad_request', message: 'Request body is not valid JSON' });
    });
  });
});
