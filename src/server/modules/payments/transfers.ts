import { formatPaise } from '../../../domain/money/units';
import { notify } from '../notifications';
import { payoutParams } from './payout-notices';
import { hostPayoutDelayedMail } from '../../mail/payouts';
import { PaymentProviderError, type PaymentGateway, type ProviderTransfer } from '../../payments/razorpay';
import type { PaymentDeps } from './deps';
import {
  leaseDueLinks,
  leaseDueTransfers,
  type LinkRow,
  markLinked,
  markLinkFailed,
  markLinkRetry,
  markPayoutAttention,
  markTransferRetry,
  selectPayoutTransfer,
  setPayoutTransfer,
  type TransferDue,
} from './queries';

// Razorpay Route (decision 030), with Razorpay and with the test gateway alike: each payout
// account becomes a linked account at the provider; each paid stay's payout becomes a transfer to
// it, made after the capture and held until its release (domain/money/payout.ts); a refund takes back from the
// transfer what the host is no longer owed; payouts.ts releases the hold when it is due.

export const ROUTE_POLICY = {
  /**
   * Longer than the provider calls a row makes under it (15 s each at most, razorpay.ts; five for
   * a direct transfer looked for on one page); a run that outlives it meets the one that took the
   * row after it in setPayoutTransfer, and its transfer is reversed.
   */
  leaseSeconds: 120,
  perRun: 50,
  /** Waits after the 1st, 2nd ... failure to reach the provider; the last repeats. */
  retrySeconds: [30, 120, 600, 1800, 3600],
} as const;

export const retryAfter = (attempts: number) => ROUTE_POLICY.retrySeconds[Math.min(attempts, ROUTE_POLICY.retrySeconds.length) - 1]!;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** Whether the provider refused (4xx): sending the same again would fail the same way. */
const refused = (err: unknown): err is PaymentProviderError => err instanceof PaymentProviderError && !err.retryable;

/** Route's reference_id is at most 20 characters: the save's own id, shortened, is unique enough. */
const referenceId = (link: LinkRow) => link.link_reference.replaceAll('-', '').slice(0, 20);

async function link(deps: PaymentDeps, row: LinkRow): Promise<'linked' | 'failed' | 'retry'> {
  if (!row.phone) {
    await markLinkFailed(deps.db, row, 'Add your mobile number and save the account again: the payment provider needs it.');
    return 'failed';
  }
  try {
    const { gateway } = await deps.payments.account();
    const account = await gateway.createLinkedAccount({
      referenceId: referenceId(row),
      email: row.email,
      phone: row.phone,
      name: row.holder_name,
      pan: row.pan,
      settlement: row.kind === 'bank' ? { kind: 'bank', accountNumber: row.account_number!, ifsc: row.ifsc! } : { kind: 'upi', vpa: row.upi_id! },
    });
    await markLinked(deps.db, row, account.id);
    return 'linked';
  } catch (err) {
    if (refused(err)) {
      // The provider's reason is about the details the host gave: it is theirs to read.
      await markLinkFailed(deps.db, row, err.description ?? 'The payment provider could not use these details.');
      deps.log.warn({ hostId: row.user_id, err: err.message }, 'payments: the provider refused a payout account');
      return 'failed';
    }
    await markLinkRetry(deps.db, row, messageOf(err), retryAfter(row.link_attempts));
    deps.log.warn({ hostId: row.user_id, err: messageOf(err) }, 'payments: payout account not linked; will retry');
    return 'retry';
  }
}

/**
 * Makes the linked account of each payout account saved since its last one (only `hostId`'s, when
 * the host has just saved it and waits for the answer); safe in several processes at once.
 */
export async function linkPayoutAccounts(deps: PaymentDeps, hostId?: string): Promise<{ linked: number; linkFailures: number }> {
  let linked = 0;
  let failures = 0;
  const rows = await leaseDueLinks(deps.db, { ...(hostId && { hostId }), limit: ROUTE_POLICY.perRun, leaseSeconds: ROUTE_POLICY.leaseSeconds });
  for (const row of rows) {
    if ((await link(deps, row)) === 'linked') linked++;
    else failures++;
  }
  return { linked, linkFailures: failures };
}

