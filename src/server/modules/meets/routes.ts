import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meetEndpoints } from '../../../domain/contracts/meet';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { confirmMeet, markMeet, type MeetDeps, proposeMeet } from './service';

const route = routesOf(meetEndpoints);

export const meetRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service: MeetDeps = { db: deps.database.db, publicUrl: deps.config.publicUrl };
    const tags = ['meets'];

    app.route({
      ...route('POST /api/bookings/:id/meets', {
        tags,
        summary: 'Propose a meet & greet on my booking (its guest or its host): at the home or by video, one to three times within 14 days and before check-in; replaces the current proposal, and the other side is told',
      }),
      ...signedIn,
      handler: async (request, reply) => reply.code(201).send(await proposeMeet(service, requireUser(request).id, request.params.id, request.body)),
    });

    app.route({
      ...route('POST /api/meets/:id/confirm', { tags, summary: 'Confirm one of the times the other side proposed; both sides are told, and reminded the evening before' }),
      ...signedIn,
      handler: async (request) => confirmMeet(service, requireUser(request).id, request.params.id, request.body.time),
    });

    app.route({
      ...route('POST /api/meets/:id/outcome', { tags, summary: "Mark a confirmed meet & greet Met or Didn't happen, once its time has come (either side, once)" }),
      ...signedIn,
      handler: async (request) => markMeet(service, requireUser(request).id, request.params.id, request.body.outcome),
    });
  };
