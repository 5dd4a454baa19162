import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInIndia } from '../../../domain/dates';
import { calendarEndpoints, resolveCalendarRange } from '../../../domain/contracts/calendar';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { blockDates, getCalendar, unblockDates } from './calendar';
import { assertOwnListing } from './service';

const route = routesOf(calendarEndpoints);

export const calendarRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['listing calendar'];

    app.route({
      ...route('GET /api/listings/:id/calendar', {
        tags,
        summary: 'The availability of one of my listings: blocked nights and accepted stays (default: today and the next 90 days)',
      }),
      handler: async (request) => {
        await assertOwnListing(db, requireUser(request).id, request.params.id);
        const { from, to, error } = resolveCalendarRange(request.query, todayInIndia());
        if (error) throw badRequest(error, { to: error });
        return getCalendar(db, request.params.id, from, to);
      },
    });

    app.route({
      ...route('POST /api/listings/:id/blocked-dates', {
        tags,
        summary: 'Block the nights from `from` to `to` (both included) of one of my listings; 409 if one is an accepted stay',
      }),
      handler: async (request) => {
        await assertOwnListing(db, requireUser(request).id, request.params.id);
        return { dates: await blockDates(db, request.params.id, request.body) };
      },
    });

    app.route({
      ...route('DELETE /api/listings/:id/blocked-dates', {
        tags,
        summary: 'Unblock the nights from `from` to `to` (both included) of one of my listings; stays are untouched',
      }),
      handler: async (request) => {
        await assertOwnListing(db, requireUser(request).id, request.params.id);
        return { dates: await unblockDates(db, request.params.id, request.body) };
      },
    });
  };
