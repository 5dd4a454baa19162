import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportEndpoints } from '../../../domain/contracts/reports';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { fileReport } from './service';

const route = routesOf(reportEndpoints);

export const reportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...route('POST /api/reports', {
        tags: ['reports'],
        summary: 'Report a listing, a review, a message or a host to PawStay (a repeat while it is open counts once; 20 a day)',
      }),
      ...signedIn,
      handler: async (request) => fileReport(deps.database.db, requireUser(request).id, request.body),
    });
  };
