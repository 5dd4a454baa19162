import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rawRows } from '../../test/rows';
import { type TestContext, useTestApp } from '../../test/app';
import { browserCookieOf, lastCodeFor, lastLinkFor, sessionCookieOf, signIn } from '../../test/auth';

// Issue 34, hole 7: five code requests from a stranger's browsers held the owner of an address
// back for an hour on any browser that had not signed in to it before. Every sign-in e-mail now
// carries a link that signs in the browser that opens it, after a confirmation there; whenever the
// strangers' ceiling refuses a send, one of the mails already sent holds a link that works.

const UNUSABLE = 'This sign-in link no longer works: it has been used, it has expired, or a newer sign-in replaced it. Please ask for a new code.';

function helpers(t: TestContext) {
  let ip = 0;
  const nextIp = () => `198.18.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  /** A browser's sign-in cookie, as the server would have set it. */
  const newBrowser = () => `pawstay_browser=${randomBytes(32).toString('base64url')}`;
  const send = (email: string, browser?: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email }, remoteAddress, headers: browser ? { cookie: browser } : {} });
  const verify = (email: string, code: string, browser: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { email, code }, headers: { cookie: browser } });
  const preview = (token: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/link/preview', payload: { token }, remoteAddress: nextIp(), headers: cookie ? { cookie } : {} });
  const confirm = (token: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/link/sign-in', payload: { token }, remoteAddress: nextIp(), headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const whoIs = async (cookie: string | undefined) =>
    cookie ? (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user?.email ?? null : null;
  const mailsTo = (email: string) => t.mail.filter((m) => m.to === email).length;
  return { newBrowser, send, verify, preview, confirm, whoIs, mailsTo };
}

describe('sign-in links', () => {
  const t = useTestApp();
  const { newBrowser, send, verify, preview, confirm, whoIs, mailsTo } = helpers(t);

  it("a stranger's 20 code requests from 5 browsers, and the owner still signs in from a new browser", async () => {
    const owner = 'owner@example.com';
    await signIn(t, owner);
    const before = mailsTo(owner);

    // The stranger: 5 browsers, 4 requests each, each from an address of its own.
    const strangers = Array.from({ length: 5 }, () => newBrowser());
    const answers: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const browser of strangers) answers.push((await send(owner, browser)).statusCode);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
    expect(mailsTo(owner) - before).toBe(5);

    // The owner, on a browser that has never signed in: refused, and told where the way in is.
    const phone = newBrowser();
    const refused = await send(owner, phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many codes requested. To sign in now, open the link in the newest sign-in e-mail sent to this address, or wait a while and try again.',
    });

    // The newest e-mail in the inbox was asked for by the stranger; its link signs the owner's browser in.
    const token = lastLinkFor(t, owner);
    const shown = await preview(token, phone);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ email: owner });
    const signedIn = await confirm(token, phone);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(owner);
    const session = sessionCookieOf(signedIn.headers['set-cookie']);
    expect(await whoIs(session)).toBe(owner);
    // It kept its sign-in cookie, and is now one of the address's own: when strangers fill the
    // ceiling again (the sign-in ended the links they had the inbox sent), it is not held by it.
    expect(browserCookieOf(signedIn.headers['set-cookie'])).toBe(phone);
    const flood = [];
    for (const browser of strangers) flood.push((await send(owner, browser)).statusCode);
    flood.push((await send(owner, strangers[0])).statusCode);
    expect(flood).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send(owner, phone)).statusCode).toBe(200);
    expect((await verify(owner, lastCodeFor(t, owner), phone)).statusCode).toBe(200);
  });

  it('every sign-in e-mail carries the link beside the code, whoever asked; the token is stored hashed', async () => {
    const email = 'mailed@example.com';
    expect((await send(email, newBrowser())).statusCode).toBe(200);
    const mail = t.mail.at(-1)!;
    const token = lastLinkFor(t, email);
    expect(mail.text).toContain(`http://localhost:3000/sign-in#${token}`);
    expect(mail.html).toContain(`href="http://localhost:3000/sign-in#${token}"`);
    expect(mail.text).toContain(lastCodeFor(t, email));
    expect(mail.text).toMatch(/works once, for an hour/);
    const [row] = await rawRows<{ link_hash: string }>(t.database.db, sql`select link_hash from auth_codes where email = ${email}`);
    expect(row!.link_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await rawRows(t.database.db, sql`select * from auth_codes where email = ${email}`))).not.toContain(token);
  });

  it('a browser with no sign-in cookie gets one, and becomes one of the address\'s own', async () => {
    const email = 'fresh-browser@example.com';
    await send(email, newBrowser());
    const signedIn = await confirm(lastLinkFor(t, email));
    expect(signedIn.statusCode).toBe(200);
    const browser = browserCookieOf(signedIn.headers['set-cookie'])!;
    expect(browser).toMatch(/^pawstay_browser=[\w-]{43}$/);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/pawstay_browser=[\w-]{43}; Max-Age=31536000; Path=\/api\/auth\/; HttpOnly; SameSite=Lax/);
    const [known] = await rawRows<{ n: number }>(t.database.db, sql`
      select count(*)::int as n from sign_in_browsers
      where email = ${email} and browser_hash = ${createHash('sha256').update(browser.split('=')[1]!).digest('hex')}`);
    expect(known!.n).toBe(1);
  });

  it('works once', async () => {
    const email = 'once-link@example.com';
    await send(email, newBrowser());
    const token = lastLinkFor(t, email);
    expect((await confirm(token, newBrowser())).statusCode).toBe(200);
    for (const answer of [await confirm(token, newBrowser()), await preview(token)]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toEqual({ code: 'link_unusable', message: UNUSABLE });
      expect(sessionCookieOf(answer.headers['set-cookie'])).toBeUndefined();
    }
  });

  it('works once when confirmed twice at the same moment', async () => {
    const email = 'race-link@example.com';
    await send(email, newBrowser());
    const token = lastLinkFor(t, email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(token, newBrowser())));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const [sessions] = await rawRows<{ n: number }>(t.database.db, sql`
      select count(*)::int as n from sessions where user_id = (select id from users where email = ${email})`);
    expect(sessions!.n).toBe(1);
  });

  it('works for an hour, the window of the send limits, and no longer', async () => {
    const email = 'late-link@example.com';
    await send(email, newBrowser());
    const token = lastLinkFor(t, email);
    await t.database.db.execute(sql`update auth_codes set created_at = now() - interval '59 minutes' where email = ${email}`);
    expect((await preview(token)).statusCode).toBe(200);
    await t.database.db.execute(sql`update auth_codes set created_at = now() - interval '61 minutes' where email = ${email}`);
    for (const answer of [await preview(token), await confirm(token, newBrowser())]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('link_unusable');
    }
  });

  it('refuses a wrong or malformed token alike, with no guess counted and nothing else changed', async () => {
    const email = 'guessed@example.com';
    await send(email, newBrowser());
    const token = lastLinkFor(t, email);
    for (let i = 0; i < 50; i++) {
      const wrong = await confirm(randomBytes(32).toString('base64url'), newBrowser());
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toEqual({ code: 'link_unusable', message: UNUSABLE });
    }
    for (const malformed of ['', 'abc', token.slice(0, 42), `${token}x`, `${token.slice(0, 42)}!`, 42, null]) {
      const answer = await preview(malformed);
      expect(answer.statusCode, String(malformed)).toBe(400);
      expect(answer.json().error.fields.token).toBe('This sign-in link is incomplete. Please open it again from your e-mail.');
    }
    // No limit was spent: the owner's link still works.
    expect((await confirm(token, newBrowser())).statusCode).toBe(200);
  });

  it('opens nothing for a suspended account, and a suspended account is mailed no link', async () => {
    const email = 'link-suspended@example.com';
    await signIn(t, email);
    await send(email, newBrowser());
    const token = lastLinkFor(t, email);
    await t.database.db.execute(sql`update users set suspended_at = now() where email = ${email}`);
    for (const answer of [await preview(token), await confirm(token, newBrowser())]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toEqual({ code: 'link_unusable', message: UNUSABLE });
      expect(sessionCookieOf(answer.headers['set-cookie'])).toBeUndefined();
    }
    await send(email, newBrowser());
    const mail = t.mail.at(-1)!;
    expect(mail.subject).toBe('Your PawStay account is suspended');
    expect(mail.text).not.toMatch(/sign-in#/);
    await t.database.db.execute(sql`update users set suspended_at = null where email = ${email}`);
  });

  it('is ended by a newer sign-in to the address, with a link or a code', async () => {
    const email = 'newer@example.com';
    await send(email, newBrowser());
    const first = lastLinkFor(t, email);
    await send(email, newBrowser());
    const second = lastLinkFor(t, email);
    expect((await confirm(second, newBrowser())).statusCode).toBe(200);
    expect((await confirm(first, newBrowser())).json().error.code).toBe('link_unusable');

    await send(email, newBrowser());
    const third = lastLinkFor(t, email);
    const laptop = newBrowser();
    await send(email, laptop);
    expect((await verify(email, lastCodeFor(t, email), laptop)).statusCode).toBe(200);
    expect((await preview(third)).json().error.code).toBe('link_unusable');
  });

  it("a link's use ends the code mailed with it", async () => {
    const email = 'pair@example.com';
    const asker = newBrowser();
    await send(email, asker);
    const code = lastCodeFor(t, email);
    expect((await confirm(lastLinkFor(t, email), newBrowser())).statusCode).toBe(200);
    expect((await verify(email, code, asker)).statusCode).toBe(400);
  });

  it('signs the browser out of the account it was in, and says which address it is for before anything happens', async () => {
    const stranger = 'stranger@example.com';
    const victim = await signIn(t, 'victim-link@example.com');
    await send(stranger, newBrowser());
    const token = lastLinkFor(t, stranger);
    // Shown to the victim: the stranger's address. Nothing has changed yet.
    expect((await preview(token, victim)).json()).toEqual({ email: stranger });
    expect(await whoIs(victim)).toBe('victim-link@example.com');
    const confirmed = await confirm(token, victim);
    expect(confirmed.json().user.email).toBe(stranger);
    expect(await whoIs(victim)).toBeNull();
    expect(await whoIs(sessionCookieOf(confirmed.headers['set-cookie']))).toBe(stranger);
  });

  it('is refused from another site: another site cannot sign a visitor in', async () => {
    const email = 'csrf-link@example.com';
    await send(email, newBrowser());
    const token = lastLinkFor(t, email);
    const fromElsewhere = await confirm(token, undefined, { origin: 'https://evil.example' });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json().error.code).toBe('cross_site_request');
    expect((await confirm(token, undefined, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it("a stranger who asks for the owner's codes never sees a link: the answers carry none and the database holds only hashes", async () => {
    const email = 'no-leak@example.com';
    const stranger = newBrowser();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await send(email, stranger));
    const tokens = t.mail.filter((m) => m.to === email).map((m) => m.text.match(/sign-in#([\w-]{43})/)![1]!);
    expect(tokens).toHaveLength(5);
    for (const answer of answers) for (const token of tokens) expect(answer.body + JSON.stringify(answer.headers)).not.toContain(token);
    const stored = JSON.stringify(await rawRows(t.database.db, sql`select * from auth_codes where email = ${email}`));
    for (const token of tokens) expect(stored).not.toContain(token);
  });

  describe('the limits stay as they were', () => {
    it('5 an hour per browser and address, 20 per IP, 5 per address from browsers that never signed in to it', async () => {
      const browser = newBrowser();
      const perBrowser = [];
      for (let i = 0; i < 6; i++) perBrowser.push((await send('per-browser@example.com', browser)).statusCode);
      expect(perBrowser).toEqual([200, 200, 200, 200, 200, 429]);

      const perIp = [];
      for (let i = 0; i < 21; i++) perIp.push((await send(`per-ip-${i}@example.com`, newBrowser(), '203.0.113.77')).statusCode);
      expect(perIp.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(perIp[20]).toBe(429);

      const ceiling = [];
      for (let i = 0; i < 8; i++) ceiling.push((await send('ceiling@example.com', newBrowser())).statusCode);
      expect(ceiling).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    });

    it("the per-IP limit's refusal says to wait: the address may have been sent nothing", async () => {
      for (let i = 0; i < 20; i++) await send(`ip-only-${i}@example.com`, newBrowser(), '203.0.113.78');
      const refused = await send('ip-only-last@example.com', newBrowser(), '203.0.113.78');
      expect(refused.json().error).toEqual({ code: 'rate_limited', message: 'Too many codes requested. Please wait a while and try again.' });
    });

    it("the link's pages count no sends and no guesses: previews and wrong tokens leave every limit as it was", async () => {
      const email = 'counted@example.com';
      const browser = newBrowser();
      for (let i = 0; i < 30; i++) await preview(randomBytes(32).toString('base64url'), browser);
      await send(email, browser, '203.0.113.79');
      const token = lastLinkFor(t, email);
      for (let i = 0; i < 10; i++) expect((await preview(token, browser)).statusCode).toBe(200);
      const [row] = await rawRows<{ attempts: number; n: number }>(t.database.db, sql`
        select max(attempts)::int as attempts, count(*)::int as n from auth_codes where email = ${email}`);
      expect(row).toEqual({ attempts: 0, n: 1 });
      const more = [];
      for (let i = 0; i < 5; i++) more.push((await send(email, browser, '203.0.113.79')).statusCode);
      expect(more).toEqual([200, 200, 200, 200, 429]);
    });

    it("after the owner signs in, strangers are held to 5 live links again, and the owner's new browsers always have one", async () => {
      const owner = 'twice-flooded@example.com';
      for (let i = 0; i < 7; i++) await send(owner, newBrowser());
      expect(mailsTo(owner)).toBe(5);
      // Opened on the phone: the inbox's links are ended by that sign-in.
      expect((await confirm(lastLinkFor(t, owner), newBrowser())).statusCode).toBe(200);
      // The ceiling counts the links that still work, so strangers get another 5, and no more...
      const flood = [];
      for (let i = 0; i < 7; i++) flood.push((await send(owner, newBrowser())).statusCode);
      expect(flood).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(mailsTo(owner)).toBe(10);
      // ...and the owner's laptop, refused a code, has a link that works in the newest of them.
      const laptop = newBrowser();
      expect((await send(owner, laptop)).statusCode).toBe(429);
      expect((await confirm(lastLinkFor(t, owner), laptop)).statusCode).toBe(200);
    });

    it('a refusal by the ceiling always leaves a link that works in the newest mail (as the hour slides)', async () => {
      const owner = 'sliding@example.com';
      for (let i = 0; i < 5; i++) await send(owner, newBrowser());
      // The first four were asked for 50 minutes ago, the fifth just now: still refused.
      await t.database.db.execute(sql`
        update auth_codes set created_at = now() - interval '50 minutes'
        where id in (select id from auth_codes where email = ${owner} order by created_at limit 4)`);
      expect((await send(owner, newBrowser())).statusCode).toBe(429);
      // Past the hour for the four: the ceiling has room again, so nobody needs their links.
      await t.database.db.execute(sql`
        update auth_codes set created_at = now() - interval '61 minutes' where email = ${owner} and created_at < now() - interval '10 minutes'`);
      const phone = newBrowser();
      expect((await send(owner, phone)).statusCode).toBe(200);
      expect((await verify(owner, lastCodeFor(t, owner), phone)).statusCode).toBe(200);
    });
  });
});

// A mail scanner opens every link in a message, with GET (some run the page's script too). The
// token is in the fragment, which no browser or HTTP client sends, and only the confirmation, a
// POST from the page, uses it.
describe('a mail scanner that opens the link', () => {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-link-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>PawStay</title></head><body><div id="root"></div></body></html>');
  const t = useTestApp({}, { webDir });
  const { newBrowser, send, preview, confirm, whoIs } = helpers(t);

  it('signs nobody in and uses up nothing, whatever it fetches', async () => {
    const email = 'scanned@example.com';
    await send(email, newBrowser());
    const token = lastLinkFor(t, email);
    for (const [method, url] of [
      ['GET', '/sign-in'],
      ['HEAD', '/sign-in'],
      ['GET', `/sign-in?token=${token}`],
      ['GET', `/sign-in/${token}`],
      ['GET', `/api/auth/link/sign-in?token=${token}`],
      ['GET', `/api/auth/link/preview?token=${token}`],
    ] as const) {
      const answer = await t.app.inject({ method, url });
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(sessionCookieOf(answer.headers['set-cookie']), url).toBeUndefined();
      expect(answer.body, url).not.toContain(email);
    }
    expect((await t.app.inject({ method: 'GET', url: '/sign-in' })).statusCode).toBe(200);
    // A scanner that runs the page's script asks what the link is for: that uses nothing either.
    for (let i = 0; i < 3; i++) expect((await preview(token)).json()).toEqual({ email });
    const confirmed = await confirm(token, newBrowser());
    expect(confirmed.statusCode).toBe(200);
    expect(await whoIs(sessionCookieOf(confirmed.headers['set-cookie']))).toBe(email);
  });
});
