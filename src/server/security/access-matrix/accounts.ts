import { expect } from 'vitest';
import { browserCookieOf, lastCodeFor, lastLinkFor, signIn } from '../../test/auth';
import { lastCodeTo } from '../../test/phone';
import { all, signedIn, type Matrix, type Row } from './matrix';

// Health, configuration, contact, sign-in and the profile.

/** Each caller's own number. */
const MATRIX_PHONES = { anon: '', O: '+919825000001', A: '+919825000002', G: '+919825000003' } as const;

export function accountRows({ t, w, inject, idOf }: Matrix): Row[] {
  return [
    // Health, configuration, contact: public.
    { route: 'GET /api/health', owner: 'public', expect: all(200) },
    { route: 'GET /api/health/ready', owner: 'public', expect: all(200) },
    { route: 'GET /api/health/live', owner: 'public', expect: all(200) },
    { route: 'GET /api/config', owner: 'public', expect: all(200) },
    {
      route: 'POST /api/contact',
      owner: 'public',
      body: (a) => ({ name: 'Matrix Tester', email: `matrix-contact-${a}@example.com`, subject: 'Access matrix', message: 'Checking who may write to support.' }),
      expect: all(201),
    },

    // Sign-in.
    {
      route: 'GET /api/auth/session',
      owner: 'self',
      expect: all(200),
      check: (a, res) => expect(res.json().user?.id ?? null).toBe(idOf(a) ?? null),
    },
    { route: 'POST /api/auth/otp/send', owner: 'public', body: (a) => ({ email: `matrix-send-${a}@example.com` }), expect: all(200) },
    {
      // Signed out: a code sent to this browser signs in. Signed in: a wrong code for one's own
      // address is refused and the session stays (checked by every row below).
      route: 'POST /api/auth/otp/verify',
      owner: 'public',
      send: async (cookie, a) => {
        if (a !== 'anon') return inject('POST', '/api/auth/otp/verify', cookie, { email: w[a].email, code: '000000' });
        const email = 'matrix-verify-anon@example.com';
        const sent = await inject('POST', '/api/auth/otp/send', undefined, { email });
        return inject('POST', '/api/auth/otp/verify', browserCookieOf(sent.headers?.['set-cookie'] as string[] | undefined), { email, code: lastCodeFor(t, email) });
      },
      expect: { anon: 200, O: 400, A: 400, G: 400 },
    },
    {
      // A sign-in link's page asks what it is for: anyone holding a live link may ask.
      route: 'POST /api/auth/link/preview',
      owner: 'public',
      send: async (cookie, a) => {
        const email = `matrix-preview-${a.toLowerCase()}@example.com`;
        await inject('POST', '/api/auth/otp/send', undefined, { email });
        return inject('POST', '/api/auth/link/preview', cookie, { token: lastLinkFor(t, email) });
      },
      expect: all(200),
      check: (a, res) => expect(res.json()).toEqual({ email: `matrix-preview-${a.toLowerCase()}@example.com` }),
    },
    {
      // Anyone holding a live link signs in with it, and a signed-in browser's session is replaced
      // (a fresh one of each user here; the one the matrix uses lives on).
      route: 'POST /api/auth/link/sign-in',
      owner: 'public',
      send: async (_cookie, a) => {
        const email = `matrix-link-${a.toLowerCase()}@example.com`;
        await inject('POST', '/api/auth/otp/send', undefined, { email });
        const fresh = a === 'anon' ? undefined : await signIn(t, w[a].email);
        const res = await inject('POST', '/api/auth/link/sign-in', fresh, { token: lastLinkFor(t, email) });
        if (fresh) expect((await inject('GET', '/api/me', fresh)).statusCode).toBe(401);
        return res;
      },
      expect: all(200),
      check: (a, res) => expect(res.json().user.email).toBe(`matrix-link-${a.toLowerCase()}@example.com`),
    },
    {
      // A fresh session of each user is signed out; the one the matrix uses lives on.
      route: 'POST /api/auth/sign-out',
      owner: 'self',
      expect: all(200),
      send: async (_cookie, a) => {
        if (a === 'anon') return inject('POST', '/api/auth/sign-out', undefined);
        const fresh = await signIn(t, w[a].email);
        const res = await inject('POST', '/api/auth/sign-out', fresh);
        expect((await inject('GET', '/api/me', fresh)).statusCode).toBe(401);
        expect((await inject('GET', '/api/me', w[a].cookie)).statusCode).toBe(200);
        return res;
      },
    },

    // Profile: each caller's own, by the session alone.
    { route: 'GET /api/me', owner: 'self', expect: signedIn(200), check: (a, res) => a !== 'anon' && expect(res.json().id).toBe(idOf(a)) },
    { route: 'PATCH /api/me', owner: 'self', body: () => ({ phone: '98765 43210' }), expect: signedIn(200), check: (a, res) => a !== 'anon' && expect(res.json().id).toBe(idOf(a)) },
    // A language: anyone's choice for their own browser (a cookie), and a signed-in caller's own profile's.
    {
      route: 'PUT /api/language',
      owner: 'self',
      send: async (cookie) => inject('PUT', '/api/language', cookie, { locale: 'hi' }),
      expect: all(200),
      check: async (a, res) => {
        expect(String(res.headers?.['set-cookie'])).toMatch(/pawstay_lang=hi;/);
        if (a !== 'anon') expect((await inject('GET', '/api/me', w[a].cookie)).json().locale).toBe('hi');
      },
    },
    // Proving a number: the caller's own, the code sent to the caller's own number (one each here).
    {
      route: 'POST /api/me/phone/code',
      owner: 'self',
      send: async (cookie, a) => {
        if (cookie) await inject('PATCH', '/api/me', cookie, { phone: MATRIX_PHONES[a] });
        return inject('POST', '/api/me/phone/code', cookie, {});
      },
      expect: signedIn(200),
      check: (a, res) => a !== 'anon' && expect(res.json().sent_to).toBe(MATRIX_PHONES[a]),
    },
    {
      route: 'POST /api/me/phone/verify',
      owner: 'self',
      send: (cookie, a) => inject('POST', '/api/me/phone/verify', cookie, { code: a === 'anon' ? '123456' : lastCodeTo(t, MATRIX_PHONES[a]) }),
      expect: signedIn(200),
      check: (a, res) => a !== 'anon' && expect(res.json()).toMatchObject({ id: idOf(a), phone: MATRIX_PHONES[a], phone_verified: true }),
    },
  ];
}
