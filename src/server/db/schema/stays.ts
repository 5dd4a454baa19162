import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CareTick } from '../../../domain/stays/care-log';
import type { CareSheet } from '../../../domain/stays/care-sheet';
import { createdAt, updatedAt } from './columns';
import { bookingPets, bookings } from './bookings';
import { users } from './accounts';

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

/**
 * What the host posts during a stay: a few words, a care log of ticks with times (checked against
 * the care sheets) and up to 8 private photos; the host's check-in is the first, of kind arrival.
 * `for_date` is the stay's day it tells of, India's date when it was posted.
 */
export const stayUpdates = pgTable(
  'stay_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['arrival', 'update'] }).notNull(),
    note: text('note').notNull().default(''),
    careLog: jsonb('care_log').$type<CareTick[]>().notNull().default(sql`'[]'::jsonb`),
    forDate: date('for_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The stay's timeline, newest first; today's updates (the reminder, "No update yet today").
    index('stay_updates_booking_idx').on(t.bookingId, t.createdAt.desc()),
    index('stay_updates_day_idx').on(t.bookingId, t.forDate),
    check('stay_updates_kind_check', sql`${t.kind} in ('arrival', 'update')`),
    check('stay_updates_note_check', sql`char_length(${t.note}) <= 1000`),
  ],
);

/** A private photo's place in its set and its two WebP variants' files (named by random keys), as updates and reports keep them. */
const privatePhotoColumns = () => ({
  place: integer('place').notNull(),
  cardKey: text('card_key').notNull(),
  largeKey: text('large_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

/** An update's photos, in the order posted: two WebP variants each, private files named by random keys. */
export const stayUpdatePhotos = pgTable(
  'stay_update_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    updateId: uuid('update_id')
      .notNull()
      .references(() => stayUpdates.id, { onDelete: 'cascade' }),
    ...privatePhotoColumns(),
  },
  (t) => [
    index('stay_update_photos_update_idx').on(t.updateId, t.place),
    // Whether a file is named by a row (the sweep of stay photo files); each is one photo's alone.
    uniqueIndex('stay_update_photos_card_key_idx').on(t.cardKey),
    uniqueIndex('stay_update_photos_large_key_idx').on(t.largeKey),
  ],
);

/** The 8 pm reminder of a day without an update, sent once per stay and day whatever the processes. */
export const stayUpdateReminders = pgTable(
  'stay_update_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    forDate: date('for_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.forDate] })],
);

/**
 * Stay photo files no row named when the sweep last looked (stays/service.ts, sweepStayPhotos):
 * a file stored for an update whose request then failed or died. Deleted by a later sweep if still
 * unnamed; one seen while its request was still running is named by then, and forgotten.
 */
