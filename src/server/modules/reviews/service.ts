import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatMonthYear, formatShortDate, type IsoDate, todayInIndia } from '../../../domain/dates';
import { firstNameOf, isReviewPublishable, isReviewWindowOpen, REVIEW_WINDOW_DAYS, type ReviewKind, reviewDeadline, reviewWindowClosesOn } from '../../../domain/reviews';
import {
  type ListingReviewsPage,
  listingReviewSchema,
  type MyReview,
  myReviewSchema,
  type PendingReview,
  pendingReviewSchema,
  type ReviewCreateInput,
} from '../../../domain/contracts/review';
import type { Db } from '../../db/client';
import { SQLSTATE, sqlStateOf } from '../../db/errors';
import { instantColumn, iso, queryRows } from '../../db/rows';
import { conflict } from '../../http/errors';
import { bookingNotFound } from '../bookings';
import { listingNotFound, listingVisibleTo, publishedListingReviews } from '../listings';

// Writing and reading reviews (PRODUCT.md section 2). A review stays private to its author until
// the other side of the stay has written too, or until the window closes 14 days after checkout
// (then the lifecycle job publishes it, publication.ts). listings.rating and reviews_count follow
// by the triggers of migration 0005: nothing here writes them.

export const REVIEW_ERRORS = {
  notCompleted: 'You can review a stay once it is completed',
  already: 'You have already reviewed this stay',
  closed: (closedOn: IsoDate) => `Reviews for this stay closed on ${formatShortDate(closedOn)}, ${REVIEW_WINDOW_DAYS} days after checkout`,
} as const;

export const LISTING_REVIEWS_PAGE_SIZE = 10;


/** A review as stored: MyReview's fields but the two derived from the timestamps. */
const storedReviewRow = myReviewSchema
  .pick({ id: true, booking_id: true, kind: true, rating: true, body: true })
  .extend({ published_at: instantColumn.nullable(), created_at: instantColumn });

type StoredReview = z.infer<typeof storedReviewRow>;

/** The booking a review is written for, locked; end_date as ::text (IsoDate). */
const reviewedBookingRow = z.object({ owner_id: z.string(), host_id: z.string(), listing_id: z.string(), status: z.string(), end_date: z.string() });

const writtenReviewRow = storedReviewRow.pick({ kind: true });

const listingReviewRow = listingReviewSchema.pick({ id: true, rating: true, body: true }).extend({ author_name: z.string(), published_at: instantColumn });

/** The listing whose reviews are asked for, with its count of published guest reviews (cast to int). */
const reviewedListingRow = z.object({ total: z.number().int(), status: z.string(), host_id: z.string() });

/** A stay still to review: PendingReview's fields from SQL (checkout_date as ::text), the other side's full name. */
const pendingReviewRow = pendingReviewSchema
  .pick({ booking_id: true, role: true, listing_id: true, listing_title: true, checkout_date: true })
  .extend({ other_name: z.string() });


function toMyReview(r: StoredReview): MyReview {
  return { ...r, published: r.published_at !== null, published_at: r.published_at === null ? null : iso(r.published_at), created_at: iso(r.created_at) };
}

/**
 * Writes the guest's review of the stay or the host's review of the guest, whichever `userId` is.
 * The booking row is locked first, so the two sides writing at the same moment queue: the second
 * sees the first's review and publishes both in its own transaction.
 */
