import { type IsoDate, todayInIndia } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { bookingUpdateMail } from '../../mail/bookings';
import { completeBookings, expireBookings, lockDueBookings } from './queries';
import { queueBookingMail } from './service';

// Bookings move on by themselves (PRODUCT.md section 2): a request unanswered for 24 hours or
// whose start day is over expires (domain/bookings.ts requestLapsed); an accepted stay whose
// check-out day has passed completes. This is the bookings' step of the lifecycle job, which
// jobs/lifecycle.ts runs every minute, followed by the reviews' step.
// Several app processes may run this at once: FOR UPDATE SKIP LOCKED gives each due row to
// exactly one of them, so a guest is never told twice.

export type SettledBookings = { expired: number; completed: number };

const BATCH = 500;

/** One batch, in one transaction: lock what is due (skipping rows another run holds), change it. */
async function runBatch(db: Db, today: IsoDate, publicUrl: string): Promise<SettledBookings> {
  return db.transaction(async (tx) => {
    const due = await lockDueBookings(tx, today, BATCH);
    const toExpire = due.filter((r) => r.status === 'requested').map((r) => r.id);
    const toComplete = due.filter((r) => r.status === 'accepted').map((r) => r.id);
    if (toComplete.length > 0) await completeBookings(tx, toComplete);
    if (toExpire.length === 0) return { expired: 0, completed: toComplete.length };
    const expired = await expireBookings(tx, toExpire);
    // Told in the same transaction: a rolled-back change is never announced, a committed one always.
    for (const b of expired) {
      const message = bookingUpdateMail({
        to: b.guest_email,
        update: 'expired',
        listingTitle: b.listing_title,
        startDate: b.start_date,
        endDate: b.end_date,
        totalInr: b.total_inr,
        publicUrl,
      });
      await queueBookingMail(tx, message, b.id);
    }
    return { expired: expired.length, completed: toComplete.length };
  });
}

/**
 * Expires and completes every due booking, queueing the e-mails to the guests of expired requests.
 * Returns how many rows changed. `today` is injectable so tests can step past the windows.
 */
export async function settleDueBookings(db: Db, config: { publicUrl: string }, today: IsoDate = todayInIndia()): Promise<SettledBookings> {
  const result: SettledBookings = { expired: 0, completed: 0 };
  for (;;) {
    const batch = await runBatch(db, today, config.publicUrl);
    result.expired += batch.expired;
    result.completed += batch.completed;
    if (batch.expired + batch.completed < BATCH) return result;
  }
}
