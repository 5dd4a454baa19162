import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stayEndpoints } from '../../../domain/contracts/stay';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { checkIn, checkOut, getStay, saveCareSheet, type StayDeps } from './service';

const route = routesOf(stayEndpoints);

export const stayRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const service: StayDeps = { db, publicUrl: deps.config.publicUrl };
    const tags = ['stays'];

    app.route({
      ...route('GET /api/stays/:id', { tags, summary: "A booking as a stay, for its guest or its host: where it is, its pets' care sheets, and what each side may do" }),
      ...signedIn,
      handler: async (request) => getStay(db, requireUser(request).id, request.params.id),
    });

    app.route({
      ...route('PUT /api/stays/:id/care-sheets/:petId', { tags, summary: "Write a pet's care sheet on my paid stay, before or during it; the host reads it until 7 days after the stay" }),
      ...signedIn,
      handler: async (request) => saveCareSheet(db, requireUser(request).id, request.params.id, request.params.petId, request.body),
    });

    app.route({
      ...route('POST /api/stays/:id/check-in', { tags, summary: "The host's \"Bruno has arrived\": from the check-in day until the day before check-out, once every pet has its care sheet; 409 otherwise" }),
      ...signedIn,
      handler: async (request) => checkIn(service, requireUser(request).id, request.params.id),
    });

    app.route({
      ...route('POST /api/stays/:id/check-out', { tags, summary: "The host's \"Bruno has gone home\": a stay under way is completed and its guest told" }),
      ...signedIn,
      handler: async (request) => checkOut(service, requireUser(request).id, request.params.id),
    });
  };
