import type { OpsAccount, OpsDelivery, OpsListing, OpsUser } from '../../../domain/contracts/ops';
import { rupeesOf } from '../../../domain/money/units';
import { SELF_ACTION } from '../../../domain/operator-actions';
import type { ReportTarget } from '../../../domain/reports';
import { endSessionsOf } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { withRetry } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import { givenUpMail, queueMailFor, requeueMail } from '../../mail/outbox';
import { accountRestoredMail, accountSuspendedMail } from '../../mail/moderation';
import { type BookingDeps, endOpenBookingsOf } from '../bookings';
import { setListingHidden } from '../listings';
import { givenUpDeliveries, requeueDelivery } from '../notifications';
import { releasePayoutForRetry, reopenRecovery } from '../payments';
import { setUserSuspended } from '../profile';
import { markReviewRemoved } from '../reviews';
import {
  selectReviewPeople,
  recordAction,
  selectBookingsForOps,
  selectHistory,
  selectHostListingsForOps,
  selectListingForOps,
  selectOpsUser,
  selectUsersByEmailPrefix,
  selectVerificationsForOps,
} from './queries';
import { closeReportsOn, reportsAbout } from '../reports';

// What an operator does to accounts, listings and reviews (issue 23, PRODUCT.md section 8). Each
// action, its effects, its record (operator_actions) and the e-mail it causes are one transaction;
// acting on a reported thing closes its open reports as upheld. No operator acts on their own
// account, listings, reviews (by them or of them) or the reports about them: another must.

const accountNotFound = () => notFound('No such account');

export const findUsers = (db: Db, emailPrefix: string): Promise<OpsUser[]> => selectUsersByEmailPrefix(db, emailPrefix);

/**
 * An account with its listings, its bookings on both sides (paid and refunded), its verification
 * requests and their decisions, and its record.
 */
export async function accountOverview(db: Db, id: string): Promise<OpsAccount> {
  const [user, listings, bookings, verifications, history] = await Promise.all([
    selectOpsUser(db, id),
    selectHostListingsForOps(db, id),
    selectBookingsForOps(db, id),
    selectVerificationsForOps(db, id),
    selectHistory(db, 'user', id),
  ]);
  if (!user) throw accountNotFound();
  // The answer's rupee total (decision 043): the booking keeps paise.
  const inRupees = bookings.map(({ total_paise, ...b }) => ({ ...b, total_inr: rupeesOf(total_paise) }));
  return { ...user, listings, bookings: inRupees, verifications, history };
}

/**
 * Suspends an account: it is signed out everywhere at once (its sessions end, and every process
 * closes their live streams), cannot sign in, its listings leave search, and its open requests
 * and stays that have not started end (bookings/transitions.ts endOpenBookingsOf: the other side
 * e-mailed, a paid stay refunded in full). Reports about the account are closed as upheld.
 */
export async function suspendAccount(deps: BookingDeps, operatorId: string, id: string, reason: string): Promise<OpsAccount> {
  if (id === operatorId) throw conflict(SELF_ACTION);
  // A payment or an accept of one of its bookings may hold a lock this needs: PostgreSQL then
  // aborts one of the two, and this one starts again, seeing what the other did.
  await withRetry(() => deps.db.transaction(async (tx) => {
    // Its sessions first: this waits for the account's writes already judged on one (each holds
    // its session's row, decision 037), before taking any lock they may need, and every later
    // write finds its session gone.
    await endSessionsOf(tx, id);
    const user = await selectOpsUser(tx, id, true);
    if (!user) throw accountNotFound();
    if (user.suspended_at) throw conflict('This account is already suspended');
    // Bookings before listings, as an accept locks them: the other order could deadlock with one.
    await endOpenBookingsOf(tx, deps, id);
    await setUserSuspended(tx, id, true);
    // And any session a sign-in made meanwhile (it read the account before this locked it): its
    // writes, judged already, commit before this; from here on a sign-in reads the suspension.
    await endSessionsOf(tx, id);
    await closeReportsOn(tx, { subjectId: id }, 'upheld', deps.publicUrl);
    await recordAction(tx, { operatorId, action: 'suspend_user', targetType: 'user', targetId: id, reason });
    await queueMailFor(tx, id, accountSuspendedMail({ to: user.email, publicUrl: deps.publicUrl }), `suspension ${id}`);
  }));
  return accountOverview(deps.db, id);
}

/** Restores a suspended account: it may sign in again, and its listings that were active are listed again. */
export async function restoreAccount(deps: BookingDeps, operatorId: string, id: string, reason: string): Promise<OpsAccount> {
  if (id === operatorId) throw conflict(SELF_ACTION);
  await deps.db.transaction(async (tx) => {
    const user = await selectOpsUser(tx, id, true);
    if (!user) throw accountNotFound();
    if (!user.suspended_at) throw conflict('This account is not suspended');
    await setUserSuspended(tx, id, false);
    await recordAction(tx, { operatorId, action: 'restore_user', targetType: 'user', targetId: id, reason });
    await queueMailFor(tx, id, accountRestoredMail({ to: user.email, publicUrl: deps.publicUrl }), `restoration ${id}`);
  });
  return accountOverview(deps.db, id);
}

