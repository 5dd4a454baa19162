import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '../../../domain/bookings';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '../../../domain/money/cancellation';
import { STAY_SIZES } from '../../../domain/pet-sizes';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { listings } from './listings';
import { pets } from './pets';

// Bookings and the pets on them (the bookings module). Owners: src/server/db/table-owners.ts.

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The guest. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    nights: integer('nights').notNull(),
    size: text('size', { enum: STAY_SIZES }).notNull(),
    note: text('note').notNull().default(''),
    priceSubtotalPaise: integer('price_subtotal_paise').notNull(),
    taxesPaise: integer('taxes_paise').notNull(),
    platformFeePaise: integer('platform_fee_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    // The listing's policy when the guest asked: a host's later change does not touch this stay.
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES }).notNull().default(DEFAULT_CANCELLATION_POLICY),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('requested'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** Set on accept (domain/bookings.ts paymentDueAt): unpaid by then, the stay lapses. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** When its guest was reminded to pay (domain/bookings paymentReminderAt): once per stay. */
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who cancelled: a host's cancellation counts against the host (PRODUCT.md section 7). */
    cancelledBy: text('cancelled_by', { enum: ['guest', 'host'] }),
    /** The host's "Bruno has arrived" (in_stay) and "Bruno has gone home" (PRODUCT.md section 10). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** The guest's "All well" after the host's check-out (PRODUCT.md section 10). */
    homeConfirmedAt: timestamp('home_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('bookings_listing_idx').on(t.listingId, t.status, t.startDate),
    // The lifecycle job: requests to expire, confirmed and under-way stays to complete.
    index('bookings_status_idx').on(t.status, t.startDate, t.endDate),
    // The lifecycle job: unpaid stays to lapse.
    index('bookings_payment_due_idx').on(t.paymentDueAt).where(sql`status = 'awaiting_payment'`),
    check('bookings_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('bookings_nights_check', sql`${t.nights} = ${t.endDate} - ${t.startDate}`),
    check(
      'bookings_status_check',
      sql`${t.status} in ('requested', 'awaiting_payment', 'confirmed', 'in_stay', 'declined', 'cancelled', 'expired', 'lapsed', 'completed')`,
    ),
    // A stay under way was checked in; one checked out was checked in first.
    check('bookings_in_stay_check', sql`${t.status} <> 'in_stay' or ${t.checkedInAt} is not null`),
    check('bookings_checked_out_check', sql`${t.checkedOutAt} is null or ${t.checkedInAt} is not null`),
    check('bookings_home_confirmed_check', sql`${t.homeConfirmedAt} is null or ${t.checkedOutAt} is not null`),
    check('bookings_payment_due_check', sql`${t.status} <> 'awaiting_payment' or ${t.paymentDueAt} is not null`),
    check('bookings_cancelled_by_check', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('guest', 'host')`),
    check('bookings_size_check', sql`${t.size} in ('small', 'medium', 'large')`),
    check('bookings_cancellation_policy_check', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    check(
      'bookings_money_check',
      sql`${t.priceSubtotalPaise} >= 0 and ${t.taxesPaise} >= 0 and ${t.platformFeePaise} >= 0 and ${t.totalPaise} >= 0`,
    ),
  ],
);

/**
 * The pets a booking is for, one or more of the guest's (checked against the listing's pet policy
 * when asked). A pet deleted later leaves its past stays (it cannot be deleted while one is open).
 */
export const bookingPets = pgTable(
  'booking_pets',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.petId] }),
    // Who may open a pet's certificates, and whether a pet is in an open stay: by pet.
    index('booking_pets_pet_idx').on(t.petId),
  ],
);
