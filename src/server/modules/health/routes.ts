import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthEndpoints } from '../../../domain/contracts/health';
import type { AppDeps } from '../../app-deps';
import { routesOf } from '../../http/endpoint';

const route = routesOf(healthEndpoints);

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...route('GET /api/health', { tags: ['health'], summary: 'Liveness and database reachability' }),
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          await deps.database.ping();
          return { status: 'ok' as const, database: deps.database.kind };
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'unavailable' as const, database: deps.database.kind });
        }
      },
    });

    // The swagger plugin is registered on the root before this plugin, so its decorator is here
    // too; the document is made on the first request, once every route is registered.
    app.route({
      ...route('GET /api/openapi.json', { tags: ['health'], summary: 'The OpenAPI document of this API', hide: true }),
      handler: async () => app.swagger(),
    });
  };