/** What a moderation needs: the database, and the address its reporters' e-mails link to. */
type ModerationDeps = { db: Db; publicUrl: string };

/** Hides a listing from everyone but its host (who cannot undo it), or shows it again. */
export async function setListingVisibility({ db, publicUrl }: ModerationDeps, operatorId: string, id: string, hide: boolean, reason: string): Promise<OpsListing> {
  return db.transaction(async (tx) => {
    const listing = await selectListingForOps(tx, id);
    if (!listing) throw notFound('No such listing');
    if (listing.host_id === operatorId) throw conflict(SELF_ACTION);
    const changed = (await setListingHidden(tx, id, hide)) ? await selectListingForOps(tx, id) : undefined;
    if (!changed) throw conflict(hide ? 'This listing is already hidden' : 'This listing is not hidden');
    if (hide) await closeReportsOn(tx, { targetType: 'listing', targetId: id }, 'upheld', publicUrl);
    await recordAction(tx, { operatorId, action: hide ? 'hide_listing' : 'restore_listing', targetType: 'listing', targetId: id, reason });
    return changed;
  });
}

/** Removes a review: it is no longer shown, nor counted in the listing's rating. */
export async function removeReview({ db, publicUrl }: ModerationDeps, operatorId: string, id: string, reason: string): Promise<{ id: string; removed: true }> {
  await db.transaction(async (tx) => {
    const people = await selectReviewPeople(tx, id);
    if (people && (people.author_id === operatorId || people.subject_id === operatorId)) throw conflict(SELF_ACTION);
    if (!(await markReviewRemoved(tx, id))) throw notFound('No such review, or it was already removed');
    await closeReportsOn(tx, { targetType: 'review', targetId: id }, 'upheld', publicUrl);
    await recordAction(tx, { operatorId, action: 'remove_review', targetType: 'review', targetId: id, reason });
  });
  return { id, removed: true };
}

/** Closes a thing's open reports with no action; recorded against the thing, with the operator's note. */
export async function dismissReports(
  { db, publicUrl }: ModerationDeps,
  operatorId: string,
  input: { target_type: ReportTarget; target_id: string; reason: string },
): Promise<{ closed: number; outcome: 'dismissed' }> {
  return db.transaction(async (tx) => {
    if (await reportsAbout(tx, { targetType: input.target_type, targetId: input.target_id }, operatorId)) throw conflict(SELF_ACTION);
    const closed = await closeReportsOn(tx, { targetType: input.target_type, targetId: input.target_id }, 'dismissed', publicUrl);
    if (closed === 0) throw notFound('No open reports of this');
    await recordAction(tx, { operatorId, action: 'dismiss_reports', targetType: input.target_type, targetId: input.target_id, reason: input.reason || null });
    return { closed, outcome: 'dismissed' as const };
  });
}

/**
 * Sends a payout the provider would not pay back to the payments job, recorded with the
 * operator's reason (decision 039); payments checks and releases it in this transaction.
 */
export async function retryPayout(db: Db, operatorId: string, payoutId: string, reason: string): Promise<{ id: string; retried: true }> {
  return db.transaction(async (tx) => {
    const id = await releasePayoutForRetry(tx, operatorId, payoutId);
    await recordAction(tx, { operatorId, action: 'retry_payout', targetType: 'payout', targetId: id, reason });
    return { id, retried: true as const };
  });
}

/**
 * Sends what a host owes back of a paid payout to the payments job again (decision 055), recorded
 * with the operator's reason; payments checks and reopens it in this transaction.
 */
/** Messages given up after their last attempt, for the console: the outbox's mail and the channel workers' deliveries, oldest first. */
export async function failedDeliveries(db: Db): Promise<OpsDelivery[]> {
  const mail = (await givenUpMail(db)).map((m) => ({ id: m.id, channel: 'email' as const, to: m.to_address, subject: m.subject, about: m.about, attempts: m.attempts, last_error: m.last_error, since: m.created_at }));
  const others = (await givenUpDeliveries(db)).map((d) => ({ id: d.id, channel: d.channel, to: d.to, subject: d.subject, about: null, attempts: d.attempts, last_error: d.last_error, since: d.created_at }));
  return [...mail, ...others].sort((a, b) => a.since.localeCompare(b.since));
}

/** Sends a given-up message again from its first attempt, recorded with the operator's reason. */
export async function retryDelivery(db: Db, operatorId: string, id: string, reason: string): Promise<{ id: string; retried: true }> {
  return db.transaction(async (tx) => {
    // Ids are UUIDs, so one names a mail or a delivery, never both.
    if (!(await requeueMail(tx, id)) && !(await requeueDelivery(tx, id))) throw notFound('No such message waiting, or it is being sent again already');
    await recordAction(tx, { operatorId, action: 'retry_delivery', targetType: 'delivery', targetId: id, reason });
    return { id, retried: true as const };
  });
}

export async function retryRecovery(db: Db, operatorId: string, recoveryId: string, reason: string): Promise<{ id: string; retried: true }> {
  return db.transaction(async (tx) => {
    const id = await reopenRecovery(tx, operatorId, recoveryId);
    await recordAction(tx, { operatorId, action: 'retry_recovery', targetType: 'recovery', targetId: id, reason });
    return { id, retried: true as const };
  });
}
