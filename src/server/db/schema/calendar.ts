import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, datemultirange, daterange } from './columns';
import { bookings } from './bookings';
import { listings } from './listings';

// A listing's calendar: the nights its host blocked and the nights its bookings hold (the listings
// module; a booking's holds go with it). Owners: src/server/db/table-owners.ts.

/**
 * The nights a listing cannot sell: accepted stays and dates the host blocked. One table for both
 * so that a single exclusion constraint (see the custom migration) forbids any overlap between
 * them, whatever the application code does and however many processes run it.
 */
export const calendarHolds = pgTable(
  'calendar_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    during: daterange('during').notNull(),
    kind: text('kind', { enum: ['stay', 'blocked'] }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_holds_booking_idx').on(t.bookingId),
    check('calendar_holds_kind_check', sql`${t.kind} in ('stay', 'blocked')`),
    check(
      'calendar_holds_booking_check',
      sql`(${t.kind} = 'stay') = (${t.bookingId} is not null)`,
    ),
    check('calendar_holds_range_check', sql`not isempty(${t.during})`),
  ],
);

/**
 * Every night a listing cannot sell from yesterday on (its calendar_holds, accepted stays and
 * blocked nights alike, merged into one multirange), for the listings that have any. Derived
 * data, kept by triggers on calendar_holds (migration 0005) and never written by the app: the
 * availability filter of search probes this small table once per listing it considers, instead of
 * the large and ever-growing calendar_holds (docs/performance.md).
 */
export const listingHeldNights = pgTable('listing_held_nights', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  nights: datemultirange('nights').notNull(),
});
