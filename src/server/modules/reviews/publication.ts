import { type IsoDate, todayInIndia } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { lockDueReviews, lockListingsInOrder, publishReviews } from './queries';

// The second way a review goes public (PRODUCT.md section 2): 14 days after checkout, when the
// other side never wrote. Run by the lifecycle job (jobs/lifecycle.ts), after the bookings' step.
// Several app processes may run it at once: FOR UPDATE SKIP LOCKED gives each due review to one
// of them.

const BATCH = 500;

/**
 * Publishes every unpublished review whose window has closed (checkout + 14 days <= today, the
 * rule of domain/reviews.ts), in batches; returns how many. `today` is a parameter so that tests
 * can step past the window without faking the clock.
 */
export async function publishDueReviews(db: Db, today: IsoDate = todayInIndia()): Promise<number> {
  let published = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await lockDueReviews(tx, today, BATCH);
      if (due.length === 0) return 0;
      // The rating triggers lock each listing row as its reviews change; taking those locks here
      // first, in one order, keeps two overlapping runs from locking the same listings crosswise.
      const listingIds = [...new Set(due.map((r) => r.listing_id))].sort();
      await lockListingsInOrder(tx, listingIds);
      await publishReviews(tx, due.map((r) => r.id));
      return due.length;
    });
    published += count;
    if (count < BATCH) return published;
  }
}
