import type { PayoutAccount, Payouts, TaxProfile } from '../../../domain/contracts/payout';
import type { payoutAccountSchema, taxProfileSchema } from '../../../domain/contracts/payout';
import { lastFour } from '../../../domain/money/tax-ids';
import type { Db } from '../../db/client';
import { queueMailFor } from '../../mail/outbox';
import { payoutAccountChangedMail } from '../../mail/payouts';
import { type NewPayoutAccount, upsertPayoutAccount } from '../payments';
import { selectHostPayouts, selectPayoutAccount, selectTaxProfile, upsertTaxProfile } from './queries';
import type { z } from 'zod';

// A host's money settings and payouts (issue 22). The tax status applies to stays paid after it is
// given (each payout keeps the status of its payment day); a payout account, once the provider
// has set it up (decision 030), to every payout not yet transferred, including those held for
// want of one.

/** "ABCPK••••Q": enough to recognise one's PAN, not enough to use it. */
const maskPan = (pan: string) => `${pan.slice(0, 5)}••••${pan.slice(-1)}`;

export async function getTaxProfile(db: Db, hostId: string): Promise<TaxProfile> {
  const row = await selectTaxProfile(db, hostId);
  return { gst_registered: Boolean(row?.gstin), gstin: row?.gstin ?? null, pan: row?.pan ? maskPan(row.pan) : null };
}

export async function saveTaxProfile(db: Db, hostId: string, input: z.output<typeof taxProfileSchema>): Promise<TaxProfile> {
  await upsertTaxProfile(db, hostId, input);
  return getTaxProfile(db, hostId);
}

export async function getPayoutAccount(db: Db, hostId: string): Promise<PayoutAccount> {
  return (await selectPayoutAccount(db, hostId)) ?? null;
}

/** Saves where the host is paid, and tells them by e-mail in the same transaction (marked in test mode). */
export async function savePayoutAccount(db: Db, host: { id: string; email: string }, input: z.output<typeof payoutAccountSchema>, mail: { publicUrl: string; testMode: boolean }): Promise<void> {
  const account: NewPayoutAccount =
    input.kind === 'bank'
      ? { kind: 'bank', holderName: input.holder_name, accountNumber: input.account_number, ifsc: input.ifsc, upiId: null, last4: lastFour(input.account_number), phone: input.phone }
      : { kind: 'upi', holderName: input.holder_name, accountNumber: null, ifsc: null, upiId: input.upi_id, last4: lastFour(input.upi_id), phone: input.phone };
  await db.transaction(async (tx) => {
    await upsertPayoutAccount(tx, host.id, account);
    await queueMailFor(tx, host.id, payoutAccountChangedMail({ to: host.email, account: { kind: account.kind, last4: account.last4 }, ...mail }), `payout account ${host.id}`);
  });
}


/**
 * Upcoming (held) and paid payouts; a held one past its release waits for a payout account, or,
 * when the provider would not send it, for our operators (decision 039).
 */
export async function listPayouts(db: Db, hostId: string, now = new Date()): Promise<Omit<Payouts, 'test_mode'>> {
  const [account, rows] = await Promise.all([getPayoutAccount(db, hostId), selectHostPayouts(db, hostId)]);
  const stay = (r: (typeof rows)[number]) => ({
    booking_id: r.booking_id,
    listing_title: r.listing_title,
    guest_name: r.guest_name,
    start_date: r.start_date,
    end_date: r.end_date,
    amount_paise: r.amount_paise,
  });
  return {
    account,
    upcoming: rows
      .filter((r) => r.status === 'held')
      .map((r) => ({ ...stay(r), release_at: r.release_at, waiting_for_account: account?.status !== 'linked' && new Date(r.release_at) <= now, delayed: r.delayed, waits_for: r.waits_for })),
    paid: rows
      .filter((r) => r.status === 'paid')
      .map((r) => ({ ...stay(r), paid_at: r.paid_at!, reference: r.reference!, taken_back: r.taken_back }))
      .reverse(),
  };
}
