import { type IsoDate, todayInIndia } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { PAYMENT_REMINDER_HOURS, paymentReminderDue } from '../../../domain/bookings';
import { claimPaymentReminder, lockBookingForUpdate, lockDueBookings, selectUnpaidSoonDue } from './queries';
import { tellGuestOf } from './notices';
import { settleDue } from './status';

// Bookings move on by themselves (PRODUCT.md sections 2 and 7): a request unanswered for 24 hours
// or whose start day is over expires (domain/bookings.ts requestOverdue); an accepted stay unpaid
// by its deadline lapses and frees its nights; a confirmed stay whose check-out day has passed
// completes. This is the bookings' step of the lifecycle job, which
// jobs/lifecycle.ts runs every minute, followed by the reviews' step.
// Several app processes may run this at once: FOR UPDATE SKIP LOCKED gives each due row to
// exactly one of them, so a guest is never told twice.

export type SettledBookings = { expired: number; lapsed: number; completed: number };

const BATCH = 500;

/** One batch, in one transaction: lock what is due (skipping rows another run holds), change it. */
async function runBatch(db: Db, today: IsoDate, now: Date, mail: { publicUrl: string; testMode: boolean }): Promise<SettledBookings> {
  return db.transaction(async (tx) => {
    const due = await lockDueBookings(tx, today, now, BATCH);
    return settleDue(tx, mail, due);
  });
}

/**
 * Expires, lapses and completes every due booking, queueing the e-mails. Returns how many rows
 * changed. `today` and `now` are injectable so tests can step past the windows.
 */
export async function settleDueBookings(db: Db, config: { publicUrl: string; testMode: boolean }, today: IsoDate = todayInIndia(), now: Date = new Date()): Promise<SettledBookings> {
  const result: SettledBookings = { expired: 0, lapsed: 0, completed: 0 };
  for (;;) {
    const batch = await runBatch(db, today, now, { publicUrl: config.publicUrl, testMode: config.testMode });
    result.expired += batch.expired;
    result.lapsed += batch.lapsed;
    result.completed += batch.completed;
    if (batch.expired + batch.lapsed + batch.completed < BATCH) return result;
  }
}

/**
 * The lifecycle job's step: the guest of each accepted stay still unpaid is reminded once, at
 * paymentReminderAt (domain/bookings), whichever process runs the job. Answers how many.
 */
export async function remindUnpaidStays(db: Db, config: { publicUrl: string; testMode: boolean }, now: Date = new Date()): Promise<number> {
  let reminded = 0;
  for (const b of await selectUnpaidSoonDue(db, now, PAYMENT_REMINDER_HOURS)) {
    if (!paymentReminderDue(b.responded_at, b.payment_due_at, now)) continue;
    reminded += await db.transaction(async (tx) => {
      if (!(await lockBookingForUpdate(tx, b.id, { operator: true })) || !(await claimPaymentReminder(tx, b.id))) return 0;
      await tellGuestOf(tx, config, b.id, 'due_soon');
      return 1;
    });
  }
  return reminded;
}
