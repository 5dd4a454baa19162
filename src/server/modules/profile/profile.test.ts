import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';

describe('/api/me', () => {
  const t = useTestApp();

  it('answers 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'unauthorized', message: 'Please sign in' });
  });

  it('reads and changes my name and phone, storing the phone as E.164', async () => {
    const cookie = await signIn(t, 'priya@example.com');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { name: '  Priya Desai ', phone: '098765 43210' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'priya@example.com', name: 'Priya Desai', phone: '+919876543210' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().phone).toBe('+919876543210');
    const cleared = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { phone: '' } });
    expect(cleared.json().phone).toBeNull();
  });

  it.each(['12345', '+1 415 555 0100', '5876543210', '+91 98765 4321', 'call me'])(
    'refuses the phone number %s',
    async (phone) => {
      const cookie = await signIn(t, `phone-${phone.length}@example.com`);
      const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { phone } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.phone).toBe('Enter a valid Indian mobile number');
    },
  );

  it('takes 100 updates at once: every one answered, the result one of them, never a 5xx', async () => {
    const cookie = await signIn(t, 'parallel-profile@example.com');
    const names = Array.from({ length: 100 }, (_, i) => `Parallel Name ${i}`);
    const answers = await Promise.all(
      names.map((name) => t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { name } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    const stored = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    expect(names).toContain(stored.name);
    expect(stored.email).toBe('parallel-profile@example.com');
  });

  it('never changes the e-mail', async () => {
    const cookie = await signIn(t, 'fixed@example.com');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { email: 'other@example.com', name: 'Fixed' },
    });
    expect(res.statusCode).toBe(400);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'fixed@example.com', name: '' });
  });

  it('refuses a name over 100 characters', async () => {
    const cookie = await signIn(t, 'long@example.com');
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: { name: 'N'.repeat(101) } });
    expect(res.statusCode).toBe(400);
  });
});
