import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileEndpoints } from '../../../domain/contracts/profile';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { getProfile, updateProfile } from './service';

const route = routesOf(profileEndpoints);

export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['profile'];
    app.route({
      ...route('GET /api/me', { tags, summary: 'My profile' }),
      handler: async (request) => getProfile(db, requireUser(request).id),
    });
    app.route({
      ...route('PATCH /api/me', { tags, summary: 'Change my name or phone (the e-mail cannot be changed)' }),
      handler: async (request) => updateProfile(db, requireUser(request).id, request.body),
    });
  };
