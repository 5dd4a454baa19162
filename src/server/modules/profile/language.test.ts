import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { browserCookieOf, lastCodeFor, sessionCookieOf, signIn } from '../../test/auth';

// PUT /api/language and the sign-in's part in it (decision 059): the cookie that pages read, the
// profile's choice that e-mails read, kept the same.

const langCookie = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().find((c) => c.startsWith('pawstay_lang='));

describe('PUT /api/language', () => {
  const t = useTestApp();

  it('keeps a signed-out visitor\'s choice in a cookie for a year, which the server alone reads', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/language', payload: { locale: 'gu' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locale: 'gu' });
    const cookie = langCookie(res.headers['set-cookie'])!;
    expect(cookie).toMatch(/^pawstay_lang=gu; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('keeps a signed-in user\'s choice on their profile too', async () => {
    const cookie = await signIn(t, 'lang-user@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().locale).toBeNull();
    const res = await t.app.inject({ method: 'PUT', url: '/api/language', headers: { cookie }, payload: { locale: 'hi' } });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().locale).toBe('hi');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user.locale).toBe('hi');
  });

  it.each([[{ locale: 'fr' }], [{ locale: 'GU' }], [{}], [{ locale: 'gu', extra: 1 }], [{ locale: ['gu'] }]])('refuses %j with a 400 and sets nothing', async (payload) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/language', payload });
    expect(res.statusCode).toBe(400);
    expect(langCookie(res.headers['set-cookie'])).toBeUndefined();
  });

  it('is refused from another site (CSRF), like every change', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/language', headers: { origin: 'https://evil.example' }, payload: { locale: 'gu' } });
    expect(res.statusCode).toBe(403);
    expect(langCookie(res.headers['set-cookie'])).toBeUndefined();
  });
});

describe('signing in', () => {
  const t = useTestApp();

  /** Signs in with `cookies` sent along (the language cookie); the answer's user and cookies. */
  async function signInWith(email: string, cookies: string[]) {
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email }, remoteAddress: '198.51.100.201' });
    const cookie = [browserCookieOf(sent.headers['set-cookie'])!, ...cookies].join('; ');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { email, code: lastCodeFor(t, email) }, headers: { cookie }, remoteAddress: '198.51.100.201' });
    expect(res.statusCode).toBe(200);
    return { user: res.json().user as { locale: string | null }, lang: langCookie(res.headers['set-cookie']), session: sessionCookieOf(res.headers['set-cookie'])! };
  }

  it('keeps the language a visitor chose before signing in, on a profile that had none', async () => {
    const first = await signInWith('lang-first@example.com', ['pawstay_lang=gu']);
    expect(first.user.locale).toBe('gu');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: first.session } })).json().locale).toBe('gu');
  });

  it("sets the browser's cookie from the profile's choice, which wins over the browser's", async () => {
    const session = await signIn(t, 'lang-kept@example.com');
    await t.app.inject({ method: 'PUT', url: '/api/language', headers: { cookie: session }, payload: { locale: 'hi' } });
    const again = await signInWith('lang-kept@example.com', ['pawstay_lang=gu']);
    expect(again.user.locale).toBe('hi');
    expect(again.lang).toMatch(/^pawstay_lang=hi;/);
  });

  it('leaves a visitor without a choice without one', async () => {
    const plain = await signInWith('lang-none@example.com', ['pawstay_lang=<script>']);
    expect(plain.user.locale).toBeNull();
    expect(plain.lang).toBeUndefined();
  });
});
