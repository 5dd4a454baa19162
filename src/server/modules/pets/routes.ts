import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { petEndpoints } from '../../../domain/contracts/pet';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { routesOf } from '../../http/endpoint';
import { createPet, deletePet, getPet, listPets, updatePet } from './service';

const route = routesOf(petEndpoints);

export const petRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['pets'];
    app.route({
      ...route('GET /api/pets', { tags, summary: 'My pets, oldest first' }),
      handler: async (request) => ({ results: await listPets(db, requireUser(request).id) }),
    });
    app.route({
      ...route('POST /api/pets', { tags, summary: 'Add a pet' }),
      handler: async (request, reply) => reply.code(201).send(await createPet(db, requireUser(request).id, request.body)),
    });
    app.route({
      ...route('GET /api/pets/:id', { tags, summary: 'One of my pets' }),
      handler: async (request) => getPet(db, requireUser(request).id, request.params.id),
    });
    app.route({
      ...route('PATCH /api/pets/:id', { tags, summary: 'Change one of my pets' }),
      handler: async (request) => updatePet(db, requireUser(request).id, request.params.id, request.body),
    });
    app.route({
      ...route('DELETE /api/pets/:id', { tags, summary: 'Remove one of my pets' }),
      handler: async (request, reply) => {
        await deletePet(db, requireUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    });
  };
