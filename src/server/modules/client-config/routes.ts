import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';

/** Run-time settings the web app needs and must not bake in at build time. */
export const clientConfigRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/config',
      {
        schema: {
          tags: ['config'],
          summary: 'Settings for the web app',
          response: { 200: z.object({ mapTileUrl: z.string(), supportEmail: z.string() }) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { mapTileUrl: deps.config.mapTileUrl, supportEmail: deps.config.supportEmail };
      },
    );
  };
