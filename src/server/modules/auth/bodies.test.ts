import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { browserCookieOf, sessionCookieOf, signIn } from '../../test/auth';

// Bodies of every awkward shape against the account endpoints: each answer is a 4xx in the API's
// error shape (or a success where the body happens to be valid), never a 5xx.
const bodies: unknown[] = [
  null,
  [],
  [{}],
  'a string',
  42,
  true,
  {},
  { email: {} },
  { email: ['a@example.com'] },
  { email: 'a@example.com', code: 123456 },
  { email: `${'a'.repeat(300)}@example.com` },
  { email: '😀@😀.com', code: '١٢٣٤٥٦' },
  { name: { $ne: 1 } },
  { name: "Robert'); DROP TABLE users;--" },
  { name: '<img src=x onerror=alert(1)>', phone: '+91 98765 43210' },
  { phone: 9876543210 },
  { type: 'dog', size: 'm', name: 'x'.repeat(10_000) },
  { __proto__: { admin: true }, name: 'Proto' },
  JSON.parse('{"constructor":{"prototype":{"polluted":true}},"name":"C"}'),
  { a: { b: { c: { d: { e: { f: { g: { h: {} } } } } } } } },
];

describe('awkward request bodies on the account endpoints', () => {
  const t = useTestApp();

  it('never answers 5xx', async () => {
    const cookie = await signIn(t, 'bodies@example.com');
    const pet = (await t.app.inject({ method: 'POST', url: '/api/pets', headers: { cookie }, payload: { name: 'Tiger', type: 'cat', size: 's' } })).json();
    const routes = [
      ['POST', '/api/auth/otp/send'],
      ['POST', '/api/auth/otp/verify'],
      ['PATCH', '/api/me'],
      ['POST', '/api/pets'],
      ['PATCH', `/api/pets/${pet.id}`],
    ] as const;
    let remote = 0;
    for (const [method, url] of routes) {
      for (const body of bodies) {
        for (const signedIn of [true, false]) {
          const res = await t.app.inject({
            method,
            url,
            headers: { 'content-type': 'application/json', ...(signedIn ? { cookie } : {}) },
            payload: JSON.stringify(body),
            remoteAddress: `10.9.${Math.floor(remote / 200)}.${remote++ % 200}`,
          });
          const where = `${method} ${url} ${signedIn ? 'signed in' : 'signed out'} ${JSON.stringify(body)?.slice(0, 60)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json(), where).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
          }
        }
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('keeps markup in a name as text', async () => {
    const cookie = await signIn(t, 'markup@example.com');
    const name = '<img src=x onerror=alert(1)>';
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { name } });
    expect(res.json().name).toBe(name);
  });
});

describe('cookies in production', () => {
  const t = useTestApp({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'on', PUBLIC_URL: 'https://pawstay.in' });

  it('marks the session cookie Secure', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email: 'prod@example.com' } });
    // The browser's sign-in cookie is Secure in production too.
    expect(String(sent.headers['set-cookie'])).toMatch(/^pawstay_browser=[\w-]{43}; Max-Age=31536000; Path=\/api\/auth\/; HttpOnly; Secure; SameSite=Lax$/);
    const code = t.mail.at(-1)!.subject.slice(0, 6);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { email: 'prod@example.com', code }, headers: { cookie: browserCookieOf(sent.headers['set-cookie'])! } });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res.headers['set-cookie'])).toBeDefined();
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
  });
});
