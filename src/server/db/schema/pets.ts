import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { PET_SIZES } from '../../../domain/pet-sizes';
import { PET_TYPES } from '../../../domain/pet-types';
import { VACCINES } from '../../../domain/pet-profile';
import { DOCUMENT_FILE_TYPES } from '../../../domain/document-files';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

// Pets and their vaccinations (the pets module). Owners: src/server/db/table-owners.ts.

export const pets = pgTable(
  'pets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: PET_TYPES }).notNull(),
    breed: text('breed'),
    size: text('size', { enum: PET_SIZES }).notNull(),
    notes: text('notes'),
    /** The large variant of its photo (uploads/photo-store.ts); the card variant shares its stem. */
    photoUrl: text('photo_url'),
    weightKg: doublePrecision('weight_kg'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** null: not said. */
    neutered: boolean('neutered'),
    temperament: text('temperament'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pets_owner_idx').on(t.ownerId, t.createdAt),
    check('pets_type_check', sql`${t.type} in ('dog', 'cat')`),
    check('pets_size_check', sql`${t.size} in ('xs', 's', 'm', 'l', 'xl')`),
    check('pets_weight_check', sql`${t.weightKg} is null or (${t.weightKg} > 0 and ${t.weightKg} <= 120)`),
  ],
);

/**
 * A pet's vaccinations, one row a vaccine (rabies, and the core vaccine of its type), with the
 * date the last dose was given and an optional certificate: a private file (storage/private-files.ts)
 * that only the owner, and a host the owner has an open request or stay with, may open.
 */
export const petVaccinations = pgTable(
  'pet_vaccinations',
  {
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    vaccine: text('vaccine', { enum: VACCINES }).notNull(),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    certificateKey: text('certificate_key'),
    certificateType: text('certificate_type', { enum: DOCUMENT_FILE_TYPES }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.petId, t.vaccine] }),
    check('pet_vaccinations_vaccine_check', sql`${t.vaccine} in ('rabies', 'core')`),
    check('pet_vaccinations_certificate_type_check', sql`${t.certificateType} is null or ${t.certificateType} in ('image/jpeg', 'image/png', 'application/pdf')`),
    check('pet_vaccinations_certificate_check', sql`(${t.certificateKey} is null) = (${t.certificateType} is null)`),
  ],
);
