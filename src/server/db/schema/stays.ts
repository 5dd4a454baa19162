import { foreignKey, index, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import type { CareSheet } from '../../../domain/stays/care-sheet';
import { createdAt, updatedAt } from './columns';
import { bookingPets } from './bookings';

// The stay itself (the stays module, PRODUCT.md section 10). Owners: src/server/db/table-owners.ts.

/**
 * A pet's care sheet for one stay: one per pet on the booking, written by the guest once the stay
 * is paid. Its shape is domain/stays/care-sheet.ts's schema, checked on every write; it is kept
 * whole (jsonb) because it is only ever read whole, by the stay's two sides.
 */
export const careSheets = pgTable(
  'care_sheets',
  {
    bookingId: uuid('booking_id').notNull(),
    petId: uuid('pet_id').notNull(),
    sheet: jsonb('sheet').$type<CareSheet>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.petId] }),
    // Only a pet the booking brings has a sheet on it; both go with the booking.
    foreignKey({ columns: [t.bookingId, t.petId], foreignColumns: [bookingPets.bookingId, bookingPets.petId] }).onDelete('cascade'),
    // A new stay's sheet begins from the pet's last one.
    index('care_sheets_pet_idx').on(t.petId, t.updatedAt.desc()),
  ],
);
