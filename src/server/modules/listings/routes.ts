import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingEndpoints } from '../../../domain/contracts/listing';
import type { PublicReadDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { calendarRoutes } from './calendar-routes';
import { hostStats } from './host';
import { photoRoutes } from './photo-routes';
import { selectHostListings } from './queries/host';
import { createListing, featuredListingCards, updateListing, viewListing } from './service';

const route = routesOf(listingEndpoints);

export const listingRoutes =
  (deps: PublicReadDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['listings'];

    app.route({
      ...route('GET /api/listings/featured', { tags, summary: 'A handful of standout active listings for the home page' }),
      handler: async (_request, reply) => {
        const results = await featuredListingCards(db);
        reply.header('cache-control', 'public, max-age=60');
        return { results };
      },
    });

    app.route({
      ...route('POST /api/listings', { tags, summary: 'Create a listing (stored under my account, active and unverified, whatever the body says)' }),
      handler: async (request, reply) => reply.code(201).send(await createListing(db, requireUser(request).id, request.body)),
    });

    app.route({
      ...route('GET /api/listings/:id', { tags, summary: 'A listing page: listed ones for everyone; a paused or hidden one for its host (and operators) only' }),
      handler: async (request, reply) => {
        // Shared caches may keep what anyone may see; the host's own view (is_owner, paused
        // listings) must never be served to someone else.
        const { id } = request.params;
        const listing = request.auth
          ? await viewListing(db, id, request.auth.user)
          : await deps.answers.get(`listing ${id}`, () => viewListing(db, id, undefined), (l) => l.listed);
        const shareable = !request.auth && listing.listed;
        reply.header('cache-control', shareable ? 'public, max-age=60' : 'private, no-store').header('vary', 'cookie');
        return listing;
      },
    });

    app.route({
      ...route('PATCH /api/listings/:id', { tags, summary: 'Edit one of my listings, or pause (status inactive) and resume (active) it' }),
      handler: async (request) => updateListing(db, requireUser(request).id, request.params.id, request.body),
    });

    app.route({
      ...route('GET /api/host/listings', { tags: ['host'], summary: 'My listings in any status, newest first' }),
      handler: async (request) => ({ results: await selectHostListings(db, requireUser(request).id) }),
    });

    app.route({
      ...route('GET /api/host/stats', {
        tags: ['host'],
        summary: "My host dashboard's figures: active listings, and this month's bookings and payout (India time)",
      }),
      handler: async (request) => hostStats(db, requireUser(request).id),
    });

    await app.register(photoRoutes(deps));
    await app.register(calendarRoutes(deps));
  };
