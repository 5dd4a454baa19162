import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileUpdateSchema } from '../../../domain/schemas/profile';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { errorResponses } from '../../http/openapi';
import { profileResponse } from './schemas';
import { getProfile, updateProfile } from './service';

export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    app.get(
      '/api/me',
      { schema: { tags: ['profile'], summary: 'My profile', response: { 200: profileResponse, ...errorResponses } } },
      async (request, reply) => {
        return getProfile(db, requireUser(request).id);
      },
    );
    app.patch(
      '/api/me',
      {
        schema: {
          tags: ['profile'],
          summary: 'Change my name or phone (the e-mail cannot be changed)',
          body: profileUpdateSchema,
          response: { 200: profileResponse, ...errorResponses },
        },
      },
      async (request) => updateProfile(db, requireUser(request).id, request.body),
    );
  };
