import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: {
            200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
            503: z.object({ status: z.literal('unavailable'), database: z.enum(['pglite', 'postgres']) }),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          await deps.database.ping();
          return { status: 'ok' as const, database: deps.database.kind };
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'unavailable' as const, database: deps.database.kind });
        }
      },
    );
  };
