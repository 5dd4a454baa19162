import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '../../../domain/money/cancellation';
import { RECOMMENDED_UPDATE_WEIGHT } from '../../../domain/search-sorts';
import type { HostPet } from '../../../domain/pet-policy-labels';
import { LISTING_STATUSES } from '../../../domain/contracts/listing';
import { createdAt, unitSpherePoint, updatedAt } from './columns';
import { users } from './accounts';

// A host's listings, their photos and calendar (the listings module). Owners: src/server/db/table-owners.ts.

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
    // A first-time guest's request is accepted only after a meet marked Met (domain/stays/meet.ts).
    meetRequired: boolean('meet_required').notNull().default(false),
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
    // Kept by triggers from the stays and their updates (migration 0035), by the rule of
    // domain/stays/daily-updates.ts updateShare; null before the home's first stay checked out.
    /** The share (0 to 1) of the days of the home's latest stays that had an update. */
    updateShare: doublePrecision('update_share'),
    /** The recommended order after verification: domain/search-sorts.ts recommendedScore, which a test holds equal. */
    recommendedScore: doublePrecision('recommended_score')
      .notNull()
      .generatedAlwaysAs(sql`rating + ${sql.raw(String(RECOMMENDED_UPDATE_WEIGHT))} * coalesce(update_share, 0)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_host_idx').on(t.hostId, t.createdAt.desc()),
    // Search (modules/listings/queries/search.ts), listed listings only (migration 0019). The btree indexes it reads are in
    // migration 0005, not here: they carry INCLUDE columns (so that a search counts and picks a
    // page from the index alone, without visiting the table), which drizzle cannot express:
    //   listings_search_price_idx        lower(city), price, id     price sorts and price ranges
    //   listings_search_recommended_idx  lower(city), verified, recommended_score, reviews_count
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
    check('listings_update_share_check', sql`${t.updateShare} between 0 and 1`),
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
