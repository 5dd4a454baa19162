import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { financialYear, settleStay } from '../../../domain/money/settlement';
import { TEST_DOCUMENT_MARK } from '../../../domain/test-mode';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { pdfText } from '../../test/pdf-text';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { payForStay } from '../payments/test-support';
import { applyProviderPayment } from '../payments/capture';
import { insertOrder } from '../payments/queries';
import { sendDueRefunds } from '../payments/refunds';
import { issueInvoice } from './service';
import { toPaise } from '../../../domain/money/units';

// The guest's GST documents through the real app in test mode (issue 22): an invoice issued with
// the payment, a credit note with the refund, numbered without a gap, readable by the stay's guest
// and host only. In test mode they are test documents (decision 040): titled and marked so on
// every page, in series of their own; money through Razorpay gets the real ones.

/** A PDF's text, its runs joined by single spaces. */
const textOf = async (pdf: Uint8Array | Buffer) => (await pdfText(pdf)).join(' ').replace(/\s+/g, ' ');
/** How many times `part` occurs in `text`. */
const count = (text: string, part: string) => text.split(part).length - 1;

describe('tax invoices and credit notes', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;

  async function paidStay(opts: { from?: number; policy?: string } = {}) {
    const stay = await acceptedStay(opts);
    await payForStay(t, stay.guest, stay.booking.id);
    return stay;
  }

  async function acceptedStay(opts: { from?: number; policy?: string } = {}) {
    n++;
    const host = await signIn(t, `td-host${n}@example.com`);
    const listing = await createListing(t, host, { cancellation_policy: opts.policy ?? 'moderate' });
    const guest = await signIn(t, `td-guest${n}@example.com`);
    await addPet(t, guest, { name: `Pet${n}`, size: 's' });
    const from = opts.from ?? 10;
    const created = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(from), toDate: inDays(from + 3), size: 'small' });
    const booking = created.json() as { id: string; price_subtotal_inr: number; taxes_inr: number; platform_fee_inr: number; total_inr: number };
    await call('POST', `/api/bookings/${booking.id}/accept`, host);
    return { host, guest, booking, listing };
  }

  const documentsOf = async (cookie: string, bookingId: string) =>
    ((await call('GET', `/api/bookings/${bookingId}`, cookie)).json().documents as { id: string; kind: string; number: string }[]);
  const year = financialYear(inDays(0));

  it('issues the paid stay an invoice for what the guest paid; its guest and host may download it, nobody else', async () => {
    const { host, guest, booking } = await paidStay();
    const [invoice, ...rest] = await documentsOf(guest, booking.id);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'invoice', number: expect.stringMatching(new RegExp(`^TEST-PS/${year.slice(2)}/\\d{6}$`)), test_mode: true });
    expect(await documentsOf(host, booking.id)).toEqual([invoice]);
    expect((await call('GET', '/api/bookings', guest)).json().results[0].documents).toEqual([invoice]);

    const res = await call('GET', `/api/tax-documents/${invoice!.id}`, guest);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="PawStay-invoice-${invoice!.number.replace(/\//g, '-')}.pdf"`);
    const text = await textOf(res.rawPayload);
    const paid = settleStay({ subtotal_paise: toPaise(booking.price_subtotal_inr), taxes_paise: toPaise(booking.taxes_inr), platform_fee_paise: toPaise(booking.platform_fee_inr) }, { gstin: null, pan: null }, inDays(0));
    expect(paid.guest_paid_paise).toBe(booking.total_inr * 100);
    for (const expected of ['Test invoice', invoice!.number, 'td-guest1', '996311', 'CGST @ 2.5%', `Rs. ${booking.total_inr.toLocaleString('en-IN')}`]) expect(text).toContain(expected);
    // Test mode: the band at its top and the words across its page, never a "Tax invoice".
    expect(count(text, TEST_DOCUMENT_MARK)).toBe(2);
    expect(text).not.toContain('Tax invoice');
    // The host downloads it too: it names the guest, never the guest's e-mail; the host gave no name, nor theirs.
    expect(text).not.toMatch(/@example\.com/);
    expect(text).toContain('The host of Sunny flat with a garden in Bodakdev');

    expect((await call('GET', `/api/tax-documents/${invoice!.id}`, host)).statusCode).toBe(200);
    const stranger = await signIn(t, 'td-stranger@example.com');
    const refused = await call('GET', `/api/tax-documents/${invoice!.id}`, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(invoice!.number);
    expect((await call('GET', `/api/tax-documents/${invoice!.id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/tax-documents/not-an-id', guest)).statusCode).toBe(400);
    // An id nobody holds.
    expect((await call('GET', `/api/tax-documents/${randomUUID()}`, guest)).statusCode).toBe(404);
  });

  it('a refund issues a credit note against the invoice, for what was given back', async () => {
    const { guest, booking } = await paidStay({ policy: 'strict' });
    const cancelled = await call('POST', `/api/bookings/${booking.id}/cancel`, guest);
    expect(cancelled.statusCode).toBe(200);
    const [invoice, note] = await documentsOf(guest, booking.id);
    expect(note).toMatchObject({ kind: 'credit_note', number: expect.stringMatching(new RegExp(`^TEST-CN/${year.slice(2)}/\\d{6}$`)), test_mode: true });
    const text = await textOf((await call('GET', `/api/tax-documents/${note!.id}`, guest)).rawPayload);
    expect(text).toContain('Test credit note');
    expect(count(text, TEST_DOCUMENT_MARK)).toBe(2);
    // Strict, 10 days ahead: half of the stay and of its GST.
    expect(text).toContain(`${invoice!.number} of`);
    expect(text).toContain(`Rs. ${(booking.total_inr / 2).toLocaleString('en-IN')}`);
    expect(cancelled.json().refund.amount_paise).toBe((booking.total_inr * 100) / 2);
    // The refund's processing issues nothing more.
    await sendDueRefunds({ db: t.database.db, payments: t.app.payments, publicUrl: 'http://localhost:3000', log: t.app.log });
    expect(await documentsOf(guest, booking.id)).toHaveLength(2);
  });

  it('a stay never paid has no invoice; a cancellation with nothing to refund issues no credit note', async () => {
    const { guest, booking } = await paidStay({ from: 2 }); // moderate, 2 days ahead: nothing back
    await call('POST', `/api/bookings/${booking.id}/cancel`, guest);
    expect((await documentsOf(guest, booking.id)).map((d) => d.kind)).toEqual(['invoice']);
  });

  it('numbers each series without a gap, and a rolled-back payment gives its number back', async () => {
    const { booking } = await acceptedStay();
    await expect(
      t.database.db.transaction(async (tx) => {
        await issueInvoice(tx as never, {
          bookingId: booking.id,
          issuedOn: inDays(0),
          testMode: true,
          paid: settleStay({ subtotal_paise: 100_000, taxes_paise: 5_000, platform_fee_paise: 5_000 }, { gstin: null, pan: null }, inDays(0)),
          parties: { host: { name: 'H', gstin: null }, operator: { name: 'PawStay', gstin: null }, guest: { name: 'G' }, home: { listing_title: 'L', city: 'Ahmedabad', state: 'Gujarat' }, stay: { start_date: inDays(1), end_date: inDays(2), nights: 1, gst_rate_percent: 5 } },
        });
        throw new Error('the payment failed after its invoice');
      }),
    ).rejects.toThrow('the payment failed after its invoice');
    await paidStay();
    for (const kind of ['invoice', 'credit_note']) {
      for (const testMode of [true, false]) {
        const seqs = (await rawRows<{ seq: number }>(t.database.db, sql`select seq from tax_documents where kind = ${kind} and test_mode = ${testMode} and financial_year = ${year} order by seq`)).map((r) => r.seq);
        expect(seqs, `${kind} ${testMode}`).toEqual(seqs.map((_, i) => i + 1));
      }
    }
  });

  it('money through Razorpay gets a real invoice, the first of the real series: test documents never take its numbers', async () => {
    // Test documents issued before it in this file's database.
    await paidStay();
    const { guest, booking } = await acceptedStay();
    // A payment Razorpay captured for an order the app made there, as its webhook reports it.
    const order = await insertOrder(t.database.db, { bookingId: booking.id, provider: 'razorpay', providerOrderId: `order_real${n}`, amountPaise: booking.total_inr * 100 });
    const quiet = { warn() {}, error() {}, info() {} };
    const outcome = await applyProviderPayment(
      { db: t.database.db, publicUrl: 'http://localhost:3000', log: quiet, operatorGstin: '24AAACP1234Q1Z5' },
      { id: `pay_real${n}`, order_id: order.provider_order_id, amount: order.amount_paise, currency: 'INR', status: 'captured', captured: true, method: 'upi', created_at: 1 },
    );
    expect(outcome).toBe('confirmed');
    const [invoice] = await documentsOf(guest, booking.id);
    expect(invoice).toMatchObject({ kind: 'invoice', number: `PS/${year.slice(2)}/000001`, test_mode: false });
    const text = await textOf((await call('GET', `/api/tax-documents/${invoice!.id}`, guest)).rawPayload);
    expect(text).toContain('Tax invoice');
    expect(text).not.toMatch(/TEST|Test invoice|test mode/i);
    // Its e-mails, about real money, say nothing of test mode.
    await t.deliverMail();
    const confirmed = t.mail.filter((m) => m.subject.includes('Confirmed') && m.text.includes(booking.total_inr.toLocaleString('en-IN'))).at(-1)!;
    expect(confirmed.subject).toMatch(/^Confirmed: /);
    expect(confirmed.text).not.toMatch(/test mode/i);
  });

  it('a test document can never carry a real number, nor a real one a test number', async () => {
    const paid = await paidStay();
    const { booking } = await acceptedStay(); // no invoice yet
    // Each insert in a transaction rolled back, so the series stay as they were.
    const insert = (number: string, testMode: boolean) =>
      t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`
            insert into tax_documents (kind, number, financial_year, seq, test_mode, booking_id, issued_on, content)
            select 'invoice', ${number}, ${year}, 999998, ${testMode}, ${booking.id}, now(), content from tax_documents where booking_id = ${paid.booking.id}`);
          throw new Error('inserted');
        })
        .catch((err: Error) => String(err.cause ?? err));
    expect(await insert(`TEST-PS/${year.slice(2)}/999998`, true)).toMatch(/inserted/);
    expect(await insert(`PS/${year.slice(2)}/999998`, false)).toMatch(/inserted/);
    expect(await insert(`PS/${year.slice(2)}/999998`, true)).toMatch(/tax_documents_test_number_check/);
    expect(await insert(`TEST-PS/${year.slice(2)}/999998`, false)).toMatch(/tax_documents_test_number_check/);
  });

  it('an issued document cannot be changed or deleted', async () => {
    const refusal = (query: Promise<unknown>) => query.then(() => 'done', (err: Error) => String(err.cause ?? err));
    expect(await refusal(t.database.db.execute(sql`update tax_documents set number = 'PS/2026-27/99999'`))).toMatch(/never changed/);
    expect(await refusal(t.database.db.execute(sql`delete from tax_documents`))).toMatch(/never changed/);
    expect((await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from tax_documents`))[0]!.n).toBeGreaterThan(0);
  });
});
