import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleStay } from '../../../domain/money/settlement';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { checkLedger } from './ledger-check';
import { payForStay } from './test-support';
import { toPaise } from '../../../domain/money/units';

// Section 194-O(4) through the real app (decision 028): no TDS from an individual or HUF host with
// a PAN while their stays of the financial year, each one included, come to ₹5,00,000 or less;
// counted in turn when two of a host's stays are paid at once (on PostgreSQL truly at once).

type Booking = { id: string; price_subtotal_inr: number; taxes_inr: number; platform_fee_inr: number };

describe('TDS and small sellers (section 194-O(4))', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;

  /** A host with this PAN (not GST-registered) and a strict listing at `nightly` a night. */
  async function hostWith(pan: string, nightly: number) {
    const host = await signIn(t, `ss-host${++n}@example.com`);
    expect((await call('PUT', '/api/host/tax-profile', host, { gst_registered: false, pan })).statusCode).toBe(200);
    const listing = await createListing(t, host, { nightly_price_inr: nightly, cancellation_policy: 'strict' });
    return { host, listingId: listing.id };
  }
  /** A new guest's stay of `nights` from `from` days ahead, accepted. */
  async function acceptedStay(h: { host: string; listingId: string }, from: number, nights: number) {
    const guest = await signIn(t, `ss-guest${++n}@example.com`);
    await addPet(t, guest, { name: `Bo${n}`, size: 's' });
    const created = await call('POST', '/api/bookings/create', guest, { listingId: h.listingId, fromDate: inDays(from), toDate: inDays(from + nights), size: 'small' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('POST', `/api/bookings/${created.json().id}/accept`, h.host)).statusCode).toBe(200);
    return { guest, booking: created.json() as Booking };
  }
  const cost = (b: Booking) => ({ subtotal_paise: toPaise(b.price_subtotal_inr), taxes_paise: toPaise(b.taxes_inr), platform_fee_paise: toPaise(b.platform_fee_inr) });
  const payoutOf = async (bookingId: string) =>
    (await rawRows<{ amount_paise: number; stay_paise: number; tds_exempt: boolean }>(t.database.db, sql`
      select amount_paise, stay_paise, tds_exempt from payouts where booking_id = ${bookingId}
    `))[0]!;
  /** What the ledger withheld from the stay: TDS and TCS, as credits (negative). */
  const withheld = async (bookingId: string) =>
    (await rawRows<{ tds: number; tcs: number }>(t.database.db, sql`
      select coalesce(sum(amount_paise) filter (where account = 'tds_payable'), 0)::int as tds,
        coalesce(sum(amount_paise) filter (where account = 'tcs_payable'), 0)::int as tcs
      from ledger_entries where booking_id = ${bookingId}
    `))[0]!;

  it("withholds nothing from a small individual host's first stays, nor after a refund, and the ledger balances", async () => {
    const h = await hostWith('ABCPK1234Q', 1500);
    const stays = [await acceptedStay(h, 10, 2), await acceptedStay(h, 13, 2)];
    for (const s of stays) await payForStay(t, s.guest, s.booking.id);
    const exempt = { gstin: null, pan: 'ABCPK1234Q', tdsExempt: true };
    for (const s of stays) {
      const settled = settleStay(cost(s.booking), exempt, inDays(0));
      expect(settled).toMatchObject({ tds_paise: 0, tcs_paise: 0 });
      expect(await payoutOf(s.booking.id)).toEqual({ amount_paise: settled.host_payable_paise, stay_paise: 300_000, tds_exempt: true });
      expect(await withheld(s.booking.id)).toEqual({ tds: 0, tcs: 0 });
    }
    // Half back (strict, 13 days ahead): settled again without TDS, the stay's value kept halved.
    expect((await call('POST', `/api/bookings/${stays[1]!.booking.id}/cancel`, stays[1]!.guest)).statusCode).toBe(200);
    const half = settleStay(cost(stays[1]!.booking), exempt, inDays(0), 50);
    expect(await payoutOf(stays[1]!.booking.id)).toEqual({ amount_paise: half.host_payable_paise, stay_paise: 150_000, tds_exempt: true });
    expect(await withheld(stays[1]!.booking.id)).toEqual({ tds: 0, tcs: 0 });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('withholds TDS from the stay that takes the year past ₹5,00,000, once, when two are paid at once', async () => {
    // Two stays of ₹3,00,000 (3 nights at ₹1,00,000): either alone is under the threshold, both are over.
    const h = await hostWith('ABCHK1234Q', 100_000);
    const stays = [await acceptedStay(h, 20, 3), await acceptedStay(h, 25, 3)];
    await Promise.all(stays.map((s) => payForStay(t, s.guest, s.booking.id)));
    const payouts = await Promise.all(stays.map((s) => payoutOf(s.booking.id)));
    expect(payouts.map((p) => p.tds_exempt).sort()).toEqual([false, true]);
    for (const [i, s] of stays.entries()) {
      const settled = settleStay(cost(s.booking), { gstin: null, pan: 'ABCHK1234Q', tdsExempt: payouts[i]!.tds_exempt }, inDays(0));
      expect(payouts[i]).toEqual({ amount_paise: settled.host_payable_paise, stay_paise: 30_000_000, tds_exempt: payouts[i]!.tds_exempt });
      // TDS at 0.1% of ₹3,00,000 (₹300) from the one that crossed, nothing from the other.
      expect(await withheld(s.booking.id)).toEqual({ tds: payouts[i]!.tds_exempt ? 0 : -30_000, tcs: 0 });
    }
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
