import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '../../domain/bookings';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '../../domain/money/cancellation';
import { PET_SIZES, STAY_SIZES } from '../../domain/pet-sizes';
import { PET_TYPES } from '../../domain/pet-types';
import { VACCINES } from '../../domain/pet-profile';
import type { HostPet } from '../../domain/pet-policy-labels';
import { DOCUMENT_FILE_TYPES } from '../../domain/document-files';
import { LISTING_STATUSES } from '../../domain/contracts/listing';
import { ID_DOCUMENT_TYPES, ID_FILE_TYPES, VERIFICATION_STATUSES } from '../../domain/verification';
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_TARGETS } from '../../domain/reports';

// One table a resource, snake_case in SQL. Checks mirror the domain schemas so that a bug in
// application code cannot store what the product forbids.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL daterange, written and read as its text form `[2026-03-10,2026-03-13)`. */
const daterange = customType<{ data: string }>({ dataType: () => 'daterange' });

/** PostgreSQL datemultirange, read as its text form `{[2026-03-10,2026-03-13),[2026-03-20,2026-03-21)}`. */
const datemultirange = customType<{ data: string }>({ dataType: () => 'datemultirange' });

/**
 * A point on the unit sphere (the `cube` extension), whose straight-line distances order places
 * exactly as great-circle distances do: a GiST index on it answers "nearest first" (KNN). Search
 * orders by the same expression (modules/listings/queries/search.ts), so it must stay identical to the index's.
 */
