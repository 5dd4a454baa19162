import { z } from 'zod';
import type { Contract } from './endpoint';
import { idParams } from './params';
import { addYears, type IsoDate, isIsoDate, todayInIndia } from '../dates';
import { PET_LIMITS, VACCINES } from '../pet-profile';
import { PET_SIZES } from '../pet-sizes';
import { PET_TYPES } from '../pet-types';

// A pet's profile (PRODUCT.md section 9). Messages are SPEC.md section 5's where it words them.
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const PET_MESSAGES = {
  weight: `Weight must be a number of kg from ${PET_LIMITS.weightKg.min} to ${PET_LIMITS.weightKg.max}`,
  date: /*i18n*/ 'Dates must be real dates written as yyyy-MM-dd',
  birthFuture: /*i18n*/ 'Birth date cannot be in the future',
  birthTooOld: `Birth date must be within the last ${PET_LIMITS.maxAgeYears} years`,
  givenFuture: /*i18n*/ 'A vaccination date cannot be in the future',
  givenBeforeBirth: /*i18n*/ 'A vaccination date cannot be before the birth date',
  notFound: /*i18n*/ 'Pet not found',
  noVaccination: /*i18n*/ 'Give the date of this vaccination before its certificate',
  certificateNotFound: /*i18n*/ 'Certificate not found',
  tooMany: `You can keep up to ${PET_LIMITS.perOwner} pet profiles. Delete one you no longer need to add another.`,
} as const;

/** A calendar date, or null (blank or absent); no later than today in India. */
const pastDate = (futureMessage: string) =>
  z
    .string({ error: PET_MESSAGES.date })
    .trim()
    .nullish()
    .transform((v, ctx): IsoDate | null => {
      if (!v) return null;
      if (!isIsoDate(v)) {
        ctx.addIssue({ code: 'custom', message: PET_MESSAGES.date });
        return z.NEVER;
      }
      if (v > todayInIndia()) {
        ctx.addIssue({ code: 'custom', message: futureMessage });
        return z.NEVER;
      }
      return v;
    })
    .meta({ format: 'date', description: 'yyyy-MM-dd, or null' });

/** The date each vaccination was last given; null (or absent) when none is recorded. */
const vaccinationsSchema = z.object(
  { rabies: pastDate(PET_MESSAGES.givenFuture), core: pastDate(PET_MESSAGES.givenFuture) },
  { error: 'Vaccinations must be { rabies, core } dates' },
);

const fields = {
  name: z
    .string({ error: /*i18n*/ 'Name is required' })
    .trim()
    .min(1, /*i18n*/ 'Name is required')
    .max(PET_LIMITS.name, /*i18n*/ 'Name must be less than 50 characters'),
  type: z.enum(PET_TYPES, { error: /*i18n*/ 'Choose dog or cat' }),
  breed: optionalText(PET_LIMITS.breed, /*i18n*/ 'Breed must be less than 100 characters'),
  size: z.enum(PET_SIZES, { error: /*i18n*/ 'Choose a size' }),
  notes: optionalText(PET_LIMITS.notes, /*i18n*/ 'Notes must be less than 500 characters'),
  temperament: optionalText(PET_LIMITS.temperament, /*i18n*/ 'Temperament must be less than 200 characters'),
  weight_kg: z
    .number({ error: PET_MESSAGES.weight })
    .min(PET_LIMITS.weightKg.min, PET_MESSAGES.weight)
    .max(PET_LIMITS.weightKg.max, PET_MESSAGES.weight)
    .nullish()
    // Kept to one decimal, as the form shows it.
    .transform((v) => (v == null ? null : Math.round(v * 10) / 10)),
  birth_date: pastDate(PET_MESSAGES.birthFuture).refine(
    (v) => v === null || v >= addYears(todayInIndia(), -PET_LIMITS.maxAgeYears),
    PET_MESSAGES.birthTooOld,
  ),
  neutered: z.boolean({ error: /*i18n*/ 'Spayed or neutered must be yes or no' }).nullish().transform((v) => v ?? null),
  vaccinations: vaccinationsSchema,
};

/** No vaccination before the pet was born. */
function checkVaccinationDates(value: { birth_date?: IsoDate | null; vaccinations?: Partial<Record<string, IsoDate | null>> }, ctx: z.RefinementCtx) {
  if (!value.birth_date || !value.vaccinations) return;
  for (const vaccine of VACCINES) {
    const given = value.vaccinations[vaccine];
    if (given && given < value.birth_date) ctx.addIssue({ code: 'custom', message: PET_MESSAGES.givenBeforeBirth, path: ['vaccinations', vaccine] });
  }
}

export const petSchema = z
  .object({
    ...fields,
    vaccinations: fields.vaccinations.default({ rabies: null, core: null }),
  })
  .superRefine(checkVaccinationDates);

