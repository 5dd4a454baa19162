import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { bookings } from './bookings';
import { listings } from './listings';

// Favourites, reviews, conversations and messages, the contact form (one module each). Owners: src/server/db/table-owners.ts.

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
