import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingCreateSchema, bookingQuoteSchema, bookingRequestSchema } from '../../../domain/schemas/booking';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { errorResponses, errorSchema } from '../../http/openapi';
import { idParams } from '../../http/params';
import { bookingDetailSchema, guestBookingSchema, hostBookingSchema, hostBookingsQuerySchema, quoteSchema } from './schemas';
import { type BookingDeps, getBooking, listGuestBookings, listHostBookings, quoteBooking, requestBooking } from './service';
import { cancelBooking, respondToRequest } from './transitions';

const errors = { ...errorResponses, 403: errorSchema };

export const bookingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['bookings'];
    const service: BookingDeps = { db, publicUrl: deps.config.publicUrl };

    app.post(
      '/api/bookings/quote',
      {
        schema: {
          tags,
          summary: 'The price of a stay at an active listing (no sign-in needed); 400 for dates that cannot be booked',
          body: bookingQuoteSchema,
          response: { 200: quoteSchema, ...errors },
        },
      },
      async (request) => quoteBooking(db, request.body),
    );

    app.post(
      '/api/bookings/create',
      {
        ...signedIn,
        schema: {
          tags,
          summary: "Request a stay for a pet size (SPEC.md's search sheet): my oldest pet of that size comes",
          body: bookingRequestSchema,
          response: { 201: bookingDetailSchema, ...errors },
        },
      },
      async (request, reply) => {
        const guest = requireUser(request);
        return reply.code(201).send(await requestBooking(service, guest.id, request.body));
      },
    );

    app.post(
      '/api/bookings',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Request a stay for one of my pets (the listing page); the size is the pet\'s',
          body: bookingCreateSchema,
          response: { 201: bookingDetailSchema, ...errors },
        },
      },
      async (request, reply) => {
        const guest = requireUser(request);
        return reply.code(201).send(await requestBooking(service, guest.id, request.body));
      },
    );

    app.get(
      '/api/bookings',
      { ...signedIn, schema: { tags, summary: 'My bookings as a guest, newest first', response: { 200: z.object({ results: z.array(guestBookingSchema) }), ...errors } } },
      async (request, reply) => {
        const guest = requireUser(request);
        return { results: await listGuestBookings(db, guest.id) };
      },
    );

    app.get(
      '/api/bookings/:id',
      { ...signedIn, schema: { tags, summary: 'One booking, for its guest or its host', params: idParams, response: { 200: bookingDetailSchema, ...errors } } },
      async (request, reply) => {
        const user = requireUser(request);
        return getBooking(db, user.id, request.params.id);
      },
    );

    app.get(
      '/api/host/bookings',
      {
        ...signedIn,
        schema: {
          tags: ['host'],
          summary: 'Bookings of my listings, newest first; `status` filters (e.g. requested for Booking Requests)',
          querystring: hostBookingsQuerySchema,
          response: { 200: z.object({ results: z.array(hostBookingSchema) }), ...errors },
        },
      },
      async (request, reply) => {
        const host = requireUser(request);
        return { results: await listHostBookings(db, host.id, request.query.status) };
      },
    );

    for (const answer of ['accept', 'decline'] as const) {
      app.post(
        `/api/bookings/:id/${answer}`,
        {
          ...signedIn,
          schema: {
            tags,
            summary: answer === 'accept'
              ? 'Accept a request for one of my listings; 409 if its dates overlap an accepted stay or blocked dates'
              : 'Decline a request for one of my listings',
            params: idParams,
            response: { 200: bookingDetailSchema, ...errors },
          },
        },
        async (request) => respondToRequest(service, requireUser(request).id, request.params.id, answer),
      );
    }

    app.post(
      '/api/bookings/:id/cancel',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Cancel my pending or confirmed booking before its start date (frees the nights)',
          params: idParams,
          response: { 200: bookingDetailSchema, ...errors },
        },
      },
      async (request) => cancelBooking(service, requireUser(request).id, request.params.id),
    );
  };
