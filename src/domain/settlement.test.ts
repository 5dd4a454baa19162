import { describe, expect, it } from 'vitest';
import { calculateBookingCost } from './pricing';
import { financialYear, settleStay, splitGst } from './settlement';
import { bpsOfPaise, rateOn, TAX_RATES } from './tax-rates';

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
        const refunded = cost.total_inr * 100 - s.guest_paid_paise;
        expect(refunded).toBe(Math.floor((cost.subtotal_inr * 100 * percent + 50) / 100) + Math.floor((cost.taxes_inr * 100 * percent + 50) / 100));
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

describe('rates', () => {
  it('reads the rate in force on a day, and refuses a day before any', () => {
    expect(rateOn(TAX_RATES.tdsSection194O, '2026-01-01')).toBe(10);
    expect(() => rateOn(TAX_RATES.tdsSection194O, '2019-01-01')).toThrow(RangeError);
  });
  it('rounds basis points of paise half up', () => {
    expect(bpsOfPaise(5, 1_000)).toBe(1); // 0.5 paise
    expect(bpsOfPaise(4, 1_000)).toBe(0); // 0.4 paise
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
