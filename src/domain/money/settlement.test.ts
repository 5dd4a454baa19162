import { describe, expect, it } from 'vitest';
import { calculateBookingCost } from './pricing';
import { financialYear, financialYearDays, settleStay, smallSellerTdsExempt, splitGst } from './settlement';
import { bpsOf } from './units';
import { percentText, rateOn, stayGstBps, TAX_RATES } from './tax-rates';

// Worked examples of where a stay's money goes (PRODUCT.md section 7), figure by figure.

const unregistered = { gstin: null, pan: 'ABCPK1234Q' };
const registered = { gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' };
const noPan = { gstin: null, pan: null };

/** The guest's money, all of it somewhere. */
const accountedFor = (s: ReturnType<typeof settleStay>) =>
  s.host_payable_paise + s.fee_paise + s.fee_gst_paise + s.tcs_paise + s.tds_paise + s.operator_stay_gst_paise;

describe('settleStay', () => {
  // 3 nights at ₹2,000: stay ₹6,000, GST 5% ₹300, fee 5% ₹300.
  const low = calculateBookingCost(2000, 3);

  it('an unregistered host at the 5% slab: the operator owes the stay\'s GST (section 9(5)), TDS 0.1%', () => {
    const s = settleStay(low, unregistered, '2026-12-01');
    expect(s).toEqual({
      stay_paise: 600_000,
      stay_gst_paise: 30_000,
      guest_paid_paise: 630_000,
      fee_paise: 30_000,
      fee_gst_paise: 5_400, // 18% of ₹300
      tcs_paise: 0,
      tds_paise: 600, // 0.1% of ₹6,000
      operator_stay_gst_paise: 30_000,
      host_payable_paise: 564_000,
    });
    expect(accountedFor(s)).toBe(s.guest_paid_paise);
  });

  it('a GST-registered host is paid the stay\'s GST, and TCS of 0.5% is collected from them', () => {
    const s = settleStay(low, registered, '2026-12-01');
    expect(s).toMatchObject({ tcs_paise: 3_000, tds_paise: 600, operator_stay_gst_paise: 0, host_payable_paise: 591_000 });
    expect(accountedFor(s)).toBe(s.guest_paid_paise);
  });

  it('the 18% slab, and TDS at 5% for a host with no PAN', () => {
    // 2 nights at ₹8,000: stay ₹16,000, GST 18% ₹2,880, fee ₹800.
    const s = settleStay(calculateBookingCost(8000, 2), noPan, '2026-12-01');
    expect(s).toEqual({
      stay_paise: 1_600_000,
      stay_gst_paise: 288_000,
      guest_paid_paise: 1_888_000,
      fee_paise: 80_000,
      fee_gst_paise: 14_400,
      tcs_paise: 0,
      tds_paise: 80_000,
      operator_stay_gst_paise: 288_000,
      host_payable_paise: 1_425_600,
    });
    expect(accountedFor(s)).toBe(s.guest_paid_paise);
  });

  it('after a 50% refund, the rest: half the stay, its GST and the fee, and what follows from them', () => {
    const s = settleStay(low, unregistered, '2026-12-01', 50);
    expect(s).toMatchObject({ stay_paise: 300_000, stay_gst_paise: 15_000, fee_paise: 15_000, fee_gst_paise: 2_700, tds_paise: 300, host_payable_paise: 282_000 });
    expect(accountedFor(s)).toBe(s.guest_paid_paise);
    // A full refund leaves nothing anywhere.
    expect(Object.values(settleStay(low, registered, '2026-12-01', 100)).every((v) => v === 0)).toBe(true);
  });

  it('keeps what the refund did not give back, to the paisa, whatever the rounding', () => {
    for (const nightly of [999, 1510, 7501, 12345]) {
      for (const percent of [0, 33, 50, 67, 100]) {
        const cost = calculateBookingCost(nightly, 3);
        const s = settleStay(cost, registered, '2026-12-01', percent);
        const refunded = cost.total_paise - s.guest_paid_paise;
        expect(refunded).toBe(Math.floor((cost.subtotal_paise * percent + 50) / 100) + Math.floor((cost.taxes_paise * percent + 50) / 100));
        expect(accountedFor(s)).toBe(s.guest_paid_paise);
      }
    }
  });

  it('applies each rate from its date: TDS 1% until 30 Sep 2024, TCS 1% until 9 Jul 2024', () => {
    expect(settleStay(low, registered, '2024-09-30')).toMatchObject({ tds_paise: 6_000, tcs_paise: 3_000 });
    expect(settleStay(low, registered, '2024-10-01')).toMatchObject({ tds_paise: 600 });
    expect(settleStay(low, registered, '2024-07-09').tcs_paise).toBe(6_000);
    expect(settleStay(low, registered, '2024-07-10').tcs_paise).toBe(3_000);
  });
});

describe('without withholdings: a small seller (section 194-O(4))', () => {
  // 3 nights at ₹2,000: stay ₹6,000, GST 5% ₹300, fee 5% ₹300; an individual's PAN (fourth character P).
  const low = calculateBookingCost(2000, 3);
  const individual = { gstin: null, pan: 'ABCPK1234Q' };
  const day = '2026-12-01';

  it('an unregistered individual with a PAN, under ₹5,00,000 in the year: neither TCS nor TDS', () => {
    expect(smallSellerTdsExempt(individual.pan, 600_000, day)).toBe(true);
    const s = settleStay(low, { ...individual, tdsExempt: true }, day);
    expect(s).toEqual({
      stay_paise: 600_000,
      stay_gst_paise: 30_000,
      guest_paid_paise: 630_000,
      fee_paise: 30_000,
      fee_gst_paise: 5_400,
      tcs_paise: 0, // not GST-registered: nothing to collect under section 52
      tds_paise: 0, // section 194-O(4)
      operator_stay_gst_paise: 30_000,
      host_payable_paise: 564_600, // ₹6,300 less the stay's GST, the fee and its GST
    });
    expect(accountedFor(s)).toBe(s.guest_paid_paise);
    // A refund settles it the same way: half of everything, still nothing withheld.
    expect(settleStay(low, { ...individual, tdsExempt: true }, day, 50)).toMatchObject({ stay_paise: 300_000, tcs_paise: 0, tds_paise: 0, host_payable_paise: 282_300 });
  });

  it('counts this stay in the year: at ₹5,00,000 exactly still none; the stay that takes the year past it is withheld on in full', () => {
    // ₹4,94,000 earlier in the year + this ₹6,000 = ₹5,00,000: not more than the threshold.
    expect(smallSellerTdsExempt(individual.pan, 49_400_000 + 600_000, day)).toBe(true);
    // ₹4,95,000 earlier + ₹6,000 = ₹5,01,000: TDS at 0.1% on the whole ₹6,000, ₹6.
    expect(smallSellerTdsExempt(individual.pan, 49_500_000 + 600_000, day)).toBe(false);
    const crossing = settleStay(low, { ...individual, tdsExempt: false }, day);
    expect(crossing).toMatchObject({ tcs_paise: 0, tds_paise: 600, host_payable_paise: 564_000 });
    expect(accountedFor(crossing)).toBe(crossing.guest_paid_paise);
  });

  it('spares only an individual or a HUF who has given a PAN', () => {
    expect(smallSellerTdsExempt('ABCHK1234Q', 600_000, day)).toBe(true); // a HUF
    expect(smallSellerTdsExempt('AAACC1206D', 600_000, day)).toBe(false); // a company
    expect(smallSellerTdsExempt('AAPFU0939F', 600_000, day)).toBe(false); // a firm
    expect(smallSellerTdsExempt(null, 600_000, day)).toBe(false); // no PAN: 5% (section 206AA)
    expect(() => smallSellerTdsExempt(individual.pan, 600_000, '2020-09-30')).toThrow(RangeError); // before section 194-O
  });

  it('sums the year from 1 April to 31 March', () => {
    expect(financialYearDays('2027-03-31')).toEqual({ from: '2026-04-01', until: '2027-04-01' });
    expect(financialYearDays('2026-04-01')).toEqual({ from: '2026-04-01', until: '2027-04-01' });
    expect(financialYearDays('2026-03-31')).toEqual({ from: '2025-04-01', until: '2026-04-01' });
  });
});

describe('rates', () => {
  it('keeps the GST slabs on stays dated, read for the first night', () => {
    expect(stayGstBps(7500, '2025-09-21')).toBe(1200);
    expect(stayGstBps(7500, '2025-09-22')).toBe(500);
    expect(stayGstBps(7501, '2025-09-22')).toBe(1800);
  });
  it('writes a rate as a text says it', () => {
    expect([1800, 500, 50, 10].map(percentText)).toEqual(['18%', '5%', '0.5%', '0.1%']);
  });
  it('reads the rate in force on a day, and refuses a day before any', () => {
    expect(rateOn(TAX_RATES.tdsSection194O, '2026-01-01')).toBe(10);
    expect(() => rateOn(TAX_RATES.tdsSection194O, '2019-01-01')).toThrow(RangeError);
  });
  it('rounds basis points of paise half up', () => {
    expect(bpsOf(5, 1_000)).toBe(1); // 0.5 paise
    expect(bpsOf(4, 1_000)).toBe(0); // 0.4 paise
  });
});

describe('splitGst', () => {
  it('halves the GST into CGST and SGST when the supplier is in the home\'s state, the odd paisa to SGST', () => {
    expect(splitGst(30_001, 'Gujarat', null)).toEqual({ cgst_paise: 15_000, sgst_paise: 15_001, igst_paise: 0 });
    expect(splitGst(30_000, ' gujarat ', '24AAACC1206D1ZM')).toEqual({ cgst_paise: 15_000, sgst_paise: 15_000, igst_paise: 0 });
  });
  it('charges IGST across states: a host registered elsewhere, or a home outside the operator\'s state', () => {
    expect(splitGst(30_000, 'Gujarat', '27AAPFU0939F1ZV')).toEqual({ cgst_paise: 0, sgst_paise: 0, igst_paise: 30_000 });
    expect(splitGst(30_000, 'Rajasthan', null)).toEqual({ cgst_paise: 0, sgst_paise: 0, igst_paise: 30_000 });
  });
});

describe('financialYear', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2099-12-31')).toBe('2099-00');
  });
});
