import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rawRows } from '../../test/rows';
import { useTestApp } from '../../test/app';

const valid = {
  name: 'Asha Mehta',
  email: 'asha@example.com',
  subject: 'Hosting question',
  message: 'Can I list a home with a garden in Bopal?',
};

describe('POST /api/contact', () => {
  const t = useTestApp();
  const count = async () =>
    (await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from contact_messages`))[0]!.n;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('stores the message and e-mails it to the support address', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const rows = await rawRows<{ name: string }>(t.database.db, sql`select name from contact_messages where id = ${id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Asha Mehta');
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe('support@pawstay.in');
    expect(mail.replyTo).toBe('asha@example.com');
    expect(mail.subject).toBe('[Contact] Hosting question');
    expect(mail.text).toContain('Can I list a home with a garden in Bopal?');
  });

  it('escapes HTML in the e-mail body and keeps the subject on one line', async () => {
    const res = await post({
      ...valid,
      subject: 'Hi <b>team</b>\r\nBcc: evil@example.com',
      message: '<script>alert(1)</script> please call me',
    });
    expect(res.statusCode).toBe(201);
    const mail = t.mail.at(-1)!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('keeps the message when the mail server is down, and its e-mail waits in the outbox', async () => {
    t.failMail(true);
    const before = await count();
    const mailed = t.mail.length;
    const res = await post(valid);
    t.failMail(false);
    expect(res.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
    expect(t.mail.length).toBe(mailed);
    const waiting = await rawRows<{ about: string }>(t.database.db, sql`select about from mail_outbox where sent_at is null`);
    expect(waiting).toEqual([{ about: `contact message ${res.json().id}` }]);
  });

  const invalid: [string, unknown, Record<string, string>][] = [
    ['short name', { ...valid, name: 'A' }, { name: 'Name must be at least 2 characters' }],
    ['long name', { ...valid, name: 'A'.repeat(101) }, { name: 'Name too long' }],
    ['bad email', { ...valid, email: 'not-an-email' }, { email: 'Invalid email address' }],
    ['long email', { ...valid, email: `${'a'.repeat(250)}@example.com` }, { email: 'Email too long' }],
    ['short subject', { ...valid, subject: 'Hey' }, { subject: 'Subject must be at least 5 characters' }],
    ['long subject', { ...valid, subject: 'S'.repeat(201) }, { subject: 'Subject too long' }],
    ['short message', { ...valid, message: 'Too short' }, { message: 'Message must be at least 10 characters' }],
    ['long message', { ...valid, message: 'M'.repeat(2001) }, { message: 'Message too long' }],
    ['blank after trimming', { ...valid, name: '    ' }, { name: 'Name must be at least 2 characters' }],
    ['wrong types', { name: 42, email: true, subject: [], message: {} }, {}],
  ];
  it.each(invalid)('refuses %s with field messages and stores nothing', async (_label, payload, fields) => {
    const before = await count();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toMatchObject(fields);
    expect(await count()).toBe(before);
  });

  it('names every missing field', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it.each([
    ['malformed JSON', '{"name": ', {}, 400],
    ['a JSON array', '[]', {}, 400],
    ['JSON null', 'null', {}, 400],
    ['an empty body', '', {}, 400],
    ['form encoding', 'name=a', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['plain text', 'hello', { 'content-type': 'text/plain' }, 415],
    ['a body over the size limit', JSON.stringify({ ...valid, message: 'x'.repeat(40_000) }), {}, 413],
  ] as const)('answers %s with a 4xx in the error shape', async (_label, payload, headers, status) => {
    const before = await count();
    const res = await post(payload, headers);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await count()).toBe(before);
  });

  it('limits one address to five stored messages an hour, and only that address', async () => {
    const from = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.9')).statusCode).toBe(201);
    const before = await count();
    const limited = await from('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many messages from your address. Please try again in an hour.',
    });
    expect(await count()).toBe(before);
    expect((await from('203.0.113.10')).statusCode).toBe(201);
  });
});
