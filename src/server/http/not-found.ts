import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a path nothing serves is told: also what the operators' routes tell anyone else (auth/guard.ts). */
export const noRouteMessage = (request: Pick<FastifyRequest, 'method' | 'url'>) => `No route for ${request.method} ${request.url.split('?')[0]}`;

/** The answer to a path nothing serves (no route, no photo, no page): a JSON 404 like any API error. */
export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ error: { code: 'not_found', message: noRouteMessage(request) } });

/**
 * Answers an /api path that no route serves as soon as it arrives, before its body is parsed or
 * its query checked, just as the operators' routes answer anyone else (auth/guard.ts): neither
 * a malformed body nor a NUL in the query tells one from the other. The path is read as the
 * router reads it (decoded, `/%61pi/…` included).
 */
export function answerMissingApiRoutesAtOnce(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    let path = request.url.split('?')[0]!;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not decodable: the router matched nothing either.
    }
    if (path.toLowerCase().startsWith('/api/')) return sendNotFound(request, reply);
  });
}