/**
 * Takes back from a transfer what its host is no longer owed (`owedPaise`): a refund since it was
 * made, or one made while it was being made. Safe to repeat: it reads what is reversed already.
 * Answers the transfer as it was before.
 */
export async function matchTransfer(gateway: PaymentGateway, t: { transferId: string; owedPaise: number }): Promise<ProviderTransfer> {
  const transfer = await gateway.fetchTransfer(t.transferId);
  const excess = transfer.amount - transfer.amount_reversed - t.owedPaise;
  if (excess > 0) await gateway.reverseTransfer(transfer.id, excess);
  return transfer;
}

/** A transfer that moved money or may yet: not failed, not taken back whole. */
export const isLive = (t: ProviderTransfer) => t.status !== 'failed' && t.amount_reversed < t.amount;

/** How far back before our own record of a first direct transfer the provider's clock is searched. */
const CLOCK_MARGIN_MS = 60 * 60_000;
const TRANSFERS_PAGE = 100;
/** Pages of transfers looked through for one direct transfer: more means something else is wrong. */
const TRANSFERS_PAGES_MAX = 50;

/**
 * The live transfer the provider made for `payout` (its notes name the payout), if any: among
 * its payment's transfers, and, once it is paid directly, among the transfers made since
 * `direct_since` (a direct transfer has no payment to list it under).
 */
async function madeFor(gateway: PaymentGateway, payout: { id: string; provider_payment_id: string; direct_since: Date | string | null }) {
  const ours = (t: ProviderTransfer) => t.notes.payout_id === payout.id && isLive(t);
  const fromPayment = (await gateway.fetchPaymentTransfers(payout.provider_payment_id)).find(ours);
  if (fromPayment || payout.direct_since === null) return fromPayment;
  const from = new Date(new Date(payout.direct_since).getTime() - CLOCK_MARGIN_MS);
  for (let page = 0; page < TRANSFERS_PAGES_MAX; page++) {
    const transfers = await gateway.fetchTransfers({ from, count: TRANSFERS_PAGE, skip: page * TRANSFERS_PAGE });
    const found = transfers.find(ours);
    if (found || transfers.length < TRANSFERS_PAGE) return found;
  }
  // Not looked through to the end: making one now could pay the host twice.
  throw new PaymentProviderError(`more than ${TRANSFERS_PAGES_MAX * TRANSFERS_PAGE} transfers since ${from.toISOString()}: the payout's may be among them`, undefined, undefined, true);
}

/** Matches the booking's transfer, if it has one, to what its host is owed now. */
export async function matchTransferOfBooking(deps: PaymentDeps, bookingId: string): Promise<'matched' | 'no transfer'> {
  const payout = await selectPayoutTransfer(deps.db, { bookingId });
  if (!payout) return 'no transfer';
  // A transfer being made now would be made for what was owed before this refund, and could be
  // released by the provider at its hold's end: the refund waits until it is written.
  if (payout.transfer_in_flight) throw new PaymentProviderError('a transfer of this payout is being made; the refund waits for it', undefined, undefined, true);
  const { gateway } = await deps.payments.account();
  let transferId = payout.transfer_id;
  if (!transferId && payout.transfer_attempts > 0) {
    // A run that made the transfer may have died before writing it; the payout, reversed since,
    // is no longer one the transfer job takes: the refund finds it.
    transferId = (await madeFor(gateway, payout))?.id ?? null;
    if (transferId) await setPayoutTransfer(deps.db, payout.id, transferId);
  }
  // Paid too: a refund decided while the payout was being released takes back from the host's
  // linked account what the release gave beyond their share, and one decided after it, the host's
  // share of that refund (decision 055). Matching, not reversing an amount: a run after a crash
  // that reversed already finds nothing more to take.
  if (!transferId) return 'no transfer';
  const owedPaise = payout.status === 'reversed' ? 0 : payout.amount_paise - payout.taken_back_paise;
  await matchTransfer(gateway, { transferId, owedPaise });
  return 'matched';
}

/**
 * Puts a payout the provider will not pay in the operators' queue (decision 039), with its reason,
 * and tells the host in the same transaction; once, however many runs find it so.
 */
