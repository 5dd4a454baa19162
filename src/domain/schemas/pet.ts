import { z } from 'zod';
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
export type Pet = z.output<typeof petSchema> & { id: string; created_at: string };
