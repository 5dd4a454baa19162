import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES } from '../../../domain/contracts/profile';
import { useTestApp, type TestContext } from '../../test/app';
import { signIn } from '../../test/auth';
import { lastCodeTo } from '../../test/phone';
import { rawRows } from '../../test/rows';

// Proving a mobile number with a code by SMS (issue 38): the sign-in codes' rules, sends counted
// per account and per number, the code bound to the number it went to.

const inject = (t: TestContext, cookie: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });


async function withPhone(t: TestContext, email: string, phone: string) {
  const cookie = await signIn(t, email);
  await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { phone } });
  return cookie;
}

describe('verifying my mobile number', () => {
  const t = useTestApp();

  it('sends a code by SMS to my number; the code verifies it, once; a new number is unverified again', async () => {
    const cookie = await withPhone(t, 'meera@example.com', '98250 11111');
    const sent = await inject(t, cookie, '/api/me/phone/code');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent_to: '+919825011111', expires_in_s: 600 });
    const sms = t.phoneOutbox().at(-1)!;
    expect(sms).toMatchObject({ channel: 'sms', to: '+919825011111', template: 'code' });
    expect(sms.text).toMatch(/^Your PawStay code is \d{6}\. It verifies this number and expires in 10 minutes\. Do not share it\. - PawStay$/);
    const code = lastCodeTo(t, '+919825011111');
    const verified = await inject(t, cookie, '/api/me/phone/verify', { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ phone: '+919825011111', phone_verified: true });
    expect((await inject(t, cookie, '/api/me/phone/verify', { code })).json().error.message).toBe(PHONE_MESSAGES.invalid);
    expect((await inject(t, cookie, '/api/me/phone/code')).json().error.message).toBe(PHONE_MESSAGES.verified);
    // The same number saved again stays verified; another one is not.
    const same = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { phone: '+91 98250 11111', name: 'Meera' } });
    expect(same.json().phone_verified).toBe(true);
    const other = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { phone: '98250 22222' } });
    expect(other.json()).toMatchObject({ phone: '+919825022222', phone_verified: false });
  });

  it('refuses a send without a number, and a code that is not six digits, changing nothing', async () => {
    const cookie = await signIn(t, 'nophone@example.com');
    const res = await inject(t, cookie, '/api/me/phone/code');
    expect([res.statusCode, res.json().error.message]).toEqual([400, PHONE_MESSAGES.noPhone]);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const bad = await inject(t, cookie, '/api/me/phone/verify', { code });
      expect([bad.statusCode, bad.json().error.fields.code]).toEqual([400, PHONE_MESSAGES.codeFormat]);
    }
    expect((await inject(t, cookie, '/api/me/phone/verify', { code: '123456', extra: 1 })).statusCode).toBe(400);
  });

  it('counts wrong tries: after five, even the right code fails; a new code voids the old one', async () => {
    const cookie = await withPhone(t, 'guess@example.com', '98250 33333');
    await inject(t, cookie, '/api/me/phone/code');
    const code = lastCodeTo(t, '+919825033333');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await inject(t, cookie, '/api/me/phone/verify', { code: wrong })).json().error.message).toBe(PHONE_MESSAGES.invalid);
    expect((await inject(t, cookie, '/api/me/phone/verify', { code })).statusCode).toBe(400);
    await inject(t, cookie, '/api/me/phone/code');
    const second = lastCodeTo(t, '+919825033333');
    if (second !== code) expect((await inject(t, cookie, '/api/me/phone/verify', { code })).statusCode).toBe(400);
    expect((await inject(t, cookie, '/api/me/phone/verify', { code: second })).json().phone_verified).toBe(true);
  });

  it('guesses at once count one after another: of 10 wrong guesses sent together none passes, and the code is then spent', async () => {
    const cookie = await withPhone(t, 'race@example.com', '98250 44444');
    await inject(t, cookie, '/api/me/phone/code');
    const code = lastCodeTo(t, '+919825044444');
    const wrong = code === '999999' ? '888888' : '999999';
    const answers = await Promise.all(Array.from({ length: 10 }, () => inject(t, cookie, '/api/me/phone/verify', { code: wrong })));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const [row] = await rawRows<{ attempts: number }>(t.database.db, sql`select attempts from phone_codes where phone = '+919825044444' order by created_at desc limit 1`);
    expect(row!.attempts).toBe(5);
    expect((await inject(t, cookie, '/api/me/phone/verify', { code })).statusCode).toBe(400);
  });

  it("limits sends: 5 an hour per account, and 5 an hour to one number whoever asks, so no one floods a stranger's phone", async () => {
    const a = await withPhone(t, 'flood-a@example.com', '98250 55555');
    for (let i = 0; i < 5; i++) expect((await inject(t, a, '/api/me/phone/code')).statusCode).toBe(200);
    const sixth = await inject(t, a, '/api/me/phone/code');
    expect([sixth.statusCode, sixth.json().error.message]).toEqual([429, PHONE_MESSAGES.tooMany]);
    // Another account naming the same number is held by the number's count.
    const b = await withPhone(t, 'flood-b@example.com', '98250 55555');
    expect((await inject(t, b, '/api/me/phone/code')).statusCode).toBe(429);
    expect(t.phoneOutbox().filter((m) => m.to === '+919825055555')).toHaveLength(5);
  });

  it('sends to one number asked for at once from two accounts stop at 5 all the same', async () => {
    const a = await withPhone(t, 'race-a@example.com', '98251 12345');
    const b = await withPhone(t, 'race-b@example.com', '98251 12345');
    const answers = await Promise.all([a, b, a, b, a, b, a, b].map((cookie) => inject(t, cookie, '/api/me/phone/code')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(t.phoneOutbox().filter((m) => m.to === '+919825112345')).toHaveLength(5);
  });

  it('a code proves only the number it went to: changed meanwhile, it verifies nothing', async () => {
    const cookie = await withPhone(t, 'switch@example.com', '98250 66666');
    await inject(t, cookie, '/api/me/phone/code');
    const code = lastCodeTo(t, '+919825066666');
    await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { phone: '98250 77777' } });
    expect((await inject(t, cookie, '/api/me/phone/verify', { code })).statusCode).toBe(400);
  });

  it('a number is verified on one account at most: the latest to prove it holds it', async () => {
    const first = await withPhone(t, 'first@example.com', '98250 88888');
    await inject(t, first, '/api/me/phone/code');
    await inject(t, first, '/api/me/phone/verify', { code: lastCodeTo(t, '+919825088888') });
    const second = await withPhone(t, 'second@example.com', '98250 88888');
    await inject(t, second, '/api/me/phone/code');
    expect((await inject(t, second, '/api/me/phone/verify', { code: lastCodeTo(t, '+919825088888') })).json().phone_verified).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: first } })).json()).toMatchObject({ phone: '+919825088888', phone_verified: false });
  });
});

describe('verifying a number where SMS is not available (production without MSG91)', () => {
  const t = useTestApp({}, { phone: () => ({ sms: null, whatsapp: null }) });

  it('answers 503 with a clear message, and stores no code', async () => {
    const cookie = await withPhone(t, 'nosms@example.com', '98250 99999');
    const res = await inject(t, cookie, '/api/me/phone/code');
    expect([res.statusCode, res.json().error.message]).toEqual([503, PHONE_MESSAGES.unavailable]);
    expect(await rawRows(t.database.db, sql`select 1 from phone_codes`)).toHaveLength(0);
  });
});
