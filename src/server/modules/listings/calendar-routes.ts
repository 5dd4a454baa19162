import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInIndia } from '../../../domain/dates';
import { blockedDatesSchema, calendarQuerySchema, resolveCalendarRange } from '../../../domain/schemas/calendar';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { badRequest } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { idParams } from '../../http/params';
import { blockDates, getCalendar, unblockDates } from './calendar';
import { blockedChangeSchema, calendarSchema } from './schemas';
import { assertOwnListing } from './service';

export const calendarRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['listing calendar'];

    app.get(
      '/api/listings/:id/calendar',
      {
        schema: {
          tags,
          summary: 'The availability of one of my listings: blocked nights and accepted stays (default: today and the next 90 days)',
          params: idParams,
          querystring: calendarQuerySchema,
          response: { 200: calendarSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await assertOwnListing(db, requireUser(request).id, request.params.id);
        const { from, to, error } = resolveCalendarRange(request.query, todayInIndia());
        if (error) throw badRequest(error, { to: error });
        return getCalendar(db, request.params.id, from, to);
      },
    );

    app.post(
      '/api/listings/:id/blocked-dates',
      {
        schema: {
          tags,
          summary: 'Block the nights from `from` to `to` (both included) of one of my listings; 409 if one is an accepted stay',
          params: idParams,
          body: blockedDatesSchema,
          response: { 200: blockedChangeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await assertOwnListing(db, requireUser(request).id, request.params.id);
        return { dates: await blockDates(db, request.params.id, request.body) };
      },
    );

    app.delete(
      '/api/listings/:id/blocked-dates',
      {
        schema: {
          tags,
          summary: 'Unblock the nights from `from` to `to` (both included) of one of my listings; stays are untouched',
          params: idParams,
          body: blockedDatesSchema,
          response: { 200: blockedChangeSchema, ...errorResponses },
        },
      },
      async (request) => {
        await assertOwnListing(db, requireUser(request).id, request.params.id);
        return { dates: await unblockDates(db, request.params.id, request.body) };
      },
    );
  };
