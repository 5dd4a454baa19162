import { describe, expect, it } from 'vitest';
import { calculateBookingCost } from './pricing';
import { settleStay } from './settlement';
import { creditNoteContent, documentNumber, invoiceContent, type TaxDocumentParties } from './tax-invoice';

// The guest's GST documents, figure by figure, from the stay's settlement (PRODUCT.md section 7).

const parties = (host: { name: string; gstin: string | null }, homeState = 'Gujarat', rate = 5): TaxDocumentParties => ({
  host,
  operator: { name: 'PawStay', gstin: '24AAACC1206D1ZM' },
  guest: { name: 'Sana Shah' },
  home: { listing_title: 'Garden flat near Law Garden', city: 'Ahmedabad', state: homeState },
  stay: { start_date: '2026-12-10', end_date: '2026-12-13', nights: 3, gst_rate_percent: rate },
});

const unregistered = { name: 'Asha Patel', gstin: null };
const gujaratHost = { name: 'Asha Patel', gstin: '24AAACC1206D1ZM' };
const maharashtraHost = { name: 'Ravi Rao', gstin: '27AAPFU0939F1ZV' };

// 3 nights at ₹2,000: stay ₹6,000, GST 5% ₹300. 2 nights at ₹8,000: ₹16,000, GST 18% ₹2,880.
const low = calculateBookingCost(2000, 3);
const high = calculateBookingCost(8000, 2);

describe('invoiceContent', () => {
  it('within Gujarat, at the 5% slab: CGST and SGST at 2.5% each; the operator pays for an unregistered host', () => {
    const c = invoiceContent(parties(unregistered), settleStay(low, { gstin: null, pan: null }, '2026-12-01'));
    expect(c).toMatchObject({
      title: 'Tax invoice',
      supplier: { name: 'Asha Patel', gstin: null, state: 'Gujarat' },
      operator: { name: 'PawStay', gstin: '24AAACC1206D1ZM', liable: true },
      recipient: { name: 'Sana Shah' },
      place_of_supply: { state: 'Gujarat', code: '24' },
      sac: '996311',
      gst_rate_percent: 5,
      taxable_paise: 600_000,
      cgst_paise: 15_000,
      sgst_paise: 15_000,
      igst_paise: 0,
      total_paise: 630_000,
      against: null,
    });
  });

  it('at the 18% slab, a registered host of Gujarat: CGST and SGST at 9%, the host liable', () => {
    const c = invoiceContent(parties(gujaratHost, 'Gujarat', 18), settleStay(high, { gstin: gujaratHost.gstin, pan: 'AAACC1206D' }, '2026-12-01'));
    expect(c).toMatchObject({
      supplier: { gstin: '24AAACC1206D1ZM', state: 'Gujarat' },
      operator: { liable: false },
      gst_rate_percent: 18,
      taxable_paise: 1_600_000,
      cgst_paise: 144_000,
      sgst_paise: 144_000,
      igst_paise: 0,
      total_paise: 1_888_000,
    });
  });

  it("across states: a host registered in Maharashtra, a home in Gujarat, is IGST; the supplier's state is its GSTIN's", () => {
    const c = invoiceContent(parties(maharashtraHost, 'Gujarat', 18), settleStay(high, { gstin: maharashtraHost.gstin, pan: 'AAPFU0939F' }, '2026-12-01'));
    expect(c).toMatchObject({ supplier: { state: 'Maharashtra' }, place_of_supply: { state: 'Gujarat', code: '24' }, cgst_paise: 0, sgst_paise: 0, igst_paise: 288_000 });
  });

  it('an unregistered host with a home outside Gujarat: the operator (Gujarat) supplies across states, IGST', () => {
    const c = invoiceContent(parties(unregistered, 'Rajasthan'), settleStay(low, { gstin: null, pan: null }, '2026-12-01'));
    expect(c).toMatchObject({ supplier: { state: 'Rajasthan' }, place_of_supply: { state: 'Rajasthan', code: '08' }, igst_paise: 30_000, cgst_paise: 0 });
  });

  it("prints the stay's slab, not its GST over its value, which rounding to rupees moves off it", () => {
    // 1 night at ₹350: GST 5% is ₹17.50, priced as ₹18, which would read as 5.1%.
    const cost = calculateBookingCost(350, 1);
    expect(cost.taxes_paise).toBe(1_800);
    const before = settleStay(cost, { gstin: null, pan: null }, '2026-12-01');
    const invoice = invoiceContent(parties(unregistered), before);
    expect(invoice.gst_rate_percent).toBe(5);
    const after = settleStay(cost, { gstin: null, pan: null }, '2026-12-01', 50);
    expect(creditNoteContent(invoice, { number: 'PS/26-27/000001', issued_on: '2026-12-01' }, before, after).gst_rate_percent).toBe(5);
  });

  it('an odd paisa of GST goes to SGST, so that the halves add up', () => {
    // 1 night at ₹1,001: GST 5% rounds to ₹50, a 50/50 split; a 33% refund leaves an odd number of paise.
    const cost = calculateBookingCost(1001, 1);
    const before = settleStay(cost, { gstin: null, pan: null }, '2026-12-01');
    const after = settleStay(cost, { gstin: null, pan: null }, '2026-12-01', 33);
    const note = creditNoteContent(invoiceContent(parties(unregistered), before), { number: 'PS/2026-27/00001', issued_on: '2026-12-01' }, before, after);
    expect(note.cgst_paise + note.sgst_paise).toBe(before.stay_gst_paise - after.stay_gst_paise);
    expect(note.sgst_paise - note.cgst_paise).toBeLessThanOrEqual(1);
  });
});

describe('creditNoteContent', () => {
  it('a 50% refund credits half the value and half the GST, against the invoice, with its parties', () => {
    const before = settleStay(low, { gstin: null, pan: null }, '2026-12-01');
    const after = settleStay(low, { gstin: null, pan: null }, '2026-12-01', 50);
    const invoice = invoiceContent(parties(unregistered), before);
    const note = creditNoteContent(invoice, { number: 'PS/2026-27/00007', issued_on: '2026-12-01' }, before, after);
    expect(note).toMatchObject({
      title: 'Credit note',
      against: { number: 'PS/2026-27/00007', issued_on: '2026-12-01' },
      supplier: invoice.supplier,
      recipient: invoice.recipient,
      taxable_paise: 300_000,
      cgst_paise: 7_500,
      sgst_paise: 7_500,
      total_paise: 315_000,
      gst_rate_percent: 5,
    });
    // What the guest got back is what the note says.
    expect(note.total_paise).toBe(before.guest_paid_paise - after.guest_paid_paise);
  });
});

describe('documentNumber', () => {
  it('numbers each series per financial year, a million a year, in at most 16 characters', () => {
    expect(documentNumber('invoice', '2026-27', 1, false)).toBe('PS/26-27/000001');
    expect(documentNumber('credit_note', '2026-27', 42, false)).toBe('CN/26-27/000042');
    expect(documentNumber('invoice', '2026-27', 999_999, false)).toHaveLength(15);
    expect(() => documentNumber('invoice', '2026-27', 0, false)).toThrow(RangeError);
    expect(() => documentNumber('invoice', '2026-27', 1_000_000, false)).toThrow(RangeError);
  });

  it("numbers test mode's documents in series of their own, which no real number can match", () => {
    expect(documentNumber('invoice', '2026-27', 1, true)).toBe('TEST-PS/26-27/000001');
    expect(documentNumber('credit_note', '2026-27', 7, true)).toBe('TEST-CN/26-27/000007');
  });
});
