import { t } from '@lingui/core/macro';
import { toast } from '@/web/lib/toast';
import type { Pet, PetCreate } from '@/domain/contracts/pet';
import type { Vaccine } from '@/domain/pet-profile';
import type { PetSize } from '@/domain/pet-sizes';
import type { PetType } from '@/domain/pet-types';
import { errorsFromIssues, type Validate } from '@/web/lib/form';
import type { FileChange } from '../api';

// The pet form's values: text as typed, a pet's values, and the check by the server's own schema
// with its errors named by the form's fields.

export type Neutered = '' | 'yes' | 'no';

export type PetFormValues = {
  name: string;
  type: PetType;
  breed: string;
  size: PetSize;
  weight_kg: string;
  birth_date: string;
  neutered: Neutered;
  rabies: string;
  core: string;
  temperament: string;
  notes: string;
};

export const blank: PetFormValues = {
  name: '',
  type: 'dog',
  breed: '',
  size: 'm',
  weight_kg: '',
  birth_date: '',
  neutered: '',
  rabies: '',
  core: '',
  temperament: '',
  notes: '',
};

export function valuesOf(pet: Pet): PetFormValues {
  return {
    name: pet.name,
    type: pet.type,
    breed: pet.breed ?? '',
    size: pet.size,
    weight_kg: pet.weight_kg === null ? '' : String(pet.weight_kg),
    birth_date: pet.birth_date ?? '',
    neutered: pet.neutered === null ? '' : pet.neutered ? 'yes' : 'no',
    rabies: pet.vaccinations.rabies?.given_on ?? '',
    core: pet.vaccinations.core?.given_on ?? '',
    temperament: pet.temperament ?? '',
    notes: pet.notes ?? '',
  };
}

/** The weight as typed: null when blank, NaN (which the schema refuses with its message) when not a number. */
export function weightOf(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? null : Number(cleaned);
}

const toInput = (values: PetFormValues) => ({
  name: values.name,
  type: values.type,
  breed: values.breed,
  size: values.size,
  notes: values.notes,
  temperament: values.temperament,
  weight_kg: weightOf(values.weight_kg),
  birth_date: values.birth_date || null,
  neutered: values.neutered === '' ? null : values.neutered === 'yes',
  vaccinations: { rabies: values.rabies || null, core: values.core || null },
});

/** A field of the form from a key of the schema's (or the server's) errors: "vaccinations.rabies" is the rabies date. */
export function formField(key: string): keyof PetFormValues | undefined {
  const field = key.startsWith('vaccinations.') ? key.slice('vaccinations.'.length) : key;
  return field in blank ? (field as keyof PetFormValues) : undefined;
}

type PetSchema = (typeof import('@/domain/contracts/pet'))['petSchema'];
let loadingSchema: Promise<PetSchema> | undefined;

/** The server's schema (loaded on the first check, as schemaValidator does), its errors named by the form's fields. */
export const validate: Validate<PetFormValues, PetCreate> = async (values) => {
  loadingSchema ??= import('@/domain/contracts/pet').then(
    (m) => m.petSchema,
    (err: unknown) => {
      loadingSchema = undefined;
      throw err;
    },
  );
  let schema: PetSchema;
  try {
    schema = await loadingSchema;
  } catch {
    toast.error(t`This form could not be checked. Please check your connection and try again.`);
    return undefined;
  }
  const result = await schema.safeParseAsync(toInput(values));
  if (result.success) return { output: result.data };
  const issues = result.error.issues.map((issue) => ({ message: issue.message, path: [formField(issue.path.map(String).join('.')) ?? String(issue.path[0])] }));
  return { errors: errorsFromIssues<PetFormValues>(issues) };
};

export const keepAll: Record<Vaccine, FileChange> = { rabies: { kind: 'keep' }, core: { kind: 'keep' } };
