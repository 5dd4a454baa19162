import { describe, expect, it } from 'vitest';
import { calculateBookingCost } from '../../../domain/money/pricing';
import { settleStay } from '../../../domain/money/settlement';
import { creditNoteContent, invoiceContent, type TaxDocumentParties } from '../../../domain/money/tax-invoice';
import { pdfText } from '../../test/pdf-text';
import { taxDocumentFileName, taxDocumentPdf } from './pdf';

// The PDF a guest downloads says what the document's figures say: its text, as a PDF reader
// extracts it, holds every party, the place of supply and each figure of the settlement.

const parties = (gstin: string | null, opts: { rate?: number; nights?: number; operatorGstin?: string | null } = {}): TaxDocumentParties => ({
  host: { name: 'Asha Patel', gstin },
  operator: { name: 'PawStay', gstin: opts.operatorGstin === undefined ? '24AAACP1234Q1Z5' : opts.operatorGstin },
  guest: { name: 'Sana Shah' },
  home: { listing_title: 'Garden flat near Law Garden', city: 'Ahmedabad', state: 'Gujarat' },
  stay: { start_date: '2026-12-10', end_date: opts.nights === 2 ? '2026-12-12' : '2026-12-13', nights: opts.nights ?? 3, gst_rate_percent: opts.rate ?? 5 },
});

/** The document's text, its lines joined by single spaces (a long description wraps onto several). */
const text = async (doc: Parameters<typeof taxDocumentPdf>[0]) => (await pdfText(await taxDocumentPdf(doc))).join(' ').replace(/\s+/g, ' ');

describe('tax document PDFs', () => {
  // 3 nights at ₹2,000: ₹6,000 and GST 5% ₹300 (₹150 CGST + ₹150 SGST).
  const cost = calculateBookingCost(2000, 3);
  const paid = settleStay(cost, { gstin: null, pan: null }, '2026-12-01');

  it('an invoice within Gujarat: number, date, supplier, the operator under section 9(5), recipient, SAC, CGST and SGST, total', async () => {
    const doc = { id: 'x', kind: 'invoice' as const, number: 'PS/2026-27/00012', issued_on: '2026-12-01', test_mode: false, content: invoiceContent(parties(null), paid) };
    const t = await text(doc);
    for (const expected of [
      'Tax invoice',
      'PS/2026-27/00012',
      '1 Dec 2026',
      'Gujarat (24)',
      'Asha Patel',
      'Not registered for GST',
      'GSTIN 24AAACP1234Q1Z5',
      'section 9(5) of the CGST Act',
      'Sana Shah',
      '996311',
      'Garden flat near Law Garden, Ahmedabad; 10 Dec 2026 to 13 Dec 2026 (3 nights)',
      'CGST @ 2.5%',
      'SGST @ 2.5%',
      'Rs. 150',
      'Rs. 6,000',
      'Rs. 6,300',
    ]) expect(t).toContain(expected);
    expect(t).not.toContain('IGST');
  });

  it('an invoice across states shows IGST alone, and a registered host liable (no section 9(5) line)', async () => {
    const high = settleStay(calculateBookingCost(8000, 2), { gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F' }, '2026-12-01');
    const doc = { id: 'x', kind: 'invoice' as const, number: 'PS/2026-27/00013', issued_on: '2026-12-01', test_mode: false, content: invoiceContent(parties('27AAPFU0939F1ZV', { rate: 18, nights: 2 }), high) };
    const t = await text(doc);
    for (const expected of ['27AAPFU0939F1ZV', 'Maharashtra', 'IGST @ 18%', 'Rs. 2,880', 'Rs. 18,880', '(2 nights)', 'operator (GSTIN 24AAACP1234Q1Z5)']) expect(t).toContain(expected);
    expect(t).not.toMatch(/CGST @|SGST @|section 9\(5\)/);
  });

  it('a credit note names its invoice and the refunded value and GST, to the paisa', async () => {
    const after = settleStay(cost, { gstin: null, pan: null }, '2026-12-01', 50);
    const invoice = invoiceContent(parties(null), paid);
    const doc = {
      id: 'y',
      kind: 'credit_note' as const,
      number: 'CN/2026-27/00003',
      issued_on: '2026-12-05',
      test_mode: false,
      content: creditNoteContent(invoice, { number: 'PS/2026-27/00012', issued_on: '2026-12-01' }, paid, after),
    };
    const t = await text(doc);
    for (const expected of ['Credit note', 'CN/2026-27/00003', 'PS/2026-27/00012 of 1 Dec 2026', 'Refund of accommodation', 'Rs. 3,000', 'CGST @ 2.5%', 'Rs. 75', 'Total refunded', 'Rs. 3,150']) expect(t).toContain(expected);
    expect(taxDocumentFileName(doc)).toBe('PawStay-credit-note-CN-2026-27-00003.pdf');
  });

  it('writes what its font cannot as "?" rather than failing, and the same document as the same bytes', async () => {
    const doc = { id: 'z', kind: 'invoice' as const, number: 'PS/2026-27/00014', issued_on: '2026-12-01', test_mode: false, content: invoiceContent({ ...parties(null, { operatorGstin: null }), guest: { name: 'सना 🐶 Shah' } }, paid) };
    const t = await text(doc);
    expect(t).toContain('Shah');
    expect(t).not.toContain('GSTIN 24');
    expect(Buffer.from(await taxDocumentPdf(doc)).equals(Buffer.from(await taxDocumentPdf(doc)))).toBe(true);
  });
});
