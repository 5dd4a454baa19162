import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configEndpoints } from '../../../domain/contracts/config';
import type { AppDeps } from '../../app-deps';
import { routesOf } from '../../http/endpoint';

const route = routesOf(configEndpoints);

/** Run-time settings the web app needs and must not bake in at build time. */
export const clientConfigRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...route('GET /api/config', { tags: ['config'], summary: 'Settings for the web app' }),
      handler: async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { mapTileUrl: deps.config.mapTileUrl, supportEmail: deps.config.supportEmail };
      },
    });
  };
