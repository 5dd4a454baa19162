import { formatPaise } from '../../../domain/money/units';
import { notify } from '../notifications';
import { payoutParams } from './payout-notices';
import { hostPayoutMail } from '../../mail/payouts';
import type { PaymentDeps } from './deps';
import { hostPaidOut } from '../../../domain/money/ledger';
import { insertLedgerMovement, leaseDueReleases, lockReleasedPayout, markPayoutPaid, markTransferRetry, reopenOwedRecoveriesOfHost } from './queries';
import { PaymentProviderError } from '../../payments/razorpay';
import { isLive, matchTransfer, payoutNeedsPerson, retryAfter, ROUTE_POLICY } from './transfers';

// Host payouts (PRODUCT.md section 7, decisions 028, 030 and 039): a paid stay's share for its host
// is transferred to their linked account at the provider (transfers.ts) and held there until 24
// hours after check-in, or, when its payment was refunded in part before that could be done, sent
// directly from the balance once due; then this job releases the hold (if any) and writes the
// payout to the ledger. A host with no linked account keeps their money held: it waits for one.
// One the provider will not pay waits in the operators' queue. Razorpay and the test gateway alike.

/** Releases every payout due by `now`; safe in several processes at once. */
export async function releaseDuePayouts(deps: Pick<PaymentDeps, 'db' | 'payments' | 'publicUrl' | 'log'>, now = new Date()): Promise<{ paidOut: number; payoutErrors: number }> {
  let paidOut = 0;
  let errors = 0;
  const due = await leaseDueReleases(deps.db, now, ROUTE_POLICY.perRun, ROUTE_POLICY.leaseSeconds);
  for (const p of due) {
    // The provider first, outside any transaction (the test gateway shares the database); a
    // refund decided meanwhile is matched by the refunds job (matchTransferOfBooking).
    try {
      const { gateway } = await deps.payments.account();
      const transfer = await matchTransfer(gateway, { transferId: p.transfer_id, owedPaise: p.amount_paise });
      if (!isLive(transfer)) {
        // It moved nothing (failed), or all of it came back: a person looks, and a retry makes a new one.
        errors++;
        await payoutNeedsPerson(deps, p.id, `the provider reports transfer ${p.transfer_id} ${transfer.status}${transfer.error?.description ? `: ${transfer.error.description}` : ''}`, true);
        continue;
      }
      // Released already: by the provider at its hold's end, by a run that died before writing
      // it, or never held (a direct transfer).
      if (transfer.on_hold) await gateway.releaseTransfer(p.transfer_id);
    } catch (err) {
      errors++;
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof PaymentProviderError && !err.retryable) {
        await payoutNeedsPerson(deps, p.id, message, false);
        continue;
      }
      await markTransferRetry(deps.db, p.id, message, retryAfter(p.transfer_attempts));
      deps.log.warn({ payoutId: p.id, err: message }, 'payments: payout not released; will retry');
      continue;
    }
    const paid = await deps.db.transaction(async (tx) => {
      const row = await lockReleasedPayout(tx, p.id);
      // Reversed by a cancellation meanwhile: there was nothing left to release.
      if (!row || row.amount_paise === 0) return false;
      await markPayoutPaid(tx, row.id, row.transfer_id);
      await insertLedgerMovement(tx, { bookingId: row.booking_id, lines: hostPaidOut(row.amount_paise) });
      // Money is in the host's linked account again until the provider settles it: what they owe
      // back of an earlier payout is tried again now (decision 055, recoveries.ts).
      await reopenOwedRecoveriesOfHost(tx, row.host_id);
      await notify(tx, {
        userId: row.host_id,
        kind: 'payout_paid',
        params: payoutParams(row),
        about: `payout ${row.id}`,
        mail: hostPayoutMail({
          to: row.host_email,
          amount: formatPaise(row.amount_paise),
          listingTitle: row.listing_title,
          startDate: row.start_date,
          endDate: row.end_date,
          account: { kind: row.account_kind, last4: row.account_last4 },
          reference: row.transfer_id,
          publicUrl: deps.publicUrl,
          testMode: deps.payments.name === 'test',
        }),
      });
      return true;
    });
    if (paid) paidOut++;
  }
  return { paidOut, payoutErrors: errors };
}
