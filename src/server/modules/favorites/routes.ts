import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { errorResponses } from '../../http/openapi';
import { listingCardSchema } from '../listings';
import { addFavorite, favoriteIds, listFavorites, removeFavorite } from './service';

const listingParams = z.object({ listingId: z.uuid({ error: 'Invalid listing id' }) });

export const favoriteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['favorites'];
    // 401 before the id is looked at: a signed-out visitor learns to sign in, nothing else.

    app.get(
      '/api/favorites',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'My saved listings as cards, the newest saved first (active listings only)',
          response: { 200: z.object({ results: z.array(listingCardSchema) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        return { results: await listFavorites(db, requireUser(request).id) };
      },
    );

    app.get(
      '/api/favorites/ids',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'The ids of my saved listings, for the hearts on any page',
          response: { 200: z.object({ ids: z.array(z.uuid()) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        return { ids: await favoriteIds(db, requireUser(request).id) };
      },
    );

    app.put(
      '/api/favorites/:listingId',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Save an active listing; saving it again changes nothing; 404 for an unknown listing',
          params: listingParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await addFavorite(db, requireUser(request).id, request.params.listingId);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/api/favorites/:listingId',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Forget a saved listing; forgetting one that is not saved changes nothing',
          params: listingParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await removeFavorite(db, requireUser(request).id, request.params.listingId);
        return reply.code(204).send(null);
      },
    );
  };
