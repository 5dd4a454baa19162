import { connect } from 'node:net';
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

/** Sends `request` as raw bytes to the listening app and reads the whole answer. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string): { status: number; json: unknown } {
  const [head, ...rest] = answer.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), json: JSON.parse(rest.join('\r\n\r\n')) };
}

// Issue 19: some answers were Fastify's or Node's own shape ({ error: 'Request Header Fields Too
// Large', statusCode: 431 }). Every error a client can cause is the API's, whoever answers it.
describe("every error answer has the API shape, from Node's parser to the body limits", () => {
  const t = useTestApp();

  it('431 for headers over the limit, 400 for bytes that are no HTTP, as the parser meets them on a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const big = parse(await rawRequest(port, `GET /api/search HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(big).toEqual({ status: 431, json: { error: { code: 'headers_too_large', message: 'The request headers are too large' } } });
    const junk = parse(await rawRequest(port, 'HELLO THERE\r\n\r\n'));
    expect(junk).toEqual({ status: 400, json: { error: { code: 'bad_request', message: 'The request is not valid HTTP' } } });
  });

  it('413 for a body over the limit, 415 for a body that is not JSON', async () => {
    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: `{"a":"${'a'.repeat(70_000)}"}` });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });
    const notJson = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json()).toEqual({ error: { code: 'unsupported_media_type', message: expect.any(String) } });
  });
});