export function unitSpherePoint(lat: SQL, lng: SQL): SQL {
  return sql`cube(array[cos(radians(${lat})) * cos(radians(${lng})), cos(radians(${lat})) * sin(radians(${lng})), sin(radians(${lat}))])`;
}

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  name: text('name').notNull().default(''),
  phone: text('phone'),
  photoUrl: text('photo_url'),
  /** Given and taken by `npm run operator` on the server only (PRODUCT.md section 8): the /ops console. */
  isOperator: boolean('is_operator').notNull().default(false),
  /** When an operator approved this host's verification: their listings then carry the Verified badge. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /**
   * When an operator suspended the account (PRODUCT.md section 8): it cannot sign in, its
   * sessions are gone and its listings are out of view until an operator restores it.
   */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // The console's search by the start of an address (lower-case, as every address is stored).
  index('users_email_prefix_idx').using('btree', sql`${t.email} text_pattern_ops`),
]);

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The exact address: the host's, and a confirmed guest's until the stay ends (domain/location.ts). */
    address: text('address').notNull(),
    /** The area anyone may see, e.g. Bodakdev; empty for listings made before it was asked. */
    locality: text('locality').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    nightlyPriceInr: integer('nightly_price_inr').notNull(),
    depositInr: integer('deposit_inr').notNull().default(0),
    /**
     * The public position: the home's moved a few hundred metres (domain/location.ts). Search,
     * maps and distances read these, so no answer can place the home more precisely.
     */
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** The host's pin: the home itself, answered only to whom may see the address. */
    exactLat: doublePrecision('exact_lat').notNull(),
    exactLng: doublePrecision('exact_lng').notNull(),
    /** The host's own switch: taking bookings or paused. */
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('active'),
    /** When an operator hid the listing (a report upheld); the host cannot undo it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Its host's account is suspended: kept on the row so that search can read it from its indexes. */
    hostSuspended: boolean('host_suspended').notNull().default(false),
    /**
     * Whether anyone may find and book it: active, not hidden, its host not suspended. Every public
     * read (search, cards, the listing page, favourites, a new request) asks this one column.
     */
    listed: boolean('listed')
      .notNull()
      .generatedAlwaysAs(sql`status = 'active' and hidden_at is null and not host_suspended`),
    verified: boolean('verified').notNull().default(false),
    sizeSupported: text('size_supported')
      .array()
      .notNull()
      .default(sql`'{small,medium,large}'::text[]`),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    maxPets: integer('max_pets').notNull().default(2),
    // The pet policy (domain/pet-policy.ts): what a request's pets are checked against.
    petTypes: text('pet_types')
      .array()
      .notNull()
      .default(sql`'{dog,cat}'::text[]`),
    vaccinationsRequired: boolean('vaccinations_required').notNull().default(false),
    houseRules: text('house_rules').array().notNull().default(sql`'{}'::text[]`),
    houseRulesNote: text('house_rules_note').notNull().default(''),
    /** The host's own pets, a few lines: [{ kind, line }] (domain/pet-policy.ts HostPet). */
    hostPets: jsonb('host_pets').$type<HostPet[]>().notNull().default(sql`'[]'::jsonb`),
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES }).notNull().default(DEFAULT_CANCELLATION_POLICY),
    // Maintained by triggers from the published reviews (migration 0005, docs/performance.md),
    // never written by the app: search sorts on them, from an index, for thousands of listings
    // per query, where an aggregate of each listing's reviews was the bottleneck.
    /** Average of the published listing reviews, one decimal; 0 when there are none. */
    rating: doublePrecision('rating').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_host_idx').on(t.hostId, t.createdAt.desc()),
    // Search (modules/listings/queries/search.ts), listed listings only (migration 0019). The btree indexes it reads are in
    // migration 0005, not here: they carry INCLUDE columns (so that a search counts and picks a
    // page from the index alone, without visiting the table), which drizzle cannot express:
    //   listings_search_price_idx        lower(city), price, id     price sorts and price ranges
    //   listings_search_recommended_idx  lower(city), verified, rating, reviews_count
    //   listings_search_rating_idx       lower(city), rating, reviews_count
    //   listings_search_area_idx         lat, lng                   the visible map area
    // Nearest first (KNN) from any centre, in a city or the visible map area.
    index('listings_search_nearest_idx')
      .using('gist', unitSpherePoint(sql`${t.lat}`, sql`${t.lng}`))
      .where(sql`${t.listed}`),
    check('listings_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('listings_price_check', sql`${t.nightlyPriceInr} between 1 and 100000`),
    check('listings_deposit_check', sql`${t.depositInr} between 0 and 50000`),
    check('listings_lat_check', sql`${t.lat} between -90 and 90`),
    check('listings_lng_check', sql`${t.lng} between -180 and 180`),
    check(
      'listings_sizes_check',
      sql`${t.sizeSupported} <@ '{small,medium,large}'::text[] and cardinality(${t.sizeSupported}) > 0`,
    ),
    check('listings_max_pets_check', sql`${t.maxPets} between 1 and 10`),
    check('listings_house_rules_check', sql`${t.houseRules} <@ '{not_on_bed,not_on_sofa,not_alone,on_lead_outside,crate_at_night,clean_up}'::text[]`),
    check('listings_pet_types_check', sql`cardinality(${t.petTypes}) >= 1 and ${t.petTypes} <@ '{dog,cat}'::text[]`),
    check('listings_cancellation_policy_check', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
  ],
);

