import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PET_SIZES } from '../../../domain/pet-sizes';
import { PET_TYPES } from '../../../domain/pet-types';
import { petSchema, petUpdateSchema } from '../../../domain/schemas/pet';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { errorResponses } from '../../http/openapi';
import { idParams } from '../../http/params';
import { createPet, deletePet, getPet, listPets, updatePet } from './service';

const petResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PET_TYPES),
  breed: z.string().nullable(),
  size: z.enum(PET_SIZES),
  notes: z.string().nullable(),
  created_at: z.string(),
});

export const petRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['pets'];
    app.get(
      '/api/pets',
      { schema: { tags, summary: 'My pets, oldest first', response: { 200: z.object({ results: z.array(petResponse) }), ...errorResponses } } },
      async (request, reply) => {
        return { results: await listPets(db, requireUser(request).id) };
      },
    );
    app.post(
      '/api/pets',
      { schema: { tags, summary: 'Add a pet', body: petSchema, response: { 201: petResponse, ...errorResponses } } },
      async (request, reply) => reply.code(201).send(await createPet(db, requireUser(request).id, request.body)),
    );
    app.get(
      '/api/pets/:id',
      { schema: { tags, summary: 'One of my pets', params: idParams, response: { 200: petResponse, ...errorResponses } } },
      async (request) => getPet(db, requireUser(request).id, request.params.id),
    );
    app.patch(
      '/api/pets/:id',
      { schema: { tags, summary: 'Change one of my pets', params: idParams, body: petUpdateSchema, response: { 200: petResponse, ...errorResponses } } },
      async (request) => updatePet(db, requireUser(request).id, request.params.id, request.body),
    );
    app.delete(
      '/api/pets/:id',
      { schema: { tags, summary: 'Remove one of my pets', params: idParams, response: { 204: z.null(), ...errorResponses } } },
      async (request, reply) => {
        await deletePet(db, requireUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
