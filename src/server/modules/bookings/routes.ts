import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingEndpoints } from '../../../domain/contracts/booking';
import type { AppDeps } from '../../app-deps';
import { paymentsTestMode } from '../../config';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { type BookingDeps, type QueueRefund, getBooking, listGuestBookings, listHostBookings, quoteBooking, requestBooking } from './service';
import { cancelBooking, hostCancelBooking, respondToRequest } from './transitions';

const route = routesOf(bookingEndpoints);

/** `refund` is payments' queueRefund, handed in by api-routes.ts: payments imports bookings (decision 044). */
export const bookingRoutes =
  (deps: AppDeps & { refund: QueueRefund }): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['bookings'];
    const service: BookingDeps = { db, publicUrl: deps.config.publicUrl, testMode: paymentsTestMode(deps.config), refund: deps.refund };

    app.route({
      ...route('POST /api/bookings/quote', { tags, summary: 'The price of a stay at an active listing (no sign-in needed); 400 for dates that cannot be booked' }),
      handler: async (request) => quoteBooking(db, request.body),
    });

    app.route({
      ...route('POST /api/bookings/create', { tags, summary: "Request a stay for a pet size (SPEC.md's search sheet): my oldest pet of that size comes" }),
      ...signedIn,
      handler: async (request, reply) => reply.code(201).send(await requestBooking(service, requireUser(request).id, request.body)),
    });

    app.route({
      ...route('POST /api/bookings', { tags, summary: "Request a stay for one of my pets (the listing page); the size is the pet's" }),
      ...signedIn,
      handler: async (request, reply) => reply.code(201).send(await requestBooking(service, requireUser(request).id, request.body)),
    });

    app.route({
      ...route('GET /api/bookings', { tags, summary: 'My bookings as a guest, newest first' }),
      ...signedIn,
      handler: async (request) => ({ results: await listGuestBookings(db, requireUser(request).id) }),
    });

    app.route({
      ...route('GET /api/bookings/:id', { tags, summary: 'One booking, for its guest or its host' }),
      ...signedIn,
      handler: async (request) => getBooking(db, requireUser(request).id, request.params.id),
    });

    app.route({
      ...route('GET /api/host/bookings', { tags: ['host'], summary: 'Bookings of my listings, newest first; `status` filters (e.g. requested for Booking Requests)' }),
      ...signedIn,
      handler: async (request) => ({ results: await listHostBookings(db, requireUser(request).id, request.query.status) }),
    });

    app.route({
      ...route('POST /api/bookings/:id/accept', { tags, summary: 'Accept a request for one of my listings: its nights are held while the guest pays (24 hours); 409 if they overlap an accepted stay or blocked dates' }),
      ...signedIn,
      handler: async (request) => respondToRequest(service, requireUser(request).id, request.params.id, 'accept'),
    });

    app.route({
      ...route('POST /api/bookings/:id/decline', { tags, summary: 'Decline a request for one of my listings' }),
      ...signedIn,
      handler: async (request) => respondToRequest(service, requireUser(request).id, request.params.id, 'decline'),
    });

    app.route({
      ...route('POST /api/bookings/:id/cancel', { tags, summary: "Cancel my booking before its start date (frees the nights); a paid stay is refunded as its cancellation policy says" }),
      ...signedIn,
      handler: async (request) => cancelBooking(service, requireUser(request).id, request.params.id),
    });

    app.route({
      ...route('POST /api/host/bookings/:id/cancel', { tags: ['host'], summary: 'Cancel a stay I accepted, before its first day is over: the guest is refunded in full' }),
      ...signedIn,
      handler: async (request) => hostCancelBooking(service, requireUser(request).id, request.params.id),
    });
  };
