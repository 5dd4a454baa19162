import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatMonthYear, type IsoDate } from '../../../domain/dates';
import { firstNameOf, REVIEW_WINDOW_DAYS, type ReviewKind } from '../../../domain/reviews';
import { type ListingReview, listingReviewSchema, type MyReview, myReviewSchema, pendingReviewSchema } from '../../../domain/contracts/review';
import type { Db } from '../../db/client';
import { instantColumn, iso, queryRows } from '../../db/rows';

// The reviews' SQL, and the mapping of its rows to the API's shapes: the service (writing and
// reading reviews) and publication (the lifecycle job's step) call these by name.

/** A review as stored: MyReview's fields but the two derived from the timestamps. */
const storedReviewRow = myReviewSchema
  .pick({ id: true, booking_id: true, kind: true, rating: true, body: true })
  .extend({ published_at: instantColumn.nullable(), created_at: instantColumn });

type StoredReview = z.infer<typeof storedReviewRow>;

export function toMyReview(r: StoredReview): MyReview {
  return { ...r, published: r.published_at !== null, published_at: r.published_at === null ? null : iso(r.published_at), created_at: iso(r.created_at) };
}

/** The booking a review is written for, locked; end_date as ::text (IsoDate). */
const reviewedBookingRow = z.object({ owner_id: z.string(), host_id: z.string(), listing_id: z.string(), status: z.string(), end_date: z.string() });

/** The booking, locked until the transaction ends, if `userId` is its guest or its host. */
export async function lockReviewedBooking(tx: Db, bookingId: string, userId: string) {
  const [b] = await queryRows(tx, reviewedBookingRow, sql`
    select b.owner_id, l.host_id, b.listing_id, b.status, b.end_date::text as end_date
    from bookings b join listings l on l.id = b.listing_id
    where b.id = ${bookingId} and (b.owner_id = ${userId} or l.host_id = ${userId})
    for update of b
  `);
  return b;
}

const writtenReviewRow = storedReviewRow.pick({ kind: true });

/** The kinds of the reviews written for the booking so far (at most one each side). */
export const selectWrittenReviews = (tx: Db, bookingId: string) =>
  queryRows(tx, writtenReviewRow, sql`select kind from reviews where booking_id = ${bookingId}`);

/** Publishes the booking's unpublished reviews (the other side's, when the second one is written). */
export const publishBookingReviews = (tx: Db, bookingId: string) =>
  tx.execute(sql`update reviews set published_at = now() where booking_id = ${bookingId} and published_at is null`);

export type NewReview = {
  bookingId: string;
  listingId: string;
  authorId: string;
  subjectId: string;
  kind: ReviewKind;
  rating: number;
  body: string;
  /** Published at once (now) or kept private until publication. */
  publish: boolean;
};

/** Inserts a review; returns it as stored. */
export async function insertReview(tx: Db, r: NewReview): Promise<StoredReview> {
  const [row] = await queryRows(tx, storedReviewRow, sql`
    insert into reviews (booking_id, listing_id, author_id, subject_id, kind, rating, body, published_at)
    values (${r.bookingId}, ${r.listingId}, ${r.authorId}, ${r.subjectId}, ${r.kind}, ${r.rating}, ${r.body}, ${r.publish ? sql`now()` : sql`null`})
    returning id, booking_id, kind, rating, body, published_at, created_at
  `);
  return row!;
}

/** The reviews `authorId` wrote, published or not, newest first. */
export const selectReviewsByAuthor = (db: Db, authorId: string) =>
  queryRows(db, storedReviewRow, sql`
    select id, booking_id, kind, rating, body, published_at, created_at
    from reviews where author_id = ${authorId}
    order by created_at desc, id
  `);

const listingReviewRow = listingReviewSchema.pick({ id: true, rating: true, body: true }).extend({ author_name: z.string(), published_at: instantColumn });

type ListingReviewRow = z.infer<typeof listingReviewRow>;

/** A published guest review as the listing's page shows it: its author by first name. */
export function toListingReview(r: ListingReviewRow): ListingReview {
  return {
    id: r.id,
    rating: r.rating,
    body: r.body,
    author_first_name: firstNameOf(r.author_name, 'Guest'),
    month: formatMonthYear(r.published_at),
    published_at: iso(r.published_at),
  };
}