export async function writeReview(db: Db, userId: string, bookingId: string, input: ReviewCreateInput, today: IsoDate = todayInIndia()): Promise<MyReview> {
  try {
    return await db.transaction(async (tx) => {
      const [b] = await queryRows(tx, reviewedBookingRow, sql`
        select b.owner_id, l.host_id, b.listing_id, b.status, b.end_date::text as end_date
        from bookings b join listings l on l.id = b.listing_id
        where b.id = ${bookingId} and (b.owner_id = ${userId} or l.host_id = ${userId})
        for update of b
      `);
      // Anyone but the guest and the host learns nothing, not even that the booking exists.
      if (!b) throw bookingNotFound();
      const kind: ReviewKind = b.owner_id === userId ? 'listing' : 'guest';
      const subjectId = kind === 'listing' ? b.host_id : b.owner_id;
      if (b.status !== 'completed') throw conflict(REVIEW_ERRORS.notCompleted);
      if (!isReviewWindowOpen(b.end_date, today)) throw conflict(REVIEW_ERRORS.closed(reviewWindowClosesOn(b.end_date)));

      const written = await queryRows(tx, writtenReviewRow, sql`select kind from reviews where booking_id = ${bookingId}`);
      if (written.some((r) => r.kind === kind)) throw conflict(REVIEW_ERRORS.already);
      const publish = isReviewPublishable({ checkout: b.end_date, today, otherSideWritten: written.length > 0 });
      if (publish) {
        await tx.execute(sql`update reviews set published_at = now() where booking_id = ${bookingId} and published_at is null`);
      }
      const [row] = await queryRows(tx, storedReviewRow, sql`
        insert into reviews (booking_id, listing_id, author_id, subject_id, kind, rating, body, published_at)
        values (${bookingId}, ${b.listing_id}, ${userId}, ${subjectId}, ${kind}, ${input.rating}, ${input.body}, ${publish ? sql`now()` : sql`null`})
        returning id, booking_id, kind, rating, body, published_at, created_at
      `);
      return toMyReview(row!);
    });
  } catch (err) {
    // The booking lock makes this rare; the unique index is the final word.
    if (sqlStateOf(err) === SQLSTATE.uniqueViolation) throw conflict(REVIEW_ERRORS.already);
    throw err;
  }
}

/** The reviews I wrote, published or not (only their author sees the unpublished ones), newest first. */
export async function listMyReviews(db: Db, userId: string): Promise<MyReview[]> {
  const rows = await queryRows(db, storedReviewRow, sql`
    select id, booking_id, kind, rating, body, published_at, created_at
    from reviews where author_id = ${userId}
    order by created_at desc, id
  `);
  return rows.map(toMyReview);
}

/**
 * A listing's published guest reviews, newest first, one page at a time. A paused listing is its
 * host's alone, as its page is: anyone else gets the 404 of a missing one.
 */
export async function listListingReviews(db: Db, listingId: string, page: number, viewerId?: string): Promise<ListingReviewsPage> {
  const offset = (page - 1) * LISTING_REVIEWS_PAGE_SIZE;
  const [rows, [listing]] = await Promise.all([
    queryRows(db, listingReviewRow, sql`
      select r.id, r.rating, r.body, u.name as author_name, r.published_at
      from reviews r join users u on u.id = r.author_id
      where r.listing_id = ${listingId} and ${publishedListingReviews('r')}
      order by r.published_at desc, r.id
      limit ${LISTING_REVIEWS_PAGE_SIZE} offset ${offset}
    `),
    queryRows(db, reviewedListingRow, sql`
      select l.status, l.host_id,
        (select count(*) from reviews r where r.listing_id = l.id and ${publishedListingReviews('r')})::int as total
      from listings l where l.id = ${listingId}
    `),
  ]);
  if (!listing || !listingVisibleTo(listing, viewerId)) throw listingNotFound();
  return {
    results: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      body: r.body,
      author_first_name: firstNameOf(r.author_name, 'Guest'),
      month: formatMonthYear(r.published_at),
      published_at: iso(r.published_at),
    })),
    total: listing.total,
    page_size: LISTING_REVIEWS_PAGE_SIZE,
  };
}

/**
 * The completed stays I can still review: as the guest (my bookings) and as the host (bookings of
 * my listings), within the window, and not yet written by me. Soonest deadline first.
 */
export async function listPendingReviews(db: Db, userId: string, today: IsoDate = todayInIndia()): Promise<PendingReview[]> {
  // The SQL date test is isReviewWindowOpen's (checkout + 14 > today), so the status index narrows
  // the scan; the filter below stays the one rule that decides.
  const rows = await queryRows(db, pendingReviewRow, sql`
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
  return rows
    .filter((r) => isReviewWindowOpen(r.checkout_date, today))
    .map(({ other_name, ...r }) => ({
      ...r,
      other_first_name: firstNameOf(other_name, r.role === 'guest' ? 'your host' : 'your guest'),
      deadline: reviewDeadline(r.checkout_date),
    }));
}