export const stayPhotoOrphans = pgTable('stay_photo_orphans', {
  key: text('key').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A meet & greet (domain/stays/meet.ts): proposed by the booking's guest or host with up to three
 * times, confirmed by the other side (`at`, one of them), then marked Met or Didn't happen by
 * either. A new proposal replaces the booking's current meet (status replaced): one current meet
 * per booking. `reminded_at` claims the evening-before reminder once across processes.
 */
export const meets = pgTable(
  'meets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['home', 'video'] }).notNull(),
    times: timestamp('times', { withTimezone: true }).array().notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['proposed', 'confirmed', 'replaced'] }).notNull().default('proposed'),
    at: timestamp('at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['met', 'missed'] }),
    outcomeBy: uuid('outcome_by').references(() => users.id, { onDelete: 'set null' }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The booking's meets, newest first (its current one, its count of proposals).
    index('meets_booking_idx').on(t.bookingId, t.createdAt.desc()),
    uniqueIndex('meets_current_idx').on(t.bookingId).where(sql`status <> 'replaced'`),
    // The reminder's look-up: confirmed meets not yet reminded, by time.
    index('meets_reminder_idx').on(t.at).where(sql`status = 'confirmed' and reminded_at is null and outcome is null`),
    check('meets_mode_check', sql`${t.mode} in ('home', 'video')`),
    check('meets_status_check', sql`${t.status} in ('proposed', 'confirmed', 'replaced')`),
    check('meets_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('met', 'missed')`),
    check('meets_times_check', sql`cardinality(${t.times}) between 1 and 3`),
    check('meets_note_check', sql`char_length(${t.note}) <= 500`),
    // Confirmed means a time was chosen; an outcome only follows a chosen time.
    check('meets_at_check', sql`(${t.at} is null) = (${t.confirmedAt} is null) and (${t.status} <> 'confirmed' or ${t.at} is not null)`),
    check('meets_outcome_at_check', sql`${t.outcome} is null or (${t.at} is not null and ${t.outcomeAt} is not null)`),
  ],
);

/**
 * A problem reported on a stay by its guest or its host (domain/stays/incidents.ts), during it or
 * within 48 hours after; urgent ones (health, escape) alert operators. Resolved by an operator,
 * with the words both sides read and the share of the stay refunded, if any. The host's payout
 * waits while one is open (payments' release). A `no_show` is opened by the lifecycle job (no
 * reporter) for a paid stay not checked in by the end of its check-in day, once per stay; both
 * sides answer what happened (domain/stays/arrival.ts), and the host's late check-in resolves it.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Null for a no-show, which the lifecycle job opens. */
    reportedBy: uuid('reported_by').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['health', 'escape', 'behaviour', 'damage', 'other', 'no_show'] }).notNull(),
    urgent: boolean('urgent').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
    resolution: text('resolution'),
    refundPercent: integer('refund_percent'),
    /** What the refund came to (0 when none was made), as the payments module decided it. */
    refundPaise: integer('refund_paise'),
    /** A no-show's answers to "What happened?", each side's latest. */
    guestAnswer: text('guest_answer', { enum: ['arriving_late', 'did_not_come', 'called_off'] }),
    hostAnswer: text('host_answer', { enum: ['arriving_late', 'did_not_come', 'called_off'] }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A stay's problems, oldest first.
    index('incidents_booking_idx').on(t.bookingId, t.createdAt),
    // The operators' queue: urgent first, then the longest waiting.
    index('incidents_open_idx').on(t.urgent.desc(), t.createdAt).where(sql`status = 'open'`),
    // A stay is asked what happened to its arrival once, whichever process's job asks.
    uniqueIndex('incidents_no_show_idx').on(t.bookingId).where(sql`kind = 'no_show'`),
    check('incidents_kind_check', sql`${t.kind} in ('health', 'escape', 'behaviour', 'damage', 'other', 'no_show')`),
    // Only the job opens a no-show; everything else has its reporter.
    check('incidents_reporter_check', sql`(${t.reportedBy} is null) = (${t.kind} = 'no_show')`),
    check('incidents_answers_check', sql`${t.kind} = 'no_show' or (${t.guestAnswer} is null and ${t.hostAnswer} is null)`),
    check('incidents_guest_answer_check', sql`${t.guestAnswer} is null or ${t.guestAnswer} in ('arriving_late', 'did_not_come', 'called_off')`),
    check('incidents_host_answer_check', sql`${t.hostAnswer} is null or ${t.hostAnswer} in ('arriving_late', 'did_not_come', 'called_off')`),
    check('incidents_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('incidents_description_check', sql`char_length(${t.description}) between 1 and 2000`),
    check('incidents_refund_check', sql`${t.refundPercent} is null or ${t.refundPercent} between 0 and 100`),
    check('incidents_resolved_check', sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null and ${t.resolution} is not null and ${t.refundPercent} is not null and ${t.refundPaise} is not null)`),
    check('incidents_refund_paise_check', sql`${t.refundPaise} is null or ${t.refundPaise} >= 0`),
  ],
);

/** A reported problem's photos, in the order sent: private files, like an update's (two WebP variants). */
export const incidentPhotos = pgTable(
  'incident_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    ...privatePhotoColumns(),
  },
  (t) => [
    index('incident_photos_incident_idx').on(t.incidentId, t.place),
    // Whether a file is named by a row (the sweep of stay photo files, which share the store).
    uniqueIndex('incident_photos_card_key_idx').on(t.cardKey),
    uniqueIndex('incident_photos_large_key_idx').on(t.largeKey),
  ],
);
