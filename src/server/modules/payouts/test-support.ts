import { sql } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { checkLedger } from '../payments/ledger-check';
import { payForStay } from '../payments/test-support';

// What the host payout suites (payouts.test.ts, payout-settings.test.ts, payout-release.test.ts)
// share: the real app in test mode, paid stays of new hosts, and a read of a stay's payout, its
// provider transfers and the host's share in the ledger. Every suite's ledger must balance at
// its end.

export function usePayoutApp() {
  const t = useTestApp();
  const call = api(t);
  const deps = () => ({ db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000', log: t.app.log });
  /** The stay's transfers at the provider (the test gateway, through the official SDK). */
  const transfersOf = async (bookingId: string) => {
    const [pay] = await rawRows<{ provider_payment_id: string }>(t.database.db, sql`select provider_payment_id from payments where booking_id = ${bookingId} and status = 'captured'`);
    return (await t.app.payments.account()).gateway.fetchPaymentTransfers(pay!.provider_payment_id);
  };
  const PHONE = '+919876543210';
  let n = 0;

  /** A new host's listing, and a guest's stay there `from` days ahead, accepted and paid. */
  async function paidStay(opts: { from?: number; policy?: 'strict'; beforePaying?: (host: string) => Promise<void> } = {}) {
    n++;
    const host = await signIn(t, `po-host${n}@example.com`);
    const listing = await createListing(t, host, opts.policy && { cancellation_policy: opts.policy });
    const guest = await signIn(t, `po-guest${n}@example.com`);
    await addPet(t, guest, { name: `Pet${n}`, size: 's' });
    const from = opts.from ?? 2;
    const created = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(from), toDate: inDays(from + 3), size: 'small' });
    const booking = created.json() as { id: string; price_subtotal_inr: number; taxes_inr: number; platform_fee_inr: number; start_date: string };
    await call('POST', `/api/bookings/${booking.id}/accept`, host);
    await opts.beforePaying?.(host);
    await payForStay(t, guest, booking.id);
    return { host, guest, booking, hostEmail: `po-host${n}@example.com` };
  }

  const payout = async (bookingId: string) =>
    (await rawRows<{ amount_paise: number; status: string; release_at: string; reference: string | null }>(t.database.db, sql`
      select amount_paise, status, release_at::text, reference from payouts where booking_id = ${bookingId}
    `))[0]!;
  /**
   * The host's "Bruno has arrived", as a release by a later clock needs it (a paid stay not checked
   * in holds its payout). The stays here start in the future, where the API refuses a check-in.
   */
  const arrived = (bookingId: string) => rawRows(t.database.db, sql`update bookings set status = 'in_stay', checked_in_at = now() where id = ${bookingId} and status = 'confirmed'`);
  const hostPayable = async (bookingId: string) =>
    (await rawRows<{ balance: number }>(t.database.db, sql`select coalesce(sum(amount_paise), 0)::int as balance from ledger_entries where booking_id = ${bookingId} and account = 'host_payable'`))[0]!.balance;

  afterAll(async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  /** How many paid stays were made so far: a suffix no other stay of the suite has. */
  const stayCount = () => n;

  return { t, call, deps, transfersOf, PHONE, paidStay, payout, arrived, hostPayable, stayCount };
}
