import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type IsoDate, todayInIndia } from '../../../domain/dates';
import { REVIEW_WINDOW_DAYS } from '../../../domain/reviews';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

// The second way a review goes public (PRODUCT.md section 2): 14 days after checkout, when the
// other side never wrote. Run by the lifecycle job (jobs/lifecycle.ts), after the bookings' step.
// Several app processes may run it at once: FOR UPDATE SKIP LOCKED gives each due review to one
// of them.

const BATCH = 500;

const dueReviewRow = z.object({ id: z.string(), listing_id: z.string() });

/**
 * Publishes every unpublished review whose window has closed (checkout + 14 days <= today, the
 * rule of domain/reviews.ts), in batches; returns how many. `today` is a parameter so that tests
 * can step past the window without faking the clock.
 */
export async function publishDueReviews(db: Db, today: IsoDate = todayInIndia()): Promise<number> {
  let published = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await queryRows(tx, dueReviewRow, sql`
        select r.id, r.listing_id from reviews r join bookings b on b.id = r.booking_id
        where r.published_at is null and b.end_date + ${REVIEW_WINDOW_DAYS}::int <= ${today}::date
        order by r.created_at
        limit ${BATCH}
        for update of r skip locked
      `);
      if (due.length === 0) return 0;
      // The rating triggers lock each listing row as its reviews change; taking those locks here
      // first, in one order, keeps two overlapping runs from locking the same listings crosswise.
      const listingIds = [...new Set(due.map((r) => r.listing_id))].sort();
      const list = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
      await tx.execute(sql`select id from listings where id in (${list(listingIds)}) order by id for update`);
      await tx.execute(sql`update reviews set published_at = now() where id in (${list(due.map((r) => r.id))})`);
      return due.length;
    });
    published += count;
    if (count < BATCH) return published;
  }
}
