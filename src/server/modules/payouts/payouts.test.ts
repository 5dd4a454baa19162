import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { checkInAt } from '../../../domain/money/cancellation';
import { settleStay } from '../../../domain/money/settlement';
import { useTestApp } from '../../test/app';
import { checkLedger } from '../payments/ledger-check';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { runPaymentJob } from '../payments/jobs';
import { releaseDuePayouts } from '../payments/payouts';
import { sendDueRefunds } from '../payments/refunds';
import { createDueTransfers } from '../payments/transfers';
import { PaymentProviderError } from '../../payments/razorpay';
import { pdfText } from '../../test/pdf-text';
import { formatPaise } from '../../../domain/money/units';
import { formatCalendarMonth } from '../../../domain/dates';
import { payForStay } from '../payments/test-support';
import { setOperator } from '../ops';
import { payOrder } from '../../payments/test-gateway/gateway';
import { SELF_ACTION } from '../../../domain/operator-actions';

// A host's tax status, payout account and payouts (issue 22), through the real app in test mode.

describe('host payouts', () => {
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
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'bank', holder_name: 'Asha Patel', phone: PHONE, account_number: '1234 5678 9012', ifsc: 'HDFC1001234' })).json().error.fields.ifsc).toBe('Enter a valid IFSC, like HDFC0001234');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Asha Patel', phone: PHONE, upi_id: 'not an id' })).json().error.fields.upi_id).toBe('Enter a valid UPI ID, like name@okhdfcbank');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Asha Patel', phone: '12345', upi_id: 'asha@okaxis' })).json().error.fields.phone).toBe('Enter a valid Indian mobile number');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Asha Patel', upi_id: 'asha@okaxis' })).json().error.fields.phone).toBe('Enter a valid Indian mobile number');
    // Saved, and set up at the provider (a Route linked account) before the answer.
    const saved = await call('PUT', '/api/host/payout-account', host, { kind: 'bank', holder_name: 'Asha Patel', phone: '98765 43210', account_number: '1234 5678 9012', ifsc: 'hdfc0001234' });
    expect(saved.json()).toEqual({ kind: 'bank', holder_name: 'Asha Patel', last4: '9012', status: 'linked', problem: null });
    const [linked] = await rawRows<{ linked_account_id: string; phone: string }>(t.database.db, sql`select a.linked_account_id, a.phone from payout_accounts a join users u on u.id = a.user_id where u.email = 'po-account@example.com'`);
    expect(linked).toEqual({ linked_account_id: expect.stringMatching(/^acc_\w{14}$/), phone: PHONE });
    const [atProvider] = await rawRows<{ settlement: string; email: string }>(t.database.db, sql`select settlement, email from test_gateway_linked_accounts where id = ${linked!.linked_account_id}`);
    expect(atProvider!.email).toBe('po-account@example.com');
    expect(JSON.parse(atProvider!.settlement)).toMatchObject({ method: 'bank_account', bank_account: { account_number: '123456789012', code: 'HDFC0001234', beneficiary_name: 'Asha Patel' } });
    // The host is told of every change, should someone with their session send payouts elsewhere.
    await t.deliverMail();
    const told = t.mail.filter((m) => m.to === 'po-account@example.com' && m.subject === '[Test mode] Your payout account was changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/^Test mode: no real money moves\.\n\n[^]*paid to your bank account ending 9012\. If you did not make this change/);
    expect(told[0]!.text).not.toContain('123456789012');
    for (const url of ['/api/host/payout-account', '/api/host/payouts']) expect((await call('GET', url, host)).body).not.toContain('123456789012');
    expect((await call('GET', '/api/host/payout-account', await signIn(t, 'po-other2@example.com'))).json()).toBeNull();

    // Details the provider refuses are saved, and its reason is shown; a new save starts again.
    const { gateway } = await t.app.payments.account();
    const refusing = { ...gateway, createLinkedAccount: async () => Promise.reject(new PaymentProviderError('create linked account: 400 BAD_REQUEST_ERROR', 400, 'BAD_REQUEST_ERROR', false, 'The VPA provided does not exist or is inactive.')) };
    const spy = vi.spyOn(t.app.payments, 'account').mockResolvedValueOnce({ ...(await t.app.payments.account()), gateway: refusing });
    const refused = await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Ram Kumar', phone: PHONE, upi_id: 'ram@okaxis' });
    spy.mockRestore();
    expect(refused.json()).toEqual({ kind: 'upi', holder_name: 'Ram Kumar', last4: 'axis', status: 'failed', problem: 'The VPA provided does not exist or is inactive.' });
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Ram Kumar', phone: PHONE, upi_id: 'ram@okaxis' })).json()).toMatchObject({ status: 'linked', problem: null });
  });

  it("refuses, before saving, a holder name Route would refuse, in Route's words: 4 to 120 characters, with letters", async () => {
    const host = await signIn(t, 'po-names@example.com');
    const account = (holder_name: string) => ({ kind: 'upi', holder_name, phone: PHONE, upi_id: 'asha@okaxis' });
    expect((await call('PUT', '/api/host/payout-account', host, account('Asha Patel'))).json()).toMatchObject({ status: 'linked' });
    const refusals: [string, string][] = [
      ['Ram', 'The name on the account must be at least 4 characters.'],
      [' R  m ', 'The name on the account must be at least 4 characters.'],
      ['A'.repeat(121), 'The name on the account may not be greater than 120 characters.'],
      ['1234 5678', 'The name on the account must contain letters.'],
      ['   ', 'Enter the name on the account'],
    ];
    for (const [name, message] of refusals) {
      const res = await call('PUT', '/api/host/payout-account', host, account(name));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.fields.holder_name, name).toBe(message);
    }
    // Refused before anything was saved or sent: the account as it was, and one e-mail, for the first save.
    expect((await call('GET', '/api/host/payout-account', host)).json()).toMatchObject({ holder_name: 'Asha Patel', status: 'linked' });
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === 'po-names@example.com' && m.subject === '[Test mode] Your payout account was changed')).toHaveLength(1);
    // The provider (the test gateway, by the same rules) refuses the same name with the same words.
    const { gateway } = await t.app.payments.account();
    const atProvider = await gateway.createLinkedAccount({ referenceId: 'po-names', email: 'po-names@example.com', phone: PHONE, name: 'Ram', pan: null, settlement: { kind: 'upi', vpa: 'ram@okaxis' } }).catch((e: unknown) => e);
    expect(atProvider).toMatchObject({ status: 400, description: 'The legal business name must be at least 4 characters.' });
    // At the limits, taken: spaces trimmed and made single.
    expect((await call('PUT', '/api/host/payout-account', host, account('  Ram   K '))).json()).toMatchObject({ holder_name: 'Ram K', status: 'linked' });
    expect((await call('PUT', '/api/host/payout-account', host, account('A'.repeat(120)))).json()).toMatchObject({ status: 'linked' });
  });

  it('holds a paid stay\'s payout until exactly 24 hours after check-in, and waits for a payout account', async () => {
    const { host, booking, hostEmail } = await paidStay();
    const release = new Date(checkInAt(booking.start_date).getTime() + 24 * 3_600_000);
    const expected = settleStay({ subtotal_inr: booking.price_subtotal_inr, taxes_inr: booking.taxes_inr, platform_fee_inr: booking.platform_fee_inr }, { gstin: null, pan: null }, inDays(0));
    expect(await payout(booking.id)).toMatchObject({ amount_paise: expected.host_payable_paise, status: 'held' });
    expect(new Date((await payout(booking.id)).release_at).getTime()).toBe(release.getTime());

    expect(await createDueTransfers(deps())).toEqual({ transfers: 0, transferErrors: 0 }); // no account: nowhere to transfer to
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 0, payoutErrors: 0 }); // the money waits
    const upcoming = (await call('GET', '/api/host/payouts', host)).json();
    expect(upcoming).toMatchObject({ account: null, paid: [] });
    // Upcoming, with its date; not yet due by the real clock, so not yet waiting for an account.
    expect(upcoming.upcoming).toEqual([expect.objectContaining({ booking_id: booking.id, amount_paise: expected.host_payable_paise, release_at: release.toISOString(), waiting_for_account: false })]);
    await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Host One', phone: PHONE, upi_id: 'host.one@okaxis' });
    // The transfer to the host's linked account, held at the provider until the release too.
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await createDueTransfers(deps())).toEqual({ transfers: 0, transferErrors: 0 });
    const [held] = await transfersOf(booking.id);
    expect(held).toMatchObject({ amount: expected.host_payable_paise, amount_reversed: 0, on_hold: true, on_hold_until: release.getTime() / 1000, notes: { booking_id: booking.id } });
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
    const expected = settleStay({ subtotal_inr: booking.price_subtotal_inr, taxes_inr: booking.taxes_inr, platform_fee_inr: booking.platform_fee_inr }, { gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' }, inDays(0));
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
    const cost = (b: { price_subtotal_inr: number; taxes_inr: number; platform_fee_inr: number }) => ({ subtotal_inr: b.price_subtotal_inr, taxes_inr: b.taxes_inr, platform_fee_inr: b.platform_fee_inr });
    const first = settleStay(cost(stays[0]!.booking), tax, inDays(0));
    const second = settleStay(cost(stays[1]!.booking), tax, inDays(0), 50);
    // Both are transferred and paid out (by a clock past their release): the first in full, the
    // second what the refund left.
    expect(await createDueTransfers(deps())).toEqual({ transfers: 2, transferErrors: 0 });
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

  /** A paid stay whose host's payout account is linked before the guest pays; its payout's id. */
  async function linkedStay(from: number, policy?: 'strict') {
    const stay = await paidStay({ from, policy, beforePaying: async (host) => void (await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Linked Host', phone: PHONE, upi_id: `linked${n}@okaxis` })) });
    const [row] = await rawRows<{ id: string; linked_account_id: string; provider_payment_id: string }>(t.database.db, sql`
      select p.id, a.linked_account_id, pay.provider_payment_id from payouts p join payout_accounts a on a.user_id = p.host_id
        join payments pay on pay.booking_id = p.booking_id and pay.status = 'captured'
      where p.booking_id = ${stay.booking.id}
    `);
    return { ...stay, payoutId: row!.id, linkedAccountId: row!.linked_account_id, providerPaymentId: row!.provider_payment_id };
  }
  /** What a transfer job that died after the provider made the transfer, and before writing it, leaves. */
  async function transferMadeThenCrashed(s: Awaited<ReturnType<typeof linkedStay>>) {
    await rawRows(t.database.db, sql`update payouts set transfer_attempts = 1, transfer_next_attempt_at = now() + interval '2 minutes' where id = ${s.payoutId}`);
    const { gateway } = await t.app.payments.account();
    const amount = (await payout(s.booking.id)).amount_paise;
    return gateway.transfer(s.providerPaymentId, { account: s.linkedAccountId, amountPaise: amount, onHoldUntil: null, notes: { payout_id: s.payoutId, booking_id: s.booking.id } });
  }

  it('finds a transfer made before a crash instead of making another, once the lease is over', async () => {
    const s = await linkedStay(6);
    const made = await transferMadeThenCrashed(s);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 0, transferErrors: 0 }); // leased still
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    expect((await transfersOf(s.booking.id)).map((x) => x.id)).toEqual([made.id]);
  });

  it('takes back a transfer made before a crash from a stay cancelled since, before refunding the guest', async () => {
    const s = await linkedStay(8);
    const made = await transferMadeThenCrashed(s);
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    expect(await payout(s.booking.id)).toMatchObject({ amount_paise: 0, status: 'reversed' });
    // The crashed run's lease is over (while it lasts, the refund waits: the next test).
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    expect(await transfersOf(s.booking.id)).toEqual([expect.objectContaining({ id: made.id, amount_reversed: made.amount })]);
  });

  it("waits to refund a stay whose payout's transfer is being made, then takes all of it back first", async () => {
    const s = await linkedStay(9);
    // A transfer job has taken the payout and is asking the provider (its lease is live).
    await rawRows(t.database.db, sql`update payouts set transfer_attempts = 1, transfer_next_attempt_at = now() + interval '2 minutes' where id = ${s.payoutId}`);
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    const refundOf = async () => (await rawRows<{ status: string }>(t.database.db, sql`select status from refunds where booking_id = ${s.booking.id}`))[0]!.status;
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 1 });
    expect(await refundOf()).toBe('queued');
    // The job's transfer, made for what was owed before the cancellation, and written.
    const { gateway } = await t.app.payments.account();
    const made = await gateway.transfer(s.providerPaymentId, { account: s.linkedAccountId, amountPaise: 100_000, onHoldUntil: null, notes: { payout_id: s.payoutId } });
    await rawRows(t.database.db, sql`update payouts set transfer_id = ${made.id}, transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    // A second back: the refunds job compares with its own clock, in milliseconds, and now() has microseconds.
    await rawRows(t.database.db, sql`update refunds set next_attempt_at = now() - interval '1 second' where booking_id = ${s.booking.id}`);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    expect(await refundOf()).not.toBe('queued');
    expect(await transfersOf(s.booking.id)).toEqual([expect.objectContaining({ id: made.id, amount_reversed: 100_000 })]);
  });

  it('refunds the guest even when the provider refuses to take the transfer back, and says so for an operator', async () => {
    const s = await linkedStay(11);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    const { gateway } = await t.app.payments.account();
    const refusing = { ...gateway, reverseTransfer: async () => Promise.reject(new PaymentProviderError('reverse transfer: 400 BAD_REQUEST_ERROR', 400, 'BAD_REQUEST_ERROR', false)) };
    const errors: string[] = [];
    const log = { ...t.app.log, error: (_o: object, message: string) => void errors.push(message) } as typeof t.app.log;
    const withRefusal = { ...deps(), log, payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: refusing }) } };
    expect(await sendDueRefunds(withRefusal)).toMatchObject({ refundErrors: 0 });
    expect((await rawRows<{ status: string }>(t.database.db, sql`select status from refunds where booking_id = ${s.booking.id}`))[0]!.status).not.toBe('queued');
    expect(errors).toContain('payments: a transfer could not be taken back before a refund; an operator must look');
  });

  it('keeps a payout held when the provider cannot release it, and releases it once, on a later run', async () => {
    const s = await linkedStay(3);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    const { gateway } = await t.app.payments.account();
    const down = { ...gateway, releaseTransfer: async () => Promise.reject(new PaymentProviderError('release transfer: 502 SERVER_ERROR', 502, 'SERVER_ERROR', true)) };
    const failing = { ...deps(), payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: down }) } };
    const later = new Date((await payout(s.booking.id)).release_at);
    expect(await releaseDuePayouts(failing, later)).toEqual({ paidOut: 0, payoutErrors: 1 });
    expect(await payout(s.booking.id)).toMatchObject({ status: 'held' });
    expect(await releaseDuePayouts(deps(), later)).toEqual({ paidOut: 0, payoutErrors: 0 }); // waits its retry
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await releaseDuePayouts(deps(), later)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect(await releaseDuePayouts(deps(), later)).toEqual({ paidOut: 0, payoutErrors: 0 });
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid' });
  });

  // Decision 039: a stay refunded in part before its host had a payout account. Route refuses a
  // transfer from a payment refunded in part, so the host's share is paid by a direct transfer from
  // the balance once due, found by its notes after a crash, and an operator is asked when the
  // provider will not pay it.

  /** A strict stay 10 days ahead, paid, cancelled by its guest (half back) and refunded, before its host adds an account. */
  async function refundedBeforeAccount() {
    // A direct transfer is paid from the gateway's balance: what the tests above left in it (one
    // kept a host's transfer and refunded its guest all the same) is made up for first.
    const { gateway } = await t.app.payments.account();
    const order = await gateway.createOrder({ amountPaise: 1_000_000, receipt: `top-up-${n}`, notes: {} });
    await payOrder(t.database.db, order.id, { method: 'upi', outcome: 'success' });
    const stay = await paidStay({ from: 10, policy: 'strict' });
    expect((await call('POST', `/api/bookings/${stay.booking.id}/cancel`, stay.guest)).statusCode).toBe(200);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    const cost = { subtotal_inr: stay.booking.price_subtotal_inr, taxes_inr: stay.booking.taxes_inr, platform_fee_inr: stay.booking.platform_fee_inr };
    const before = settleStay(cost, { gstin: null, pan: null }, inDays(0));
    const after = settleStay(cost, { gstin: null, pan: null }, inDays(0), 50);
    expect(await call('PUT', '/api/host/payout-account', stay.host, { kind: 'upi', holder_name: 'Late Host', phone: PHONE, upi_id: `late${n}@okaxis` })).toMatchObject({ statusCode: 200 });
    const [row] = await rawRows<{ id: string; release_at: Date; provider_payment_id: string; linked_account_id: string }>(t.database.db, sql`
      select p.id, p.release_at, pay.provider_payment_id, a.linked_account_id from payouts p join payout_accounts a on a.user_id = p.host_id
        join payments pay on pay.booking_id = p.booking_id and pay.status = 'captured'
      where p.booking_id = ${stay.booking.id}
    `);
    return { ...stay, before, after, payoutId: row!.id, release: new Date(row!.release_at), providerPaymentId: row!.provider_payment_id, linkedAccountId: row!.linked_account_id };
  }
  const directTransfersOf = async (payoutId: string) =>
    (await (await t.app.payments.account()).gateway.fetchTransfers({ from: new Date(Date.now() - 3_600_000), count: 100, skip: 0 })).filter((x) => x.notes.payout_id === payoutId);
  const payoutMovements = async (bookingId: string) =>
    (await rawRows<{ n: number }>(t.database.db, sql`select count(distinct movement)::int as n from ledger_entries where booking_id = ${bookingId} and payment_id is null`))[0]!.n;

  it('pays a stay refunded in part before its host had an account: what the refund left, once, by a direct transfer when due', async () => {
    const s = await refundedBeforeAccount();
    expect(s.after.host_payable_paise).toBeGreaterThan(0);
    expect(s.after.host_payable_paise).toBeLessThan(s.before.host_payable_paise);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'held', amount_paise: s.after.host_payable_paise });
    // Why: Route will not transfer from this payment any more.
    const { gateway } = await t.app.payments.account();
    expect(await gateway.transfer(s.providerPaymentId, { account: s.linkedAccountId, amountPaise: 100, onHoldUntil: null, notes: {} }).catch((e: unknown) => e)).toMatchObject({ status: 400, description: 'Transfer cannot be initiated on a refunded payment' });

    // Not before it is due: a direct transfer cannot be held.
    expect(await createDueTransfers(deps(), new Date(s.release.getTime() - 1))).toEqual({ transfers: 0, transferErrors: 0 });
    expect((await call('GET', '/api/host/payouts', s.host)).json().upcoming).toEqual([expect.objectContaining({ booking_id: s.booking.id, amount_paise: s.after.host_payable_paise, waiting_for_account: false, delayed: false })]);
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 1, transferErrors: 0 });
    // This one and any of the stays above due by then (transferred there, never released).
    expect((await releaseDuePayouts(deps(), s.release)).payoutErrors).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 0, transferErrors: 0 });
      expect(await releaseDuePayouts(deps(), s.release)).toEqual({ paidOut: 0, payoutErrors: 0 });
    }

    const [direct, ...more] = await directTransfersOf(s.payoutId);
    expect(more).toEqual([]);
    expect(direct).toMatchObject({ source: 'acc_pawstaytest', recipient: s.linkedAccountId, amount: s.after.host_payable_paise, amount_reversed: 0, on_hold: false, notes: { payout_id: s.payoutId, booking_id: s.booking.id } });
    expect(await transfersOf(s.booking.id)).toEqual([]);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid', amount_paise: s.after.host_payable_paise, reference: direct!.id });
    expect(await hostPayable(s.booking.id)).toBe(0);
    expect(await payoutMovements(s.booking.id)).toBe(1);
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === s.hostEmail && m.subject.startsWith('[Test mode] Payout sent'))).toEqual([expect.objectContaining({ subject: `[Test mode] Payout sent: ${formatPaise(s.after.host_payable_paise)}` })]);
    expect((await call('GET', '/api/host/payouts', s.host)).json()).toMatchObject({ upcoming: [], paid: [expect.objectContaining({ booking_id: s.booking.id, amount_paise: s.after.host_payable_paise, reference: direct!.id })] });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('finds a direct transfer made before a crash instead of paying the host twice', async () => {
    const s = await refundedBeforeAccount();
    // A run took the payout, asked the provider, and died before writing what it made.
    await rawRows(t.database.db, sql`update payouts set direct_since = now(), transfer_attempts = 1, transfer_next_attempt_at = now() + interval '2 minutes' where id = ${s.payoutId}`);
    const { gateway } = await t.app.payments.account();
    const made = await gateway.directTransfer({ account: s.linkedAccountId, amountPaise: s.after.host_payable_paise, notes: { payout_id: s.payoutId, booking_id: s.booking.id } });
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 0, transferErrors: 0 }); // leased still
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await releaseDuePayouts(deps(), s.release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect((await directTransfersOf(s.payoutId)).map((x) => x.id)).toEqual([made.id]);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid', reference: made.id });
    expect(await payoutMovements(s.booking.id)).toBe(1);
  });

  it('pays directly a payout whose payment was refunded while its transfer was being asked for', async () => {
    const s = await linkedStay(14, 'strict');
    // The guest cancels a strict stay 14 days ahead; the refund job takes the refund while the
    // transfer job, which read it as not yet sent, asks for a transfer from the payment.
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    const { gateway } = await t.app.payments.account();
    const racing = {
      ...gateway,
      transfer: async (...args: Parameters<typeof gateway.transfer>) => {
        await rawRows(t.database.db, sql`update refunds set attempts = attempts + 1 where booking_id = ${s.booking.id}`);
        await gateway.refund(s.providerPaymentId, { amountPaise: 100, receipt: 'race', notes: {} });
        return gateway.transfer(...args);
      },
    };
    const raced = { ...deps(), payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: racing }) } };
    expect(await createDueTransfers(raced)).toEqual({ transfers: 0, transferErrors: 1 });
    // Not an operator's: tried again as a direct transfer once due.
    expect((await call('GET', '/api/host/payouts', s.host)).json().upcoming).toEqual([expect.objectContaining({ booking_id: s.booking.id, delayed: false })]);
    const release = new Date((await payout(s.booking.id)).release_at);
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await createDueTransfers(deps(), release)).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect((await directTransfersOf(s.payoutId)).map((x) => x.amount)).toEqual([(await payout(s.booking.id)).amount_paise]);
  });

  it("puts a payout the provider will not pay in the operators' queue, tells its host once, and pays it once an operator retries", async () => {
    const s = await refundedBeforeAccount();
    const { gateway } = await t.app.payments.account();
    const short = { ...gateway, directTransfer: async () => Promise.reject(new PaymentProviderError('direct transfer: 400 BAD_REQUEST_ERROR Transfer failed due to insufficient balance', 400, 'BAD_REQUEST_ERROR', false, 'Transfer failed due to insufficient balance')) };
    const errors: string[] = [];
    const log = { ...t.app.log, error: (_o: object, message: string) => void errors.push(message) } as typeof t.app.log;
    const refusing = { ...deps(), log, payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: short }) } };
    expect(await createDueTransfers(refusing, s.release)).toEqual({ transfers: 0, transferErrors: 1 });
    expect(errors).toEqual(["payments: the provider will not pay a payout; it waits in the operators' queue"]);
    // It waits for a person: no run takes it, refused or not, and the host is told once.
    for (const d of [refusing, deps()]) expect(await createDueTransfers(d, s.release)).toEqual({ transfers: 0, transferErrors: 0 });
    expect((await call('GET', '/api/host/payouts', s.host)).json().upcoming).toEqual([expect.objectContaining({ booking_id: s.booking.id, delayed: true })]);
    await t.deliverMail();
    const delayed = t.mail.filter((m) => m.to === s.hostEmail && m.subject.startsWith('[Test mode] Payout delayed'));
    expect(delayed).toHaveLength(1);
    expect(delayed[0]!.text).toContain(`Your payout of ${formatPaise(s.after.host_payable_paise)} for Sunny flat with a garden in Bodakdev`);
    expect(delayed[0]!.text).not.toContain('insufficient balance');

    // The queue: operators only, with the provider's answer; anyone else is told no such route.
    const opsEmail = `po-ops${n}@example.com`;
    const ops = await signIn(t, opsEmail);
    await setOperator(t.database.db, opsEmail, true);
    for (const who of [s.host, s.guest, undefined]) expect((await call('GET', '/api/ops/payouts', who)).statusCode).toBe(404);
    const queue = (await call('GET', '/api/ops/payouts', ops)).json().results;
    expect(queue).toContainEqual(
      expect.objectContaining({ id: s.payoutId, booking_id: s.booking.id, host: expect.objectContaining({ email: s.hostEmail }), amount_paise: s.after.host_payable_paise, direct: true, problem: expect.stringContaining('Transfer failed due to insufficient balance') }),
    );
    // One action, with a reason for the record; never on one's own payout; once.
    const retry = (who: string | undefined, reason = 'Balance topped up from the current account') => call('POST', `/api/ops/payouts/${s.payoutId}/retry`, who, { reason });
    expect((await retry(s.host)).statusCode).toBe(404);
    expect((await retry(ops, 'short')).statusCode).toBe(400);
    await setOperator(t.database.db, s.hostEmail, true);
    expect((await retry(s.host)).json()).toMatchObject({ error: { message: SELF_ACTION } });
    await setOperator(t.database.db, s.hostEmail, false);
    expect((await retry(ops)).json()).toEqual({ id: s.payoutId, retried: true });
    expect((await retry(ops)).statusCode).toBe(404);
    expect((await call('GET', `/api/ops/history?target_type=payout&target_id=${s.payoutId}`, ops)).json().results).toEqual([
      expect.objectContaining({ action: 'retry_payout', operator: opsEmail, reason: 'Balance topped up from the current account' }),
    ]);
    expect((await call('GET', '/api/ops/payouts', ops)).json().results.map((r: { id: string }) => r.id)).not.toContain(s.payoutId);

    // The next run pays it, once.
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await releaseDuePayouts(deps(), s.release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 0, transferErrors: 0 });
    expect((await directTransfersOf(s.payoutId)).map((x) => x.amount)).toEqual([s.after.host_payable_paise]);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid', amount_paise: s.after.host_payable_paise });
    expect(await payoutMovements(s.booking.id)).toBe(1);
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === s.hostEmail && m.subject.startsWith('[Test mode] Payout sent'))).toHaveLength(1);
  });

  it("sends to the operators' queue a transfer the provider reports failed at release, and makes a new one when retried", async () => {
    const s = await linkedStay(15);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    const first = (await transfersOf(s.booking.id))[0]!;
    const { gateway } = await t.app.payments.account();
    const failedAtProvider = { ...gateway, fetchTransfer: async (id: string) => ({ ...(await gateway.fetchTransfer(id)), status: 'failed', error: { description: 'Linked account is suspended' } }) };
    const failing = { ...deps(), payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: failedAtProvider }) } };
    const release = new Date((await payout(s.booking.id)).release_at);
    expect(await releaseDuePayouts(failing, release)).toEqual({ paidOut: 0, payoutErrors: 1 });
    const [queued] = await rawRows<{ transfer_id: string | null; transfer_error: string; queued: boolean }>(t.database.db, sql`select transfer_id, transfer_error, attention_since is not null as queued from payouts where id = ${s.payoutId}`);
    expect(queued).toEqual({ transfer_id: null, transfer_error: `the provider reports transfer ${first.id} failed: Linked account is suspended`, queued: true });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 0, payoutErrors: 0 });
    expect(await createDueTransfers(deps(), release)).toEqual({ transfers: 0, transferErrors: 0 });

    const opsEmail = `po-ops${n}b@example.com`;
    const ops = await signIn(t, opsEmail);
    await setOperator(t.database.db, opsEmail, true);
    expect((await call('POST', `/api/ops/payouts/${s.payoutId}/retry`, ops, { reason: 'Razorpay reactivated the linked account' })).statusCode).toBe(200);
    // Retried: the provider has the transfer live after all (the gateway never failed it), so it is found and released, not made again.
    expect(await createDueTransfers(deps(), release)).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect((await transfersOf(s.booking.id)).map((x) => x.id)).toEqual([first.id]);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid', reference: first.id });
  });

  it('leaves a ledger that balances and agrees with the payments, refunds and payouts of every stay above', async () => {
    const { problems, rows } = await checkLedger(t.database.db);
    expect(problems).toEqual([]);
    expect(rows).toBeGreaterThan(10);
  });
});