/** A page of the listing's published guest reviews, newest first. */
export const selectListingReviewsPage = (db: Db, listingId: string, limit: number, offset: number) =>
  queryRows(db, listingReviewRow, sql`
    select r.id, r.rating, r.body, u.name as author_name, r.published_at
    from published_listing_reviews r join users u on u.id = r.author_id
    where r.listing_id = ${listingId}
    order by r.published_at desc, r.id
    limit ${limit} offset ${offset}
  `);

/** The listing whose reviews are asked for, with its count of published guest reviews (cast to int). */
const reviewedListingRow = z.object({ total: z.number().int(), listed: z.boolean(), host_id: z.string() });

/** Whether the listing is listed, its host (who may see it), and how many published guest reviews it has. */
export async function selectReviewedListing(db: Db, listingId: string) {
  const [listing] = await queryRows(db, reviewedListingRow, sql`
    select l.listed, l.host_id,
      (select count(*) from published_listing_reviews r where r.listing_id = l.id)::int as total
    from listings l where l.id = ${listingId}
  `);
  return listing;
}

/** A stay still to review: PendingReview's fields from SQL (checkout_date as ::text), the other side's full name. */
const pendingReviewRow = pendingReviewSchema
  .pick({ booking_id: true, role: true, listing_id: true, listing_title: true, checkout_date: true })
  .extend({ other_name: z.string() });

/**
 * The completed stays `userId` has not reviewed yet, as guest or as host, whose window may still be
 * open; soonest checkout first. The caller filters with isReviewWindowOpen.
 */
export function selectPendingReviews(db: Db, userId: string, today: IsoDate) {
  // The SQL date test is isReviewWindowOpen's (checkout + 14 > today), so the status index narrows
  // the scan; the caller's filter stays the one rule that decides.
  return queryRows(db, pendingReviewRow, sql`
    select b.id as booking_id,
      case when b.owner_id = ${userId} then 'guest' else 'host' end as role,
      l.id as listing_id, l.title as listing_title,
      case when b.owner_id = ${userId} then h.name else g.name end as other_name,
      b.end_date::text as checkout_date
    from bookings b
    join listings l on l.id = b.listing_id
    join users g on g.id = b.owner_id
    join users h on h.id = l.host_id
    where (b.owner_id = ${userId} or l.host_id = ${userId})
      and b.status = 'completed'
      and b.end_date > ${today}::date - ${REVIEW_WINDOW_DAYS}::int
      and not exists (
        select 1 from reviews r where r.booking_id = b.id
          and r.kind = (case when b.owner_id = ${userId} then 'listing' else 'guest' end)
      )
    order by b.end_date, b.id
  `);
}

// Publication (publication.ts).

const dueReviewRow = z.object({ id: z.string(), listing_id: z.string() });

/**
 * Up to `limit` unpublished reviews whose window has closed (checkout + 14 days <= today), oldest
 * first, locked until `tx` ends; reviews another run holds are skipped.
 */
export const lockDueReviews = (tx: Db, today: IsoDate, limit: number) =>
  queryRows(tx, dueReviewRow, sql`
    select r.id, r.listing_id from reviews r join bookings b on b.id = r.booking_id
    where r.published_at is null and b.end_date + ${REVIEW_WINDOW_DAYS}::int <= ${today}::date
    order by r.created_at
    limit ${limit}
    for update of r skip locked
  `);

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** Locks the listings' rows until `tx` ends, in id order. `ids` must not be empty. */
export const lockListingsInOrder = (tx: Db, ids: string[]) =>
  tx.execute(sql`select id from listings where id in (${idList(ids)}) order by id for update`);

/** Publishes the reviews now. `ids` must not be empty. */
export const publishReviews = (tx: Db, ids: string[]) => tx.execute(sql`update reviews set published_at = now() where id in (${idList(ids)})`);

/** Removes a published or waiting review (an operator's act); undefined when there is none or it already was. */
export async function markReviewRemoved(tx: Db, id: string): Promise<{ id: string } | undefined> {
  const [row] = await queryRows(tx, z.object({ id: z.string() }), sql`
    update reviews set removed_at = now() where id = ${id} and removed_at is null returning id
  `);
  return row;
}
