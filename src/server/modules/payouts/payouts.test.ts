import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkInAt } from '../../../domain/cancellation';
import { settleStay } from '../../../domain/settlement';
import { useTestApp } from '../../test/app';
import { checkLedger } from '../payments/ledger-check';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { releaseDuePayouts } from '../payments/payouts';
import { payForStay } from '../payments/test-support';

// A host's tax status, payout account and payouts (issue 22), through the real app in test mode.

describe('host payouts', () => {
  const t = useTestApp();
  const call = api(t);
  const deps = () => ({ db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000' });
  let n = 0;

  /** A new host's listing, and a guest's stay there `from` days ahead, accepted and paid. */
  async function paidStay(opts: { from?: number; beforePaying?: (host: string) => Promise<void> } = {}) {
    n++;
    const host = await signIn(t, `po-host${n}@example.com`);
    const listing = await createListing(t, host);
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
  const hostPayable = async (bookingId: string) =>
    (await rawRows<{ balance: number }>(t.database.db, sql`select coalesce(sum(amount_paise), 0)::int as balance from ledger_entries where booking_id = ${bookingId} and account = 'host_payable'`))[0]!.balance;

  it('checks a tax profile: PAN, and a GSTIN with its check character and its holder\'s PAN', async () => {
    const host = await signIn(t, 'po-tax@example.com');
    expect((await call('GET', '/api/host/tax-profile', host)).json()).toEqual({ gst_registered: false, gstin: null, pan: null });
    const refusals: [object, string, string][] = [
      [{ gst_registered: false, pan: 'ABCXK1234Q' }, 'pan', 'Enter a valid PAN, like ABCPK1234Q'],
      [{ gst_registered: true, pan: 'AAPFU0939F' }, 'gstin', 'Enter your GSTIN, or say you are not registered for GST'],
      [{ gst_registered: true, gstin: '27AAPFU0939F1ZW', pan: 'AAPFU0939F' }, 'gstin', 'Enter a valid 15-character GSTIN'],
      [{ gst_registered: true, gstin: '24AAACC1206D1ZM', pan: 'AAPFU0939F' }, 'gstin', "This GSTIN belongs to another PAN: a GSTIN contains its holder's PAN"],
    ];
    for (const [body, field, message] of refusals) {
      const res = await call('PUT', '/api/host/tax-profile', host, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields?.[field] ?? res.json().error.message).toBe(message);
    }
    const saved = await call('PUT', '/api/host/tax-profile', host, { gst_registered: true, gstin: ' 27aapfu0939f1zv ', pan: 'aapfu0939f' });
    expect(saved.json()).toEqual({ gst_registered: true, gstin: '27AAPFU0939F1ZV', pan: 'AAPFU••••F' });
    expect((await call('GET', '/api/host/tax-profile', await signIn(t, 'po-other@example.com'))).json().gstin).toBeNull();
    expect((await call('GET', '/api/host/tax-profile')).statusCode).toBe(401);
  });

  it('keeps a payout account to itself: only its last four characters come back', async () => {
    const host = await signIn(t, 'po-account@example.com');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'bank', holder_name: 'Asha Patel', account_number: '1234 5678 9012', ifsc: 'HDFC1001234' })).json().error.fields.ifsc).toBe('Enter a valid IFSC, like HDFC0001234');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Asha Patel', upi_id: 'not an id' })).json().error.fields.upi_id).toBe('Enter a valid UPI ID, like name@okhdfcbank');
    const saved = await call('PUT', '/api/host/payout-account', host, { kind: 'bank', holder_name: 'Asha Patel', account_number: '1234 5678 9012', ifsc: 'hdfc0001234' });
    expect(saved.json()).toEqual({ kind: 'bank', holder_name: 'Asha Patel', last4: '9012' });
    for (const url of ['/api/host/payout-account', '/api/host/payouts']) expect((await call('GET', url, host)).body).not.toContain('123456789012');
    expect((await call('GET', '/api/host/payout-account', await signIn(t, 'po-other2@example.com'))).json()).toBeNull();
  });

  it('holds a paid stay\'s payout until exactly 24 hours after check-in, and waits for a payout account', async () => {
    const { host, booking, hostEmail } = await paidStay();
    const release = new Date(checkInAt(booking.start_date).getTime() + 24 * 3_600_000);
    const expected = settleStay({ subtotal_inr: booking.price_subtotal_inr, taxes_inr: booking.taxes_inr, platform_fee_inr: booking.platform_fee_inr }, { gstin: null, pan: null }, inDays(0));
    expect(await payout(booking.id)).toMatchObject({ amount_paise: expected.host_payable_paise, status: 'held' });
    expect(new Date((await payout(booking.id)).release_at).getTime()).toBe(release.getTime());

    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 0 }); // no account: the money waits
    const upcoming = (await call('GET', '/api/host/payouts', host)).json();
    expect(upcoming).toMatchObject({ account: null, paid: [] });
    // Upcoming, with its date; not yet due by the real clock, so not yet waiting for an account.
    expect(upcoming.upcoming).toEqual([expect.objectContaining({ booking_id: booking.id, amount_paise: expected.host_payable_paise, release_at: release.toISOString(), waiting_for_account: false })]);
    await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Host', upi_id: 'host.one@okaxis' });
    expect(await releaseDuePayouts(deps(), new Date(release.getTime() - 1))).toEqual({ paidOut: 0 });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 1 });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 0 });
    expect(await payout(booking.id)).toMatchObject({ status: 'paid', reference: expect.stringMatching(/^test_payout_/) });
    expect(await hostPayable(booking.id)).toBe(0);
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === hostEmail).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Payout sent: ₹/), text: expect.stringMatching(/for Sunny flat with a garden in Bodakdev, \w{3} \d{2} - \w{3} \d{2} to your UPI ID ending axis\./) });
    const paid = (await call('GET', '/api/host/payouts', host)).json().paid;
    expect(paid).toEqual([expect.objectContaining({ booking_id: booking.id, amount_paise: expected.host_payable_paise, reference: expect.stringMatching(/^test_payout_/) })]);
    expect((await call('GET', '/api/host/payouts', await signIn(t, 'po-other3@example.com'))).json()).toEqual({ account: null, upcoming: [], paid: [] });
  });

  it('settles a registered host\'s stay with TCS, and a cancellation before release reverses the payout', async () => {
    const { guest, booking } = await paidStay({
      from: 10,
      beforePaying: async (host) => void (await call('PUT', '/api/host/tax-profile', host, { gst_registered: true, gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' })),
    });
    const expected = settleStay({ subtotal_inr: booking.price_subtotal_inr, taxes_inr: booking.taxes_inr, platform_fee_inr: booking.platform_fee_inr }, { gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' }, inDays(0));
    expect(expected.tcs_paise).toBeGreaterThan(0);
    expect(await payout(booking.id)).toMatchObject({ amount_paise: expected.host_payable_paise, status: 'held' });
    expect(await call('POST', `/api/bookings/${booking.id}/cancel`, guest)).toMatchObject({ statusCode: 200 });
    expect(await payout(booking.id)).toMatchObject({ amount_paise: 0, status: 'reversed' });
    expect(await hostPayable(booking.id)).toBe(0);
  });

  it('leaves a ledger that balances and agrees with the payments, refunds and payouts of every stay above', async () => {
    const { problems, rows } = await checkLedger(t.database.db);
    expect(problems).toEqual([]);
    expect(rows).toBeGreaterThan(10);
  });
});
