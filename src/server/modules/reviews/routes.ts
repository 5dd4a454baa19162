import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewCreateSchema } from '../../../domain/schemas/review';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { errorResponses } from '../../http/openapi';
import { idParams } from '../../http/params';
import { listingReviewsQuerySchema, listingReviewsSchema, myReviewSchema, pendingReviewSchema } from './schemas';
import { listListingReviews, listMyReviews, listPendingReviews, writeReview } from './service';

export const reviewRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['reviews'];
    // As in bookings: a signed-out visitor gets a 401 before any word about the body.

    app.post(
      '/api/bookings/:id/review',
      {
        ...signedIn,
        schema: {
          tags,
          summary:
            "Review a completed stay: its guest reviews the listing, its host the guest. Private to me until the other side writes too (both publish then) or 14 days after checkout; 409 when not completed, already written or after the window",
          params: idParams,
          body: reviewCreateSchema,
          response: { 201: myReviewSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        return reply.code(201).send(await writeReview(db, user.id, request.params.id, request.body));
      },
    );

    app.get(
      '/api/listings/:id/reviews',
      {
        schema: {
          tags,
          summary: "A listing's published guest reviews, newest first, 10 a page (authors by first name); 404 for an unknown listing, or a paused one but to its host",
          params: idParams,
          querystring: listingReviewsQuerySchema,
          response: { 200: listingReviewsSchema, ...errorResponses },
        },
      },
      async (request) => listListingReviews(db, request.params.id, request.query.page, request.auth?.user.id),
    );

    app.get(
      '/api/reviews/mine',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'The reviews I wrote, newest first, with whether each is published yet (only I see my unpublished ones)',
          response: { 200: z.object({ results: z.array(myReviewSchema) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        return { results: await listMyReviews(db, user.id) };
      },
    );

    app.get(
      '/api/reviews/pending',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Completed stays I can still review, as guest or as host (within 14 days of checkout, not yet written)',
          response: { 200: z.object({ results: z.array(pendingReviewSchema) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        return { results: await listPendingReviews(db, user.id) };
      },
    );
  };
