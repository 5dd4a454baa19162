import { formatDateRange } from '../../../domain/dates';
import { formatPaise } from '../../../domain/money';
import { queueMail } from '../../mail/outbox';
import { hostPayoutMail } from '../../mail/payouts';
import type { PaymentDeps } from './deps';
import { hostPaidOut } from './ledger';
import { insertLedgerMovement, lockDuePayouts, markPayoutPaid } from './queries';

// Host payouts (PRODUCT.md section 7, decision 028): a paid stay's share for its host is held
// until 24 hours after check-in, then paid to the host's payout account, in the transaction that
// writes it to the ledger. A host with no payout account keeps it held: their money waits. With
// the test provider, the payout is marked paid here, as Razorpay's Route would release a transfer
// held until then; the Route transfers themselves are not built yet (issue 22), so with Razorpay's
// keys payouts stay held for an operator.

const BATCH = 50;

/** Releases every payout due by `now`; safe in several processes at once. */
export async function releaseDuePayouts(deps: Pick<PaymentDeps, 'db' | 'payments' | 'publicUrl'>, now = new Date()): Promise<{ paidOut: number }> {
  if (deps.payments.name !== 'test') return { paidOut: 0 };
  let paidOut = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const due = await lockDuePayouts(tx, now, BATCH);
      for (const p of due) {
        const reference = `test_payout_${p.id.replaceAll('-', '').slice(0, 14)}`;
        await markPayoutPaid(tx, p.id, reference);
        await insertLedgerMovement(tx, { bookingId: p.booking_id, lines: hostPaidOut(p.amount_paise) });
        await queueMail(
          tx,
          hostPayoutMail({
            to: p.host_email,
            amount: formatPaise(p.amount_paise),
            stay: `${p.listing_title}, ${formatDateRange(p.start_date, p.end_date)}`,
            account: `${p.account_kind === 'bank' ? 'bank account' : 'UPI ID'} ending ${p.account_last4}`,
            reference,
            publicUrl: deps.publicUrl,
          }),
          `payout ${p.id}`,
        );
      }
      return due.length;
    });
    paidOut += done;
    if (done < BATCH) return { paidOut };
  }
}
