import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// Every request has an id: in each of its log lines (Fastify's request logger carries it as
// reqId) and in the X-Request-Id answer header, so that a user's report, nginx's access log and
// the app's log meet on one value. Behind a trusted proxy that sets X-Request-Id (nginx's
// $request_id), its id is kept; otherwise, or when it is not a plain token, the app makes one:
// a client must not write arbitrary text into the logs.

const TOKEN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's genReqId: the proxy's id when it is believed and well-formed, else a new uuid. */
export function requestIdFrom(trustProxyHeader: boolean) {
  return (request: IncomingMessage): string => {
    const given = trustProxyHeader ? request.headers['x-request-id'] : undefined;
    return typeof given === 'string' && TOKEN.test(given) ? given : randomUUID();
  };
}

/** Sends the id back with every answer, errors and not-found included. */
export function answerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
