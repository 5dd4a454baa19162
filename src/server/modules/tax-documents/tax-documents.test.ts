import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { financialYear, settleStay } from '../../../domain/settlement';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { pdfText } from '../../test/pdf-text';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { payForStay } from '../payments/test-support';
import { sendDueRefunds } from '../payments/refunds';
import { issueInvoice } from './service';

// The guest's GST documents through the real app in test mode (issue 22): an invoice issued with
// the payment, a credit note with the refund, numbered without a gap, readable by the stay's guest
// and host only.

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
    expect(invoice).toMatchObject({ kind: 'invoice', number: expect.stringMatching(new RegExp(`^PS/${year.slice(2)}/\\d{6}$`)) });
    expect(await documentsOf(host, booking.id)).toEqual([invoice]);
    expect((await call('GET', '/api/bookings', guest)).json().results[0].documents).toEqual([invoice]);

    const res = await call('GET', `/api/tax-documents/${invoice!.id}`, guest);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="PawStay-invoice-${invoice!.number.replace(/\//g, '-')}.pdf"`);
    const text = (await pdfText(res.rawPayload)).join(' ').replace(/\s+/g, ' ');
    const paid = settleStay({ subtotal_inr: booking.price_subtotal_inr, taxes_inr: booking.taxes_inr, platform_fee_inr: booking.platform_fee_inr }, { gstin: null, pan: null }, inDays(0));
    expect(paid.guest_paid_paise).toBe(booking.total_inr * 100);
    for (const expected of ['Tax invoice', invoice!.number, 'td-guest1', '996311', 'CGST @ 2.5%', `Rs. ${booking.total_inr.toLocaleString('en-IN')}`]) expect(text).toContain(expected);
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
    expect(note).toMatchObject({ kind: 'credit_note', number: expect.stringMatching(new RegExp(`^CN/${year.slice(2)}/\\d{6}$`)) });
    const text = (await pdfText((await call('GET', `/api/tax-documents/${note!.id}`, guest)).rawPayload)).join(' ').replace(/\s+/g, ' ');
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
          paid: settleStay({ subtotal_inr: 1000, taxes_inr: 50, platform_fee_inr: 50 }, { gstin: null, pan: null }, inDays(0)),
          parties: { host: { name: 'H', gstin: null }, operator: { name: 'PawStay', gstin: null }, guest: { name: 'G' }, home: { listing_title: 'L', city: 'Ahmedabad', state: 'Gujarat' }, stay: { start_date: inDays(1), end_date: inDays(2), nights: 1, gst_rate_percent: 5 } },
        });
        throw new Error('the payment failed after its invoice');
      }),
    ).rejects.toThrow('the payment failed after its invoice');
    await paidStay();
    for (const kind of ['invoice', 'credit_note']) {
      const seqs = (await rawRows<{ seq: number }>(t.database.db, sql`select seq from tax_documents where kind = ${kind} and financial_year = ${year} order by seq`)).map((r) => r.seq);
      expect(seqs, kind).toEqual(seqs.map((_, i) => i + 1));
    }
  });

  it('an issued document cannot be changed or deleted', async () => {
    const refusal = (query: Promise<unknown>) => query.then(() => 'done', (err: Error) => String(err.cause ?? err));
    expect(await refusal(t.database.db.execute(sql`update tax_documents set number = 'PS/2026-27/99999'`))).toMatch(/never changed/);
    expect(await refusal(t.database.db.execute(sql`delete from tax_documents`))).toMatch(/never changed/);
    expect((await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from tax_documents`))[0]!.n).toBeGreaterThan(0);
  });
});
