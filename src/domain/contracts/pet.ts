import { z } from 'zod';
import type { Contract } from './endpoint';
import { idParams } from './params';
import { PET_SIZES } from '../pet-sizes';
import { PET_TYPES } from '../pet-types';

// Messages are SPEC.md section 5's where it words them.
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const petSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(50, 'Name must be less than 50 characters'),
  type: z.enum(PET_TYPES, { error: 'Choose dog or cat' }),
  breed: optionalText(100, 'Breed must be less than 100 characters'),
  size: z.enum(PET_SIZES, { error: 'Choose a size' }),
  notes: optionalText(500, 'Notes must be less than 500 characters'),
});

export const petUpdateSchema = petSchema.partial().strict();

export type PetInput = z.input<typeof petSchema>;

// The answers.

export const petResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PET_TYPES),
  breed: z.string().nullable(),
  size: z.enum(PET_SIZES),
  notes: z.string().nullable(),
  created_at: z.string(),
});

/** One of my pets, as the API answers it. */
export type Pet = z.infer<typeof petResponseSchema>;

export const petEndpoints = {
  'GET /api/pets': { response: z.object({ results: z.array(petResponseSchema) }) },
  'POST /api/pets': { body: petSchema, response: petResponseSchema, status: 201 },
  'GET /api/pets/:id': { params: idParams, response: petResponseSchema },
  'PATCH /api/pets/:id': { params: idParams, body: petUpdateSchema, response: petResponseSchema },
  'DELETE /api/pets/:id': { params: idParams, response: z.null(), status: 204 },
} as const satisfies Contract;