export const listingPhotos = pgTable(
  'listing_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The large variant; the other sizes share its stem (see domain/photos.ts). */
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('listing_photos_listing_idx').on(t.listingId, t.sortOrder)],
);

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
    priceSubtotalInr: integer('price_subtotal_inr').notNull(),
    taxesInr: integer('taxes_inr').notNull(),
    platformFeeInr: integer('platform_fee_inr').notNull(),
    totalInr: integer('total_inr').notNull(),
    // The listing's policy when the guest asked: a host's later change does not touch this stay.
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES }).notNull().default(DEFAULT_CANCELLATION_POLICY),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('requested'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** Set on accept (domain/bookings.ts paymentDueAt): unpaid by then, the stay lapses. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who cancelled: a host's cancellation counts against the host (PRODUCT.md section 7). */
    cancelledBy: text('cancelled_by', { enum: ['guest', 'host'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('bookings_listing_idx').on(t.listingId, t.status, t.startDate),
    // The lifecycle job: requests to expire, confirmed stays to complete.
    index('bookings_status_idx').on(t.status, t.startDate, t.endDate),
    // The lifecycle job: unpaid stays to lapse.
    index('bookings_payment_due_idx').on(t.paymentDueAt).where(sql`status = 'awaiting_payment'`),
    check('bookings_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('bookings_nights_check', sql`${t.nights} = ${t.endDate} - ${t.startDate}`),
    check(
      'bookings_status_check',
      sql`${t.status} in ('requested', 'awaiting_payment', 'confirmed', 'declined', 'cancelled', 'expired', 'lapsed', 'completed')`,
    ),
    check('bookings_payment_due_check', sql`${t.status} <> 'awaiting_payment' or ${t.paymentDueAt} is not null`),
    check('bookings_cancelled_by_check', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('guest', 'host')`),
    check('bookings_size_check', sql`${t.size} in ('small', 'medium', 'large')`),
    check('bookings_cancellation_policy_check', sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`),
    check(
      'bookings_money_check',
      sql`${t.priceSubtotalInr} >= 0 and ${t.taxesInr} >= 0 and ${t.platformFeeInr} >= 0 and ${t.totalInr} >= 0`,
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

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favorites_user_idx').on(t.userId, t.createdAt.desc()),
    index('favorites_listing_idx').on(t.listingId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Denormalised from the booking so that a listing's rating is one indexed aggregate. */
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'listing': the guest reviews the stay; 'guest': the host reviews the guest. */
    kind: text('kind', { enum: ['listing', 'guest'] }).notNull(),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When an operator removed it (a report upheld): it is no longer shown nor counted. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_booking_kind_idx').on(t.bookingId, t.kind),
    index('reviews_listing_idx').on(t.listingId, t.publishedAt.desc()),
    index('reviews_subject_idx').on(t.subjectId, t.publishedAt.desc()),
    // The lifecycle job publishes reviews 14 days after checkout: it reads only unpublished ones.
    index('reviews_unpublished_idx').on(t.bookingId).where(sql`${t.publishedAt} is null`),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_kind_check', sql`${t.kind} in ('listing', 'guest')`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestLastReadAt: timestamp('guest_last_read_at', { withTimezone: true }),
    hostLastReadAt: timestamp('host_last_read_at', { withTimezone: true }),
    /** When each side was last e-mailed about unread messages (at most one e-mail an hour). */
    guestNotifiedAt: timestamp('guest_notified_at', { withTimezone: true }),
    hostNotifiedAt: timestamp('host_notified_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_guest_idx').on(t.guestId, t.lastMessageAt.desc()),
    index('conversations_host_idx').on(t.hostId, t.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * One order for every message: the live stream's event ids. A reconnecting client sends the
     * last one it saw (Last-Event-ID) and gets exactly the messages after it.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** The sender's own id for the message, so a retried send cannot post it twice. */
    clientId: uuid('client_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.seq),
    uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
    check('messages_body_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** For the per-address send limit; kept with the message for abuse handling. */
    clientIp: text('client_ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    index('contact_messages_ip_idx').on(t.clientIp, t.createdAt),
  ],
);

/** One-time sign-in codes. Only a hash is stored; a code is single use and lives 10 minutes. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    requesterIp: text('requester_ip').notNull(),
    /** SHA-256 of the asking browser's sign-in cookie: only that browser may use the code (issue 19). */
    browserHash: text('browser_hash').notNull(),
    /**
     * SHA-256 of the sign-in link's token mailed with the code (issue 34): the link works in any
     * browser, after a confirmation there, for the hour the send limits count the row.
     */
    linkHash: text('link_hash'),
    /** When the link was used, or ended by a newer sign-in to the address. */
    linkSpentAt: timestamp('link_spent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_codes_link_idx').on(t.linkHash),
    index('auth_codes_email_idx').on(t.email, t.createdAt.desc()),
    index('auth_codes_ip_idx').on(t.requesterIp, t.createdAt),
    index('auth_codes_browser_idx').on(t.email, t.browserHash, t.createdAt.desc()),
    index('auth_codes_created_idx').on(t.createdAt),
  ],
);

/**
 * Browsers that have signed in to an address (by the SHA-256 of their sign-in cookie): their code
 * requests are not held back by the address's limit on strangers' requests (auth/codes.ts).
 */
export const signInBrowsers = pgTable(
  'sign_in_browsers',
  {
    browserHash: text('browser_hash').notNull(),
    email: text('email').notNull(),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.browserHash] })],
);

/** Signed-in sessions. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Idle expiry: pushed forward while the session is used, never past absoluteExpiresAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * E-mail waiting to be sent (mail/outbox.ts). A notification is queued in the transaction that
 * causes it, so it is sent exactly when that commits, also after a crash, and the request that
 * caused it never waits for the mail server.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    replyTo: text('reply_to'),
    /** What it is about, for the logs: for example `booking <id>`. */
    about: text('about'),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take it next: now when queued, later after a failure or while one sends it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null`),
    index('mail_outbox_sent_idx').on(t.sentAt).where(sql`sent_at is not null`),
  ],
);

// The test gateway built into the app (server/payments/test-gateway, decision 025): Razorpay's
// Orders, Payments and Refunds as its API documents them, for test mode. Never used when
// Razorpay's keys are set. Ids are Razorpay's shape (`order_…`, `pay_…`, `rfnd_…`).

/** The gateway's key pair and webhook secret: one row, made on first use, shared by every process. */
export const testGatewayAccount = pgTable(
  'test_gateway_account',
  {
    id: integer('id').primaryKey().default(1),
    keyId: text('key_id').notNull(),
    keySecret: text('key_secret').notNull(),
    webhookSecret: text('webhook_secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('test_gateway_account_single', sql`${t.id} = 1`)],
);

export const testGatewayOrders = pgTable(
  'test_gateway_orders',
  {
    id: text('id').primaryKey(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    notes: text('notes').notNull().default('{}'),
    status: text('status', { enum: ['created', 'attempted', 'paid'] }).notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('test_gateway_orders_amount', sql`${t.amount} >= 100`),
    check('test_gateway_orders_status', sql`${t.status} in ('created', 'attempted', 'paid')`),
  ],
);

export const testGatewayPayments = pgTable(
  'test_gateway_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => testGatewayOrders.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['captured', 'failed', 'refunded'] }).notNull(),
    method: text('method', { enum: ['upi', 'card'] }).notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    errorDescription: text('error_description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_gateway_payments_order_idx').on(t.orderId, t.createdAt),
    check('test_gateway_payments_refunded', sql`${t.amountRefunded} between 0 and ${t.amount}`),
    check('test_gateway_payments_status', sql`${t.status} in ('captured', 'failed', 'refunded')`),
    check('test_gateway_payments_method', sql`${t.method} in ('upi', 'card')`),
  ],
);

export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => testGatewayPayments.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    notes: text('notes').notNull().default('{}'),
    // Pending until its refund.processed webhook goes out (a bank takes days; the gateway, moments).
    status: text('status', { enum: ['pending', 'processed'] }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_gateway_refunds_payment_idx').on(t.paymentId, t.createdAt),
    check('test_gateway_refunds_amount', sql`${t.amount} > 0`),
    check('test_gateway_refunds_status', sql`${t.status} in ('pending', 'processed')`),
  ],
);

/** Route's linked accounts: where a host's transfers settle (a bank account or a UPI ID). */
export const testGatewayLinkedAccounts = pgTable('test_gateway_linked_accounts', {
  id: text('id').primaryKey(),
  referenceId: text('reference_id').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  legalBusinessName: text('legal_business_name').notNull(),
  /** The settlement account as sent (JSON), for the entity's answer. */
  settlement: text('settlement').notNull(),
  createdAt: createdAt(),
});

/**
 * Route's transfers to a linked account: from a captured payment, held until released, or a direct
 * transfer from the merchant's balance (no payment).
 */
export const testGatewayTransfers = pgTable(
  'test_gateway_transfers',
  {
    id: text('id').primaryKey(),
    /** Null for a direct transfer (POST /v1/transfers), made from the balance. */
    paymentId: text('payment_id').references(() => testGatewayPayments.id),
    recipient: text('recipient')
      .notNull()
      .references(() => testGatewayLinkedAccounts.id),
    amount: integer('amount').notNull(),
    amountReversed: integer('amount_reversed').notNull().default(0),
    notes: text('notes').notNull().default('{}'),
    onHold: boolean('on_hold').notNull(),
    onHoldUntil: timestamp('on_hold_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_gateway_transfers_payment_idx').on(t.paymentId, t.createdAt),
    check('test_gateway_transfers_amount', sql`${t.amount} > 0 and ${t.amountReversed} between 0 and ${t.amount}`),
  ],
);

/** Webhooks the gateway owes the app: sent from here with retries, as Razorpay retries them. */
export const testGatewayWebhooks = pgTable(
  'test_gateway_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** X-Razorpay-Event-Id: the same on every retry of one event. */
    eventId: text('event_id').notNull().unique(),
    /** The JSON body exactly as signed and sent. */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('test_gateway_webhooks_due_idx').on(t.nextAttemptAt).where(sql`delivered_at is null`)],
);

// The money (PRODUCT.md section 7, docs/decisions/027). Amounts are whole paise. Rows refer to
// bookings without a cascade: money records are never deleted with what they paid for.

/** The provider's order for a booking: one per booking, for the total frozen at acceptance. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['razorpay', 'test'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** When the reconciliation job last asked the provider about it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The reconciliation job's scan: orders of the last week, oldest first.
    index('payment_orders_created_idx').on(t.createdAt),
    check('payment_orders_amount_check', sql`${t.amountPaise} > 0`),
    check('payment_orders_provider_check', sql`${t.provider} in ('razorpay', 'test')`),
  ],
);

/** Every payment attempt the provider reported, captured or failed, by its id. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: ['captured', 'failed'] }).notNull(),
    method: text('method'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_check', sql`${t.amountPaise} > 0`),
    check('payments_status_check', sql`${t.status} in ('captured', 'failed')`),
  ],
);

/**
 * A refund owed on a captured payment: queued in the transaction that decides it, sent to the
 * provider by the refunds job (our id as the provider's receipt, so a retry finds a refund
 * already made), and processed when the provider says so.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason', { enum: ['guest_cancelled', 'host_cancelled', 'not_bookable'] }).notNull(),
    status: text('status', { enum: ['queued', 'pending', 'processed', 'failed'] }).notNull().default('queued'),
    providerRefundId: text('provider_refund_id').unique(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_booking_idx').on(t.bookingId, t.createdAt),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'pending')`),
    // One refund per payment and reason: a repeated decision cannot refund twice.
    uniqueIndex('refunds_payment_reason_idx').on(t.paymentId, t.reason),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
    check('refunds_reason_check', sql`${t.reason} in ('guest_cancelled', 'host_cancelled', 'not_bookable')`),
    check('refunds_status_check', sql`${t.status} in ('queued', 'pending', 'processed', 'failed')`),
  ],
);

/**
 * Double entry, append-only: each movement is rows that sum to zero (debits positive), written in
 * the transaction of the change that causes it, so each booking's rows sum to zero too.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** The movement's rows share it. */
    movement: uuid('movement').notNull(),
    account: text('account').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_booking_idx').on(t.bookingId), index('ledger_entries_movement_idx').on(t.movement)],
);

