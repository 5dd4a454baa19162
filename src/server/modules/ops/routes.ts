import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsEndpoints } from '../../../domain/contracts/ops';
import type { AppDeps } from '../../app-deps';
import { operatorsOnly } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { selectHistory } from './queries';

const route = routesOf(opsEndpoints);

export const opsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...route('GET /api/ops/history', { tags: ['operators'], hide: true, summary: "Operators: a target's history of operator actions, oldest first (append-only)" }),
      ...operatorsOnly,
      handler: async (request) => ({ results: await selectHistory(deps.database.db, request.query.target_type, request.query.target_id) }),
    });
  };
