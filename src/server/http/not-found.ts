import type { FastifyReply, FastifyRequest } from 'fastify';

/** The answer to a path nothing serves (no route, no photo, no page): a JSON 404 like any API error. */
export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.code(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