// Part 2 of the money (issue 22): what the host states for tax, where they are paid, and when.

/** A host's tax status: GST-registered (with a GSTIN) or not, and their PAN (TDS is higher without). */
export const hostTaxProfiles = pgTable(
  'host_tax_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    gstin: text('gstin'),
    pan: text('pan'),
    updatedAt: updatedAt(),
  },
  (t) => [check('host_tax_profiles_gstin_check', sql`${t.gstin} is null or length(${t.gstin}) = 15`)],
);

/**
 * Where a host is paid: a bank account (number and IFSC) or a UPI ID. Only the last four
 * characters ever leave the server again.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bank', 'upi'] }).notNull(),
    holderName: text('holder_name').notNull(),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    upiId: text('upi_id'),
    last4: text('last4').notNull(),
    /** The holder's mobile number (+91…), which the provider asks of a linked account. */
    phone: text('phone'),
    /**
     * The provider's linked account (Razorpay Route) that this account's payouts are transferred
     * to: made by a job after each save (decision 030), `pending` until then.
     */
    linkStatus: text('link_status', { enum: ['pending', 'linked', 'failed'] }).notNull().default('pending'),
    linkedAccountId: text('linked_account_id'),
    /** The provider's reason, when it refused the account. */
    linkError: text('link_error'),
    /** The linked account's reference_id: new with each save, so each version is its own account. */
    linkReference: uuid('link_reference').notNull().defaultRandom(),
    linkAttempts: integer('link_attempts').notNull().default(0),
    linkNextAttemptAt: timestamp('link_next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_accounts_link_due_idx').on(t.linkNextAttemptAt).where(sql`link_status = 'pending'`),
    check('payout_accounts_kind_check', sql`${t.kind} in ('bank', 'upi')`),
    check('payout_accounts_link_status_check', sql`${t.linkStatus} in ('pending', 'linked', 'failed')`),
    check(
      'payout_accounts_fields_check',
      sql`(${t.kind} = 'bank' and ${t.accountNumber} is not null and ${t.ifsc} is not null and ${t.upiId} is null) or (${t.kind} = 'upi' and ${t.upiId} is not null and ${t.accountNumber} is null and ${t.ifsc} is null)`,
    ),
  ],
);

