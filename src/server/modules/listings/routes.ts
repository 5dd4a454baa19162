import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityCentre, DEFAULT_CITY } from '../../../domain/cities';
import type { AppDeps } from '../../app';
import { listingCardSchema } from './card-schema';
import { selectListingCards } from './cards';

export const listingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/listings/featured',
      {
        schema: {
          tags: ['listings'],
          summary: 'A handful of standout active listings for the home page',
          response: { 200: z.object({ results: z.array(listingCardSchema) }) },
        },
      },
      async (_request, reply) => {
        const results = await selectListingCards(deps.database.db, {
          // Listings with photos from verified hosts first, then the best rated.
          where: sql`l.status = 'active' and exists (select 1 from listing_photos p where p.listing_id = l.id)`,
          orderBy: sql`l.verified desc, rating desc, reviews_count desc, l.created_at desc, l.id`,
          limit: 8,
          centre: cityCentre(DEFAULT_CITY),
        });
        reply.header('cache-control', 'public, max-age=60');
        return { results };
      },
    );
  };
