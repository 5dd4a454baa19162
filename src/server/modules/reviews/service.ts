import { formatShortDate, type IsoDate, todayInIndia } from '../../../domain/dates';
import { firstNameOf, isReviewPublishable, isReviewWindowOpen, REVIEW_WINDOW_DAYS, type ReviewKind, reviewDeadline, reviewWindowClosesOn } from '../../../domain/reviews';
import type { ListingReviewsPage, MyReview, PendingReview, ReviewCreateInput } from '../../../domain/contracts/review';
import type { Db } from '../../db/client';
import { SQLSTATE, sqlStateOf } from '../../db/errors';
import { conflict } from '../../http/errors';
import { bookingNotFound } from '../bookings';
import { listingNotFound, listingVisibleTo, type Viewer } from '../listings';
import {
  insertReview,
  lockReviewedBooking,
  publishBookingReviews,
  selectListingReviewsPage,
  selectPendingReviews,
  selectReviewedListing,
  selectReviewsByAuthor,
  selectWrittenReviews,
  toListingReview,
  toMyReview,
} from './queries';

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

/**
 * Writes the guest's review of the stay or the host's review of the guest, whichever `userId` is.
 * The booking row is locked first, so the two sides writing at the same moment queue: the second
 * sees the first's review and publishes both in its own transaction.
 */
export async function writeReview(db: Db, userId: string, bookingId: string, input: ReviewCreateInput, today: IsoDate = todayInIndia()): Promise<MyReview> {
  try {
    return await db.transaction(async (tx) => {
      const b = await lockReviewedBooking(tx, bookingId, userId);
      // Anyone but the guest and the host learns nothing, not even that the booking exists.
      if (!b) throw bookingNotFound();
      const kind: ReviewKind = b.owner_id === userId ? 'listing' : 'guest';
      const subjectId = kind === 'listing' ? b.host_id : b.owner_id;
      if (b.status !== 'completed') throw conflict(REVIEW_ERRORS.notCompleted);
      if (!isReviewWindowOpen(b.end_date, today)) throw conflict(REVIEW_ERRORS.closed(reviewWindowClosesOn(b.end_date)));

      const written = await selectWrittenReviews(tx, bookingId);
      if (written.some((r) => r.kind === kind)) throw conflict(REVIEW_ERRORS.already);
      const publish = isReviewPublishable({ checkout: b.end_date, today, otherSideWritten: written.length > 0 });
      if (publish) {
        await publishBookingReviews(tx, bookingId);
      }
      const row = await insertReview(tx, {
        bookingId,
        listingId: b.listing_id,
        authorId: userId,
        subjectId,
        kind,
        rating: input.rating,
        body: input.body,
        publish,
      });
      return toMyReview(row);
    });
  } catch (err) {
    // The booking lock makes this rare; the unique index is the final word.
    if (sqlStateOf(err) === SQLSTATE.uniqueViolation) throw conflict(REVIEW_ERRORS.already);
    throw err;
  }
}

/** The reviews I wrote, published or not (only their author sees the unpublished ones), newest first. */
export async function listMyReviews(db: Db, userId: string): Promise<MyReview[]> {
  return (await selectReviewsByAuthor(db, userId)).map(toMyReview);
}

/**
 * A listing's published guest reviews, newest first, one page at a time. A paused listing is its
 * host's alone, as its page is: anyone else gets the 404 of a missing one.
 */
export async function listListingReviews(db: Db, listingId: string, page: number, viewer?: Viewer): Promise<ListingReviewsPage> {
  const offset = (page - 1) * LISTING_REVIEWS_PAGE_SIZE;
  const [rows, listing] = await Promise.all([
    selectListingReviewsPage(db, listingId, LISTING_REVIEWS_PAGE_SIZE, offset),
    selectReviewedListing(db, listingId),
  ]);
  if (!listing || !listingVisibleTo(listing, viewer)) throw listingNotFound();
  return {
    results: rows.map(toListingReview),
    total: listing.total,
    page_size: LISTING_REVIEWS_PAGE_SIZE,
  };
}

/**
 * The completed stays I can still review: as the guest (my bookings) and as the host (bookings of
 * my listings), within the window, and not yet written by me. Soonest deadline first.
 */
export async function listPendingReviews(db: Db, userId: string, today: IsoDate = todayInIndia()): Promise<PendingReview[]> {
  // The query's date test only narrows the scan; isReviewWindowOpen is the one rule that decides.
  const rows = await selectPendingReviews(db, userId, today);
  return rows
    .filter((r) => isReviewWindowOpen(r.checkout_date, today))
    .map(({ other_name, ...r }) => ({
      ...r,
      other_first_name: firstNameOf(other_name, r.role === 'guest' ? 'your host' : 'your guest'),
      deadline: reviewDeadline(r.checkout_date),
    }));
}
