import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoritesEndpoints } from '../../../domain/contracts/favorites';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { addFavorite, favoriteIds, listFavorites, removeFavorite } from './service';

const route = routesOf(favoritesEndpoints);

export const favoriteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['favorites'];
    // 401 before the id is looked at: a signed-out visitor learns to sign in, nothing else.

    app.route({
      ...route('GET /api/favorites', { tags, summary: 'My saved listings as cards, the newest saved first (active listings only)' }),
      ...signedIn,
      handler: async (request) => ({ results: await listFavorites(db, requireUser(request).id) }),
    });

    app.route({
      ...route('GET /api/favorites/ids', { tags, summary: 'The ids of my saved listings, for the hearts on any page' }),
      ...signedIn,
      handler: async (request) => ({ ids: await favoriteIds(db, requireUser(request).id) }),
    });

    app.route({
      ...route('PUT /api/favorites/:listingId', { tags, summary: 'Save an active listing; saving it again changes nothing; 404 for an unknown listing' }),
      ...signedIn,
      handler: async (request, reply) => {
        await addFavorite(db, requireUser(request).id, request.params.listingId);
        return reply.code(204).send(null);
      },
    });

    app.route({
      ...route('DELETE /api/favorites/:listingId', { tags, summary: 'Forget a saved listing; forgetting one that is not saved changes nothing' }),
      ...signedIn,
      handler: async (request, reply) => {
        await removeFavorite(db, requireUser(request).id, request.params.listingId);
        return reply.code(204).send(null);
      },
    });
  };
