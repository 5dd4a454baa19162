import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';

const bruno = { name: 'Bruno', type: 'dog', breed: 'Indie', size: 'l', notes: 'Loves long walks' };

describe('/api/pets', () => {
  const t = useTestApp();
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('needs a session for every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/pets'],
      ['POST', '/api/pets'],
      ['GET', `/api/pets/${id}`],
      ['PATCH', `/api/pets/${id}`],
      ['DELETE', `/api/pets/${id}`],
    ] as const) {
      const res = await call(method, url, undefined, method === 'POST' || method === 'PATCH' ? bruno : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds, lists, changes and removes my pets', async () => {
    const cookie = await signIn(t, 'owner@example.com');
    expect((await call('GET', '/api/pets', cookie)).json()).toEqual({ results: [] });
    const created = await call('POST', '/api/pets', cookie, bruno);
    expect(created.statusCode).toBe(201);
    const pet = created.json();
    expect(pet).toMatchObject(bruno);
    const kitty = (await call('POST', '/api/pets', cookie, { name: 'Misti', type: 'cat', size: 's' })).json();
    expect(kitty).toMatchObject({ breed: null, notes: null });
    expect((await call('GET', '/api/pets', cookie)).json().results.map((p: { name: string }) => p.name)).toEqual(['Bruno', 'Misti']);
    const changed = await call('PATCH', `/api/pets/${pet.id}`, cookie, { size: 'xl', notes: '' });
    expect(changed.json()).toMatchObject({ name: 'Bruno', size: 'xl', notes: null });
    expect((await call('DELETE', `/api/pets/${pet.id}`, cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/pets/${pet.id}`, cookie)).statusCode).toBe(404);
  });

  it("keeps another user's pets out of reach (404, unchanged)", async () => {
    const a = await signIn(t, 'pet-a@example.com');
    const b = await signIn(t, 'pet-b@example.com');
    const pet = (await call('POST', '/api/pets', a, bruno)).json();
    expect((await call('GET', `/api/pets/${pet.id}`, b)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/pets/${pet.id}`, b, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/pets/${pet.id}`, b)).statusCode).toBe(404);
    expect((await call('GET', '/api/pets', b)).json().results).toEqual([]);
    expect((await call('GET', `/api/pets/${pet.id}`, a)).json().name).toBe('Bruno');
  });

  it('ignores an owner id in the body', async () => {
    const a = await signIn(t, 'forge-a@example.com');
    const b = await signIn(t, 'forge-b@example.com');
    const bId = (await call('GET', '/api/me', b)).json().id;
    const res = await call('POST', '/api/pets', a, { ...bruno, owner_id: bId, ownerId: bId });
    expect(res.statusCode).toBe(201);
    expect((await call('GET', '/api/pets', b)).json().results).toEqual([]);
    expect((await call('GET', '/api/pets', a)).json().results).toHaveLength(1);
  });

  it.each([
    [{ ...bruno, name: '' }, 'name', 'Name is required'],
    [{ ...bruno, name: '   ' }, 'name', 'Name is required'],
    [{ ...bruno, name: undefined }, 'name', 'Name is required'],
    [{ ...bruno, name: 'N'.repeat(51) }, 'name', 'Name must be less than 50 characters'],
    [{ ...bruno, type: 'parrot' }, 'type', 'Choose dog or cat'],
    [{ ...bruno, size: 'huge' }, 'size', 'Choose a size'],
    [{ ...bruno, breed: 'B'.repeat(101) }, 'breed', 'Breed must be less than 100 characters'],
    [{ ...bruno, notes: 'N'.repeat(501) }, 'notes', 'Notes must be less than 500 characters'],
  ])('validates %j', async (payload, field, message) => {
    const cookie = await signIn(t, `valid-${field}-${String(message.length)}@example.com`);
    const res = await call('POST', '/api/pets', cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await call('GET', '/api/pets', cookie)).json().results).toEqual([]);
  });

  it('answers a malformed id with 400, not a server error', async () => {
    const cookie = await signIn(t, 'badid@example.com');
    for (const id of ['nope', "1' or '1'='1", '%00']) {
      expect((await call('GET', `/api/pets/${encodeURIComponent(id)}`, cookie)).statusCode).toBe(400);
    }
  });
});
