import type { OpsPayout, OpsRecovery } from '../../../domain/contracts/ops';
import { SELF_ACTION } from '../../../domain/operator-actions';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { clearPayoutAttention, lockPayoutNeedingAttention, type QueuedMoneyRow, reopenOwedRecovery, selectOwedRecoveries, selectPayoutsNeedingAttention } from './queries';

// The operators' queue of payouts the payment provider would not pay (decision 039): each with
// the provider's answer and one action, "Retry payout", for when the cause is dealt with (the
// balance topped up, Direct Transfers enabled on the account, the host's account fixed).

/** A queue's row as the console reads it. */
const queued = (r: QueuedMoneyRow) => ({
  id: r.id,
  booking_id: r.booking_id,
  host: { id: r.host_id, email: r.host_email, name: r.host_name },
  listing_title: r.listing_title,
  start_date: r.start_date,
  end_date: r.end_date,
  amount_paise: r.amount_paise,
  since: r.since,
  problem: r.problem,
});

export async function payoutsNeedingAttention(db: Db): Promise<OpsPayout[]> {
  return (await selectPayoutsNeedingAttention(db)).map((r) => ({ ...queued(r), direct: r.direct }));
}

/**
 * Takes a payout out of the queue, in the operator's transaction `tx` (ops records the action in
 * it, so payments never imports ops): the payments job tries it again at its next run (a minute at
 * most), as it tries any payout, so it is never paid twice. An operator cannot act on a payout of
 * their own. Answers the payout's id.
 */
export async function releasePayoutForRetry(tx: Db, operatorId: string, payoutId: string): Promise<string> {
  const payout = await lockPayoutNeedingAttention(tx, payoutId);
  if (!payout) throw notFound('This payout is not waiting for an operator: it may have been retried already');
  if (payout.host_id === operatorId) throw conflict(SELF_ACTION);
  await clearPayoutAttention(tx, payout.id);
  return payout.id;
}

// What hosts owe back of payouts already paid (decision 055), the longest owed first: each with the
// provider's answer and one action, "Try again", once there is money in the host's payout account
// (the host paid it in, or a new payout reached it); the payments job tries within a minute, and
// also by itself each time one of the host's payouts is released.

export const recoveriesOwed = async (db: Db): Promise<OpsRecovery[]> => (await selectOwedRecoveries(db)).map(queued);

/**
 * Makes an owed recovery due again, in the operator's transaction `tx` (ops records the action in
 * it): the payments job tries it at its next run. Not on a payout of the operator's own. Answers its id.
 */
export async function reopenRecovery(tx: Db, operatorId: string, recoveryId: string): Promise<string> {
  const row = await reopenOwedRecovery(tx, recoveryId);
  if (!row) throw notFound('This is not owed any more: it may have been taken back or retried already');
  if (row.host_id === operatorId) throw conflict(SELF_ACTION);
  return row.id;
}
