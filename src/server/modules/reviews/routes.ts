import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewEndpoints } from '../../../domain/contracts/review';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { listListingReviews, listMyReviews, listPendingReviews, writeReview } from './service';

const route = routesOf(reviewEndpoints);

export const reviewRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['reviews'];
    // As in bookings: a signed-out visitor gets a 401 before any word about the body.

    app.route({
      ...route('POST /api/bookings/:id/review', {
        tags,
        summary:
          "Review a completed stay: its guest reviews the listing, its host the guest. Private to me until the other side writes too (both publish then) or 14 days after checkout; 409 when not completed, already written or after the window",
      }),
      ...signedIn,
      handler: async (request, reply) => {
        const user = requireUser(request);
        return reply.code(201).send(await writeReview(db, user.id, request.params.id, request.body));
      },
    });

    app.route({
      ...route('GET /api/listings/:id/reviews', {
        tags,
        summary: "A listing's published guest reviews, newest first, 10 a page (authors by first name); 404 for an unknown listing, or a paused one but to its host",
      }),
      handler: async (request) => listListingReviews(db, request.params.id, request.query.page, request.auth?.user),
    });

    app.route({
      ...route('GET /api/reviews/mine', { tags, summary: 'The reviews I wrote, newest first, with whether each is published yet (only I see my unpublished ones)' }),
      ...signedIn,
      handler: async (request) => ({ results: await listMyReviews(db, requireUser(request).id) }),
    });

    app.route({
      ...route('GET /api/reviews/pending', { tags, summary: 'Completed stays I can still review, as guest or as host (within 14 days of checkout, not yet written)' }),
      ...signedIn,
      handler: async (request) => ({ results: await listPendingReviews(db, requireUser(request).id) }),
    });
  };
