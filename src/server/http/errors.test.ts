import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { signIn } from '../test/auth';

// Found by the fuzz suite (security/fuzz.test.ts): Fastify's router answered these itself, as
// { error: 'Bad Request', code: 'FST_ERR_...', message, statusCode }, not in the API's shape.
describe('errors the router answers before any route runs', () => {
  const t = useTestApp();

  it('a URL that cannot be percent-decoded is a 400 in the error shape', async () => {
    const cookie = await signIn(t, 'bad-url@example.com');
    for (const [method, url] of [
      ['GET', '/api/pets/%'],
      ['PATCH', '/api/listings/%E0%A4%A'],
      ['DELETE', '/api/favorites/%zz'],
      ['GET', '/api/listings/x/photos/lone%ED%A0%80'],
    ] as const) {
      for (const headers of [{}, { cookie }]) {
        const res = await t.app.inject({ method, url, headers });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
      }
    }
  });

  it('a path param over the router limit is a 414 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pets/${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: 'uri_too_long', message: expect.any(String) } });
  });
});