/**
 * A paid stay's money for its host: held until PAYOUT_DELAY_HOURS after check-in, then released (paid out),
 * or reversed by a cancellation before that. Made with the payment's capture; its amount follows
 * refunds. The host's tax status is kept as it was at payment, so that a refund settles the same way.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    hostGstin: text('host_gstin'),
    hostPan: text('host_pan'),
    /** The day the stay was paid: the tax rates of that day apply. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /**
     * The stay's value the guest keeps paid (GST excluded; it follows refunds): what the host's
     * gross of a financial year sums, for section 194-O(4).
     */
    stayPaise: integer('stay_paise').notNull(),
    /** No TDS on this stay under section 194-O(4), as decided when it was paid. */
    tdsExempt: boolean('tds_exempt').notNull().default(false),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['held', 'paid', 'reversed'] }).notNull().default('held'),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's transfer to the host's linked account, held until `releaseAt` (decision 030). */
    transferId: text('transfer_id'),
    /** Why the provider last failed to make or release the transfer, for an operator. */
    transferError: text('transfer_error'),
    /** Calls to the provider about the transfer (to make it, then to release it), and when the next may be. */
    transferAttempts: integer('transfer_attempts').notNull().default(0),
    transferNextAttemptAt: timestamp('transfer_next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the first direct transfer (from the balance, decision 039) was asked for: the payment
     * was refunded before the transfer could be made from it. A run after a crash looks for the
     * transfer among those made since.
     */
    directSince: timestamp('direct_since', { withTimezone: true }),
    /** Since when it waits in the operators' queue: the provider refused to pay it (decision 039). */
    attentionSince: timestamp('attention_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_host_idx').on(t.hostId, t.releaseAt),
    index('payouts_attention_idx').on(t.attentionSince).where(sql`attention_since is not null and status = 'held'`),
    index('payouts_transfer_due_idx').on(t.transferNextAttemptAt).where(sql`status = 'held' and transfer_id is null`),
    index('payouts_due_idx').on(t.releaseAt).where(sql`status = 'held'`),
    check('payouts_amount_check', sql`${t.amountPaise} >= 0`),
    check('payouts_stay_check', sql`${t.stayPaise} >= 0`),
    check('payouts_status_check', sql`${t.status} in ('held', 'paid', 'reversed')`),
  ],
);

