import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// People and their sign-in: users (the profile module), codes, browsers and sessions (auth). Owners: src/server/db/table-owners.ts.

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  name: text('name').notNull().default(''),
  phone: text('phone'),
  /**
   * When the owner of `phone` proved it with a code by SMS (issue 38): WhatsApp and SMS reach
   * only a verified number. Cleared when the number changes.
   */
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  photoUrl: text('photo_url'),
  /** The language chosen (domain/locales.ts; decision 059): pages, e-mails and notices; null until one is. */
  locale: text('locale'),
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
  // A number is verified on one account at most: the latest to prove it (a STOP finds its owner).
  uniqueIndex('users_verified_phone_idx').on(t.phone).where(sql`phone_verified_at is not null`),
  check('users_locale_check', sql`${t.locale} in ('en', 'gu', 'hi')`),
]);

/**
 * Codes sent by SMS to prove a mobile number (issue 38), by the sign-in codes' rules: only a hash
 * is kept, single use, 10 minutes, 5 wrong tries; sends counted per account and per number.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_codes_user_idx').on(t.userId, t.createdAt.desc()),
    index('phone_codes_phone_idx').on(t.phone, t.createdAt),
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
