import { hostRecovered } from '../../../domain/money/ledger';
import { formatPaise } from '../../../domain/money/units';
import { hostPayoutRecoveryMail } from '../../mail/payouts';
import { notify } from '../notifications';
import { payoutParams } from './payout-notices';
import { PaymentProviderError } from '../../payments/razorpay';
import type { PaymentDeps } from './deps';
import { delayDueRecoveries, insertLedgerMovement, leaseDueRecoveries, lockBooking, lockDueRecoveries, markRecovery } from './queries';
import { matchTransferOfBooking, retryAfter, ROUTE_POLICY } from './transfers';

// What a host gives back of a payout already paid (decision 055): an operator resolved a problem
// on the stay with a refund after the payout was released. The host's share of that refund is
// taken back from their linked account at the provider (a Route reversal on the stay's transfer,
// which Razorpay makes while the account has a balance not yet settled to the bank) before the
// guest's refund goes (refunds.ts). When the provider refuses, it is owed: tried again when the
// host's next payout is released (payouts.ts), and when an operator asks, by the payments job.

const NO_TRANSFER = 'the payout has no transfer at the provider to take it back from';

/**
 * The booking's recoveries still due, once its transfer was matched (`refusal` null: the money
 * came back, into the ledger) or the provider refused to give it back (owed, with its reason, for
 * an operator). The host is told either way, once each. A repeat finds none due.
 */
export async function settleRecoveries(deps: Pick<PaymentDeps, 'db' | 'publicUrl' | 'payments'>, bookingId: string, refusal: string | null): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // The booking's lock first, then what it owns (decision 027).
    await lockBooking(tx, bookingId);
    for (const due of await lockDueRecoveries(tx, bookingId)) {
      await markRecovery(tx, due.id, refusal === null ? 'recovered' : 'owed', refusal);
      if (refusal === null) await insertLedgerMovement(tx, { bookingId, lines: hostRecovered(due.amount_paise) });
      // Told that it is due back once, at the first refusal; told again only when it came back.
      if (refusal !== null && due.refused_before) continue;
      const mail = hostPayoutRecoveryMail({
        to: due.host_email,
        amount: formatPaise(due.amount_paise),
        listingTitle: due.listing_title,
        startDate: due.start_date,
        endDate: due.end_date,
        recovered: refusal === null,
        publicUrl: deps.publicUrl,
        testMode: deps.payments.name === 'test',
      });
      await notify(tx, { userId: due.host_id, kind: refusal === null ? 'payout_taken_back' : 'payout_due_back', params: payoutParams(due), mail, about: `recovery ${due.id}` });
    }
  });
}

/**
 * Matches the booking's transfer to what its host keeps (a held payout lowered by a refund, or a
 * paid one less what is due back), then settles what is due back. The provider's refusal leaves
 * that owed (and a held payout's excess to the release, which matches again before paying out);
 * a provider that cannot be reached throws, and the caller tries again.
 */
export async function takeBack(deps: PaymentDeps, bookingId: string): Promise<'recovered' | 'owed'> {
  try {
    const matched = await matchTransferOfBooking(deps, bookingId);
    // A payout paid without a transfer of ours (by hand) has nothing to take back from.
    await settleRecoveries(deps, bookingId, matched === 'matched' ? null : NO_TRANSFER);
    return matched === 'matched' ? 'recovered' : 'owed';
  } catch (err) {
    if (!(err instanceof PaymentProviderError) || err.retryable) throw err;
    deps.log.error({ bookingId, err: err.message }, 'payments: a transfer could not be taken back; an operator must look');
    await settleRecoveries(deps, bookingId, err.message);
    return 'owed';
  }
}

/**
 * The recoveries due again (after the host's next payout, or an operator's retry) whose refund's
 * job is past them; safe in several processes at once (each stay is leased to one).
 */
export async function takeBackDueRecoveries(deps: PaymentDeps, now = new Date()): Promise<{ recovered: number; recoveriesOwed: number; recoveryErrors: number }> {
  const counts = { recovered: 0, recoveriesOwed: 0, recoveryErrors: 0 };
  for (const due of await leaseDueRecoveries(deps.db, now, ROUTE_POLICY.perRun, ROUTE_POLICY.leaseSeconds)) {
    try {
      if ((await takeBack(deps, due.booking_id)) === 'recovered') counts.recovered++;
      else counts.recoveriesOwed++;
    } catch (err) {
      counts.recoveryErrors++;
      const message = err instanceof Error ? err.message : String(err);
      await delayDueRecoveries(deps.db, due.booking_id, message, retryAfter(due.attempts));
      deps.log.warn({ bookingId: due.booking_id, err: message }, "payments: a host's share of a refund not taken back yet; will retry");
    }
  }
  return counts;
}