/**
 * The last number given in each series of tax documents (invoices, credit notes) per financial
 * year. Taken under the row's lock in the transaction that issues the document: a rolled-back
 * payment gives its number back, so each series stays unbroken. Test mode's documents have series
 * of their own (decision 040): they never take a number of the real ones.
 */
export const taxDocumentSeries = pgTable(
  'tax_document_series',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.testMode, t.financialYear] })],
);

/**
 * A GST invoice for a paid stay (to its guest), or a credit note for its refund: issued once, in
 * the transaction of the payment or of the refund, with every party and figure as they were then,
 * so that a copy downloaded later is the same document.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /**
     * "PS/26-27/000001" (invoices) or "CN/26-27/000001" (credit notes): at most 16 characters (rule
     * 46); in test mode "TEST-PS/26-27/000001" and "TEST-CN/26-27/000001".
     */
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    /**
     * Made for money that moved through the built-in test gateway (decision 040): not a tax
     * document, marked so on every page, and numbered in a test series. Set when it is issued.
     */
    testMode: boolean('test_mode').notNull().default(false),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** A credit note's refund. */
    refundId: uuid('refund_id')
      .unique()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** The parties, the place of supply and the figures: the document, as issued (domain/tax-invoice.ts). */
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_documents_series_idx').on(t.kind, t.testMode, t.financialYear, t.seq),
    // One invoice per stay.
    uniqueIndex('tax_documents_invoice_idx').on(t.bookingId).where(sql`kind = 'invoice'`),
    index('tax_documents_booking_idx').on(t.bookingId),
    check('tax_documents_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('tax_documents_refund_check', sql`(${t.kind} = 'credit_note') = (${t.refundId} is not null)`),
    // A test document can never pass for a real one, nor take a real one's number.
    check('tax_documents_test_number_check', sql`${t.testMode} = (${t.number} like 'TEST-%')`),
  ],
);

