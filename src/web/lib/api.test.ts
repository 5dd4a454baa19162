import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, call, setApiTransport } from './api';

// The web's one client: a route of the contracts becomes the request the server expects.

const sent: { path: string; init: RequestInit }[] = [];

function answer(status: number, body?: unknown) {
  setApiTransport(async (path, init) => {
    sent.push({ path, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  sent.length = 0;
});

describe('call', () => {
  it('fills the path parameters, encoded, and sends the method and JSON body', async () => {
    answer(200, { id: 'c1' });
    await call('POST /api/conversations', { body: { bookingId: 'b/1' } });
    await call('GET /api/listings/:id/reviews', { params: { id: 'a/b?c' }, query: { page: 2 } });
    expect(sent.map((s) => [s.init.method, s.path, s.init.body])).toEqual([
      ['POST', '/api/conversations', JSON.stringify({ bookingId: 'b/1' })],
      ['GET', '/api/listings/a%2Fb%3Fc/reviews?page=2', undefined],
    ]);
  });

  it("answers the server's JSON, and nothing for a 204", async () => {
    answer(200, { count: 3 });
    expect(await call('GET /api/conversations/unread')).toEqual({ count: 3 });
    answer(204);
    expect(await call('DELETE /api/favorites/:listingId', { params: { listingId: 'x' } })).toBeNull();
  });

  it("throws the API's error with its code, message and fields", async () => {
    answer(400, { error: { code: 'validation_failed', message: 'Check the form', fields: { name: 'Required' } } });
    const error = await call('POST /api/pets', { body: { name: '', type: 'dog', size: 'small' } as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Check the form', fields: { name: 'Required' } });
  });
});
