import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthEndpoints } from '../../../domain/contracts/health';
import type { AppDeps, Lifecycle } from '../../app-deps';
import { routesOf } from '../../http/endpoint';

const route = routesOf(healthEndpoints);

/** A load balancer asks every few seconds: a database that takes longer than this is not ready. */
const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes =
  (deps: AppDeps & { lifecycle: Lifecycle }): FastifyPluginAsyncZod =>
  async (app) => {
    const database = deps.database.kind;
    const unavailable = (reply: FastifyReply, reason: 'database' | 'draining') => reply.code(503).send({ status: 'unavailable' as const, database, reason });
    // /api/health is the readiness check under the name load balancers were first given.
    for (const path of ['GET /api/health', 'GET /api/health/ready'] as const) {
      app.route({
        ...route(path, { tags: ['health'], summary: 'Readiness: the database answers and the process is not stopping' }),
        handler: async (request, reply) => {
          reply.header('cache-control', 'no-store');
          if (deps.lifecycle.draining) return unavailable(reply, 'draining');
          try {
            await withTimeout(deps.database.ping(), PING_TIMEOUT_MS);
            return { status: 'ok' as const, database };
          } catch (err) {
            request.log.error({ err }, 'readiness: database unreachable');
            return unavailable(reply, 'database');
          }
        },
      });
    }
    app.route({
      ...route('GET /api/health/live', { tags: ['health'], summary: 'Liveness: the process answers; the database is not asked' }),
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    });

    // The swagger plugin is registered on the root before this plugin, so its decorator is here
    // too; the document is made on the first request, once every route is registered.
    app.route({
      ...route('GET /api/openapi.json', { tags: ['health'], summary: 'The OpenAPI document of this API', hide: true }),
      handler: async () => app.swagger(),
    });
  };