/**
 * A host's request to be verified (issue 23): one row per attempt, the latest being the current
 * one. The ID file is a key in the private store (server/storage/private-files.ts), never a URL;
 * it is deleted 30 days after the decision, and `id_file_deleted_at` says so.
 */
export const hostVerifications = pgTable(
  'host_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('draft'),
    idType: text('id_type', { enum: ID_DOCUMENT_TYPES }),
    idFileKey: text('id_file_key'),
    idFileType: text('id_file_type', { enum: ID_FILE_TYPES }),
    idUploadedAt: timestamp('id_uploaded_at', { withTimezone: true }),
    idFileDeletedAt: timestamp('id_file_deleted_at', { withTimezone: true }),
    photosConfirmedAt: timestamp('photos_confirmed_at', { withTimezone: true }),
    callAt: timestamp('call_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('host_verifications_host_idx').on(t.hostId, t.createdAt),
    // One attempt open at a time per host.
    uniqueIndex('host_verifications_open_idx').on(t.hostId).where(sql`status in ('draft', 'submitted')`),
    // The operators' queue, oldest first.
    index('host_verifications_queue_idx').on(t.submittedAt).where(sql`status = 'submitted'`),
    // One host per call slot among the requests waiting for their call.
    uniqueIndex('host_verifications_call_idx').on(t.callAt).where(sql`status = 'submitted'`),
    // The ID files whose time is up.
    index('host_verifications_id_file_due_idx').on(t.decidedAt).where(sql`id_file_key is not null and status in ('approved', 'rejected')`),
    check('host_verifications_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'rejected')`),
  ],
);

/**
 * What signed-in users reported (issue 23). One open report per reporter and target: reporting a
 * thing again while it waits counts once. `subject_id` is the account behind the target (the
 * listing's host, the review's or message's author, the user), the one an operator may suspend.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', ...REPORT_OUTCOMES] }).notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_open_once_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx').on(t.targetType, t.targetId, t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    check('reports_target_type_check', sql`${t.targetType} in ('listing', 'review', 'message', 'user')`),
    check('reports_reason_check', sql`${t.reason} in ('unsafe', 'misleading', 'scam', 'abusive', 'discrimination', 'spam', 'other')`),
    check('reports_status_check', sql`${t.status} in ('open', 'dismissed', 'upheld')`),
    check('reports_details_check', sql`char_length(${t.details}) <= 1000`),
  ],
);

/**
 * What operators did (PRODUCT.md section 8): who, what, to what, why and when. Written in the
 * transaction of the action itself; a trigger (migration 0018) refuses any UPDATE or DELETE, so
 * no API, and no bug in one, can change the record.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the server's own console (`npm run operator`). */
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('operator_actions_target_idx').on(t.targetType, t.targetId, t.createdAt)],
);