/**
 * Changing a pet: any subset of the fields. A vaccination given as null is removed (with its
 * certificate); one left out is left as it is. The birth date rule is checked by the server
 * against what is stored.
 */
export const petUpdateSchema = z
  .object({ ...fields, vaccinations: vaccinationsSchema.partial() })
  .partial()
  .strict();

export type PetInput = z.input<typeof petSchema>;
export type PetCreate = z.output<typeof petSchema>;
export type PetUpdate = z.output<typeof petUpdateSchema>;

export const vaccineParams = z.object({
  id: idParams.shape.id,
  vaccine: z.enum(VACCINES, { error: 'The vaccine is rabies or core' }),
});

/** A pet's files: its photo and each vaccination's certificate. */
export const PET_FILE_SLOTS = ['photo', ...VACCINES] as const;
export type PetFileSlot = (typeof PET_FILE_SLOTS)[number];

export const PET_FILES_MESSAGES = {
  slot: 'Name each file photo, rabies or core',
  once: 'Send or remove each file once',
  nothing: 'Send a file, or name one to remove',
} as const;

/**
 * `PUT /api/pets/:id/files`, a multipart form saved all or nothing: a file part named `photo`,
 * `rabies` or `core` replaces that file; a `remove` field with one of those names removes it.
 * This schema checks the form's names (the files' contents are checked as they are read).
 */
export const petFilesFormSchema = z
  .object({
    send: z.array(z.enum(PET_FILE_SLOTS, { error: PET_FILES_MESSAGES.slot })),
    remove: z.array(z.enum(PET_FILE_SLOTS, { error: PET_FILES_MESSAGES.slot })),
  })
  .superRefine(({ send, remove }, ctx) => {
    const all = [...send, ...remove];
    if (all.length === 0) ctx.addIssue({ code: 'custom', message: PET_FILES_MESSAGES.nothing, path: ['send'] });
    const twice = all.find((slot, i) => all.indexOf(slot) !== i);
    if (twice) ctx.addIssue({ code: 'custom', message: PET_FILES_MESSAGES.once, path: [twice] });
  });
export type PetFilesForm = z.output<typeof petFilesFormSchema>;

// The answers.

const vaccinationSchema = z.object({
  given_on: z.string().describe('yyyy-MM-dd: when the last dose was given'),
  due_on: z.string().describe('yyyy-MM-dd: a year later, when the next dose is due'),
  has_certificate: z.boolean(),
});

export const petResponseSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PET_TYPES),
  breed: z.string().nullable(),
  size: z.enum(PET_SIZES),
  notes: z.string().nullable(),
  temperament: z.string().nullable(),
  weight_kg: z.number().nullable(),
  birth_date: z.string().nullable().describe('yyyy-MM-dd'),
  neutered: z.boolean().nullable().describe('null: not said'),
  photo_url: z.string().nullable().describe('The large variant; the card variant shares its stem (domain/photos.ts)'),
  vaccinations: z.object({ rabies: vaccinationSchema.nullable(), core: vaccinationSchema.nullable() }),
  upcoming_stay: z
    .object({ start_date: z.string(), listing_title: z.string() })
    .nullable()
    .describe('The first request or stay not yet over that names this pet: while there is one, the pet cannot be deleted'),
  created_at: z.string(),
});

/** A vaccination as the database answers it (its rows as JSON): the dose's date, and whether a certificate is kept. */
export const storedVaccinationSchema = z.object({ vaccine: z.enum(VACCINES), given_on: z.string(), has_certificate: z.boolean() });

/** One of my pets, as the API answers it. */
export type Pet = z.infer<typeof petResponseSchema>;
export type PetVaccination = z.infer<typeof vaccinationSchema>;

export const petEndpoints = {
  'GET /api/pets': { response: z.object({ results: z.array(petResponseSchema) }) },
  'POST /api/pets': { body: petSchema, response: petResponseSchema, status: 201 },
  'GET /api/pets/:id': { params: idParams, response: petResponseSchema },
  'PATCH /api/pets/:id': { params: idParams, body: petUpdateSchema, response: petResponseSchema },
  'DELETE /api/pets/:id': { params: idParams, response: z.null(), status: 204 },
  'PUT /api/pets/:id/photo': { params: idParams, upload: true, response: petResponseSchema },
  'PUT /api/pets/:id/files': { params: idParams, upload: true, response: petResponseSchema },
  'DELETE /api/pets/:id/photo': { params: idParams, response: petResponseSchema },
  'PUT /api/pets/:id/vaccinations/:vaccine/certificate': { params: vaccineParams, upload: true, response: petResponseSchema },
  'DELETE /api/pets/:id/vaccinations/:vaccine/certificate': { params: vaccineParams, response: petResponseSchema },
  'GET /api/pets/:id/vaccinations/:vaccine/certificate': { params: vaccineParams, response: null },
} as const satisfies Contract;