export async function payoutNeedsPerson(deps: Pick<PaymentDeps, 'db' | 'publicUrl' | 'log' | 'payments'>, payoutId: string, reason: string, forgetTransfer: boolean): Promise<void> {
  const queued = await deps.db.transaction(async (tx) => {
    const row = await markPayoutAttention(tx, payoutId, reason, forgetTransfer);
    if (!row) return false;
    const mail = hostPayoutDelayedMail({
      to: row.host_email,
      amount: formatPaise(row.amount_paise),
      listingTitle: row.listing_title,
      startDate: row.start_date,
      endDate: row.end_date,
      publicUrl: deps.publicUrl,
      testMode: deps.payments.name === 'test',
    });
    await notify(tx, { userId: row.host_id, kind: 'payout_held', params: payoutParams(row), mail, about: `payout ${row.id}` });
    return true;
  });
  if (queued) deps.log.error({ payoutId, err: reason }, 'payments: the provider will not pay a payout; it waits in the operators\' queue');
}

const reasonOf = (err: PaymentProviderError) => err.message;

async function makeTransfer(deps: PaymentDeps, due: TransferDue): Promise<void> {
  const { gateway } = await deps.payments.account();
  // A run that died after the provider made the transfer and before it was written finds it here.
  const made = await madeFor(gateway, due);
  const notes = { payout_id: due.id, booking_id: due.booking_id };
  const transfer =
    made ??
    (due.direct_since !== null
      ? // The payment was refunded in part before it could be transferred from (Route refuses
        // that): the host's share goes from the balance, now that it is due (decision 039).
        await gateway.directTransfer({ account: due.linked_account_id, amountPaise: due.amount_paise, notes })
      : await gateway.transfer(due.provider_payment_id, {
          account: due.linked_account_id,
          amountPaise: due.amount_paise,
          // Held with no end: released by payouts.ts alone when due, and not while the stay has a
          // problem open (an end of its own would have paid the host regardless; decision 051).
          onHoldUntil: null,
          notes,
        }));
  // Made, but failed at once (Route reports some refusals so): nothing moved, nothing to keep.
  if (!isLive(transfer)) throw new PaymentProviderError(`transfer ${transfer.id} is ${transfer.status}${transfer.error?.description ? `: ${transfer.error.description}` : ''}`, 200, undefined, false);
  const kept = await setPayoutTransfer(deps.db, due.id, transfer.id);
  if (kept !== transfer.id) {
    // Another run, past this one's lease, made and wrote a transfer first: this one goes back.
    await gateway.reverseTransfer(transfer.id, transfer.amount - transfer.amount_reversed);
    deps.log.warn({ payoutId: due.id, transferId: transfer.id, kept }, 'payments: a second transfer of a payout was made and reversed');
    return;
  }
  // A refund may have lowered the payout while the transfer was being made.
  const now = await selectPayoutTransfer(deps.db, { payoutId: due.id });
  if (now) await matchTransfer(gateway, { transferId: transfer.id, owedPaise: now.status === 'reversed' ? 0 : now.amount_paise });
}

/**
 * Transfers each held payout whose host's account is linked (one paid directly from the balance
 * only when due by `now`); safe in several processes at once.
 */
export async function createDueTransfers(deps: PaymentDeps, now = new Date()): Promise<{ transfers: number; transferErrors: number }> {
  let done = 0;
  let errors = 0;
  for (const due of await leaseDueTransfers(deps.db, ROUTE_POLICY.perRun, ROUTE_POLICY.leaseSeconds, now)) {
    try {
      await makeTransfer(deps, due);
      done++;
    } catch (err) {
      errors++;
      if (refused(err)) {
        // Refused from a payment whose refund reached the provider meanwhile: paid directly instead.
        const switched = due.direct_since === null && (await selectPayoutTransfer(deps.db, { payoutId: due.id }))?.direct;
        if (!switched) {
          await payoutNeedsPerson(deps, due.id, reasonOf(err), false);
          continue;
        }
      }
      await markTransferRetry(deps.db, due.id, messageOf(err), retryAfter(due.transfer_attempts));
      deps.log.warn({ payoutId: due.id, err: messageOf(err) }, 'payments: transfer not made; will retry');
    }
  }
  return { transfers: done, transferErrors: errors };
}
