import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkInAt } from '../../../domain/money/cancellation';
import { settleStay } from '../../../domain/money/settlement';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, inDays } from '../bookings/test-support';
import { runPaymentJob } from '../payments/jobs';
import { releaseDuePayouts } from '../payments/payouts';
import { sendDueRefunds } from '../payments/refunds';
import { createDueTransfers } from '../payments/transfers';
import { pdfText } from '../../test/pdf-text';
import { formatPaise, toPaise } from '../../../domain/money/units';
import { formatCalendarMonth } from '../../../domain/dates';
import { payForStay } from '../payments/test-support';
import { usePayoutApp } from './test-support';

// When a paid stay's payout is released, what a registered host's settlement withholds, and the
// month's statement read from the ledger (issue 22), through the real app in test mode.

describe('host payouts: release and statements', () => {
  const { t, call, deps, transfersOf, PHONE, paidStay, payout, arrived, hostPayable } = usePayoutApp();

  it('holds a paid stay\'s payout until exactly 24 hours after check-in, and waits for a payout account', async () => {
    const { host, booking, hostEmail } = await paidStay();
    const release = new Date(checkInAt(booking.start_date).getTime() + 24 * 3_600_000);
    const expected = settleStay({ subtotal_paise: toPaise(booking.price_subtotal_inr), taxes_paise: toPaise(booking.taxes_inr), platform_fee_paise: toPaise(booking.platform_fee_inr) }, { gstin: null, pan: null }, inDays(0));
    expect(await payout(booking.id)).toMatchObject({ amount_paise: expected.host_payable_paise, status: 'held' });
    expect(new Date((await payout(booking.id)).release_at).getTime()).toBe(release.getTime());

    expect(await createDueTransfers(deps())).toEqual({ transfers: 0, transferErrors: 0 }); // no account: nowhere to transfer to
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 0, payoutErrors: 0 }); // the money waits
    const upcoming = (await call('GET', '/api/host/payouts', host)).json();
    expect(upcoming).toMatchObject({ account: null, paid: [] });
    // Upcoming, with its date; not yet due by the real clock, so not yet waiting for an account.
    expect(upcoming.upcoming).toEqual([expect.objectContaining({ booking_id: booking.id, amount_paise: expected.host_payable_paise, release_at: release.toISOString(), waiting_for_account: false, waits_for: 'check_in' })]);
    await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Host One', phone: PHONE, upi_id: 'host.one@okaxis' });
    // The transfer to the host's linked account, held at the provider with no end: only the
    // release lets it go (a problem reported on the stay keeps it there, incidents.test.ts).
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await createDueTransfers(deps())).toEqual({ transfers: 0, transferErrors: 0 });
    const [held] = await transfersOf(booking.id);
    expect(held).toMatchObject({ amount: expected.host_payable_paise, amount_reversed: 0, on_hold: true, on_hold_until: null, notes: { booking_id: booking.id } });
    // Not checked in, it is not paid out, however late the clock (PRODUCT.md section 10: no payout
    // on a no-show without an operator, incidents.test.ts).
    expect(await releaseDuePayouts(deps(), new Date(release.getTime() + 30 * 86_400_000))).toEqual({ paidOut: 0, payoutErrors: 0 });
    await arrived(booking.id);
    expect(await releaseDuePayouts(deps(), new Date(release.getTime() - 1))).toEqual({ paidOut: 0, payoutErrors: 0 });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 0, payoutErrors: 0 });
    expect(await transfersOf(booking.id)).toEqual([expect.objectContaining({ id: held!.id, on_hold: false, amount_reversed: 0 })]);
    expect(await payout(booking.id)).toMatchObject({ status: 'paid', reference: held!.id });
    expect(await hostPayable(booking.id)).toBe(0);
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === hostEmail).at(-1)).toMatchObject({ subject: expect.stringMatching(/^\[Test mode\] Payout sent: ₹/), text: expect.stringMatching(/^Test mode: no real money moves\.\n\n[^]*for Sunny flat with a garden in Bodakdev, \w{3} \d{2} - \w{3} \d{2} to your UPI ID ending axis\./) });
    const paid = (await call('GET', '/api/host/payouts', host)).json().paid;
    expect(paid).toEqual([expect.objectContaining({ booking_id: booking.id, amount_paise: expected.host_payable_paise, reference: held!.id })]);
    expect((await call('GET', '/api/host/payouts', await signIn(t, 'po-other3@example.com'))).json()).toEqual({ test_mode: true, account: null, upcoming: [], paid: [] });
  });

  it('keeps a payout past its release held while its host has no payout account, says so, and pays it once on the next job run after one is added', async () => {
    const { host, booking, hostEmail } = await paidStay({ from: 4 });
    await arrived(booking.id);
    // Its release has passed (the clock of the API cannot be moved on: the payout's time is moved back).
    await rawRows(t.database.db, sql`update payouts set release_at = now() - interval '1 hour' where booking_id = ${booking.id}`);
    expect(await runPaymentJob(deps())).toMatchObject({ transfers: 0, paidOut: 0, payoutErrors: 0 });
    expect(await payout(booking.id)).toMatchObject({ status: 'held', reference: null });
    const waiting = (await call('GET', '/api/host/payouts', host)).json();
    expect(waiting).toMatchObject({ account: null, paid: [] });
    expect(waiting.upcoming).toEqual([expect.objectContaining({ booking_id: booking.id, waiting_for_account: true })]);

    // Set up at the provider when saved; paid by the job, not by the save.
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Late Host', phone: PHONE, upi_id: 'late.host@okaxis' })).json()).toMatchObject({ status: 'linked' });
    expect(await payout(booking.id)).toMatchObject({ status: 'held' });
    expect(await runPaymentJob(deps())).toMatchObject({ transfers: 1, paidOut: 1, payoutErrors: 0 });
    expect(await runPaymentJob(deps())).toMatchObject({ transfers: 0, paidOut: 0, payoutErrors: 0 });

    const [transfer] = await transfersOf(booking.id);
    expect(transfer).toMatchObject({ on_hold: false, amount_reversed: 0, amount: (await payout(booking.id)).amount_paise });
    expect(await payout(booking.id)).toMatchObject({ status: 'paid', reference: transfer!.id });
    expect(await hostPayable(booking.id)).toBe(0);
    // One payout movement in the ledger, one e-mail.
    expect(await rawRows(t.database.db, sql`select count(distinct movement)::int as n from ledger_entries where booking_id = ${booking.id} and payment_id is null`)).toEqual([{ n: 1 }]);
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === hostEmail && m.subject.startsWith('[Test mode] Payout sent'))).toHaveLength(1);
    const after = (await call('GET', '/api/host/payouts', host)).json();
    expect(after.upcoming).toEqual([]);
    expect(after.paid).toEqual([expect.objectContaining({ booking_id: booking.id, reference: transfer!.id })]);
  });

  it('settles a registered host\'s stay with TCS, and a cancellation before release reverses the payout and its transfer', async () => {
    const { guest, booking } = await paidStay({
      from: 10,
      beforePaying: async (host) => {
        await call('PUT', '/api/host/tax-profile', host, { gst_registered: true, gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' });
        await call('PUT', '/api/host/payout-account', host, { kind: 'bank', holder_name: 'Chirag Co', phone: PHONE, account_number: '000123456789', ifsc: 'SBIN0001234' });
      },
    });
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    const expected = settleStay({ subtotal_paise: toPaise(booking.price_subtotal_inr), taxes_paise: toPaise(booking.taxes_inr), platform_fee_paise: toPaise(booking.platform_fee_inr) }, { gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' }, inDays(0));
    expect(expected.tcs_paise).toBeGreaterThan(0);
    expect(await payout(booking.id)).toMatchObject({ amount_paise: expected.host_payable_paise, status: 'held' });
    expect(await call('POST', `/api/bookings/${booking.id}/cancel`, guest)).toMatchObject({ statusCode: 200 });
    expect(await payout(booking.id)).toMatchObject({ amount_paise: 0, status: 'reversed' });
    expect(await hostPayable(booking.id)).toBe(0);
    // The refund job takes the whole transfer back from the host's linked account, then refunds.
    expect(await sendDueRefunds(deps())).toMatchObject({ refunds: 1, refundErrors: 0 });
    expect(await transfersOf(booking.id)).toEqual([expect.objectContaining({ amount: expected.host_payable_paise, amount_reversed: expected.host_payable_paise })]);
    expect(await releaseDuePayouts(deps(), new Date(Date.now() + 40 * 86_400_000))).toEqual({ paidOut: 0, payoutErrors: 0 });
  });

  it("reads the month's statement and the Revenue card from the ledger: each stay's figures, a refund, the payouts; the host's own only", async () => {
    const host = await signIn(t, 'po-statement@example.com');
    // A firm's PAN (fourth character F): TDS is withheld whatever its gross, as section 194-O(4)
    // spares only individuals and HUFs (small-sellers.test.ts).
    await call('PUT', '/api/host/tax-profile', host, { gst_registered: false, pan: 'AAPFU0939F' });
    await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Meera Shah', phone: PHONE, upi_id: 'meera@okicici' });
    const listing = await createListing(t, host, { cancellation_policy: 'strict', title: '=SUM(1+1) Quiet home, Satellite' });
    const stays = [];
    for (const [i, from] of [[1, 10], [2, 12]] as const) {
      const guest = await signIn(t, `po-statement-guest${i}@example.com`);
      await addPet(t, guest, { name: `Dot${i}`, size: 's' });
      const booking = (await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(from), toDate: inDays(from + 2), size: 'small' })).json();
      await call('POST', `/api/bookings/${booking.id}/accept`, host);
      await payForStay(t, guest, booking.id);
      stays.push({ guest, booking });
    }
    // The second guest cancels: strict, 12 days ahead, half back.
    expect((await call('POST', `/api/bookings/${stays[1]!.booking.id}/cancel`, stays[1]!.guest)).statusCode).toBe(200);
    const tax = { gstin: null, pan: 'AAPFU0939F' };
    const cost = (b: { price_subtotal_inr: number; taxes_inr: number; platform_fee_inr: number }) => ({ subtotal_paise: toPaise(b.price_subtotal_inr), taxes_paise: toPaise(b.taxes_inr), platform_fee_paise: toPaise(b.platform_fee_inr) });
    const first = settleStay(cost(stays[0]!.booking), tax, inDays(0));
    const second = settleStay(cost(stays[1]!.booking), tax, inDays(0), 50);
    // Both are transferred and paid out (by a clock past their release): the first in full, the
    // second what the refund left.
    expect(await createDueTransfers(deps())).toEqual({ transfers: 2, transferErrors: 0 });
    await arrived(stays[0]!.booking.id);
    expect(await releaseDuePayouts(deps(), new Date(Date.now() + 40 * 86_400_000))).toEqual({ paidOut: 2, payoutErrors: 0 });
    expect(await transfersOf(stays[1]!.booking.id)).toEqual([expect.objectContaining({ amount: second.host_payable_paise, on_hold: false })]);

    const month = inDays(0).slice(0, 7);
    const net = first.host_payable_paise + second.host_payable_paise;
    expect((await call('GET', '/api/host/statements', host)).json()).toEqual({ months: [{ month, stays: 2, net_paise: net }] });
    expect((await call('GET', '/api/host/stats', host)).json().revenue_this_month_paise).toBe(net);

    const csv = await call('GET', `/api/host/statements/${month}?format=csv`, host);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Test mode: a test statement, so its name and its first line say.
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="PawStay-TEST-statement-${month}.csv"`);
    const rupees = (paise: number) => (paise / 100).toFixed(2);
    const [mark, ...lines] = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(mark).toBe('TEST — not a tax invoice,"Made in test mode: no real money moved, and no tax is due on it."');
    expect(lines[0]).toBe('Booking,Stay,Guest,Check-in,Check-out,Gross (INR),Service fee (INR),GST on fee (INR),Stay GST paid by PawStay (INR),TCS and TDS withheld (INR),Net (INR),Paid out (INR),Paid on,Payout reference');
    const figures = (s: typeof first) => [s.guest_paid_paise, s.fee_paise, s.fee_gst_paise, s.operator_stay_gst_paise, s.tcs_paise + s.tds_paise, s.host_payable_paise].map(rupees).join(',');
    // A title that a spreadsheet would run as a formula is written as text.
    expect(lines[1]).toBe(`${stays[0]!.booking.id},"'=SUM(1+1) Quiet home, Satellite",po-statement-guest1,${stays[0]!.booking.start_date},${stays[0]!.booking.end_date},${figures(first)},,,`);
    expect(lines[2]).toContain(figures(second));
    // The payouts in columns of their own (paid on the India day), then the totals of every column.
    const today = inDays(0);
    const payoutLines = lines.slice(3, 5);
    for (const [bookingId, s] of [[stays[0]!.booking.id as string, first], [stays[1]!.booking.id as string, second]] as const) {
      const line = payoutLines.find((l) => l.startsWith(`${bookingId},`));
      expect(line, bookingId).toMatch(new RegExp(`^${bookingId},.*,,,,,,,,,,${rupees(s.host_payable_paise)},${today},trf_\\w+$`));
    }
    const paidOut = first.host_payable_paise + second.host_payable_paise;
    expect(lines[5]).toBe(`Total,,,,,${[first.guest_paid_paise + second.guest_paid_paise, first.fee_paise + second.fee_paise, first.fee_gst_paise + second.fee_gst_paise, first.operator_stay_gst_paise + second.operator_stay_gst_paise, first.tds_paise + second.tds_paise, net, paidOut].map(rupees).join(',')},,`);
    expect(lines).toHaveLength(6);

    const pdf = await call('GET', `/api/host/statements/${month}`, host);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).join(' ').replace(/\s+/g, ' ');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="PawStay-TEST-statement-${month}.pdf"`);
    for (const expected of ['TEST — not a tax invoice', `Statement for ${formatCalendarMonth(month)}`, 'po-statement@example.com', 'Not registered for GST', formatPaise(net).replace('₹', 'Rs. '), formatPaise(first.host_payable_paise).replace('₹', 'Rs. '), 'trf_']) {
      expect(text).toContain(expected);
    }

    // Another host, another month, a bad month, nobody signed in.
    const other = await signIn(t, 'po-statement-other@example.com');
    expect((await call('GET', '/api/host/statements', other)).json()).toEqual({ months: [] });
    expect((await call('GET', `/api/host/statements/${month}?format=csv`, other)).body.trim().split('\r\n')).toEqual([mark, lines[0], 'Total,,,,,0.00,0.00,0.00,0.00,0.00,0.00,0.00,,']);
    expect((await call('GET', '/api/host/stats', other)).json().revenue_this_month_paise).toBe(0);
    const empty = (await pdfText((await call('GET', '/api/host/statements/2024-02', host)).rawPayload)).join(' ');
    expect(empty).toContain('No stay of yours moved money this month.');
    for (const bad of ['2026-13', '26-11', '2026-1', '..%2F..%2Fetc']) {
      const res = await call('GET', `/api/host/statements/${bad}`, host);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await call('GET', `/api/host/statements/${month}?format=xls`, host)).json().error.message).toMatch(/pdf or csv/);
    expect((await call('GET', `/api/host/statements/${month}`)).statusCode).toBe(401);
  });
});
