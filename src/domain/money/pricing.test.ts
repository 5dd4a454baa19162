import { describe, expect, it } from 'vitest';
import { bookingGstPercent, calculateBookingCost, gstPercentFor } from './pricing';
import { refundPaise, settleStay } from './settlement';
import { bpsOf } from './units';

describe('calculateBookingCost', () => {
  it('charges 5% GST up to ₹7,500 a night and takes a 5% host fee', () => {
    expect(calculateBookingCost(7500, 1)).toEqual({
      nights: 1,
      nightly_price_inr: 7500,
      subtotal_paise: 750_000,
      taxes_paise: 37_500,
      platform_fee_paise: 37_500,
      total_paise: 787_500,
      host_payout_paise: 712_500,
    });
  });

  it('charges 18% GST above ₹7,500 a night', () => {
    const cost = calculateBookingCost(7501, 1);
    expect(cost.taxes_paise).toBe(135_000); // ₹1350.18, rounded to whole rupees
    expect(cost.total_paise).toBe(885_100);
    expect(cost.platform_fee_paise).toBe(37_500); // ₹375.05
    expect(cost.host_payout_paise).toBe(712_600);
  });

  it('prices 30 nights, the longest stay', () => {
    const cost = calculateBookingCost(2450, 30);
    expect(cost.subtotal_paise).toBe(7_350_000);
    expect(cost.taxes_paise).toBe(367_500);
    expect(cost.total_paise).toBe(7_717_500);
    expect(cost.host_payout_paise).toBe(6_982_500);
  });

  it('rounds half rupees up', () => {
    expect(bpsOf(10, 500)).toBe(1); // 0.5
    expect(bpsOf(30, 500)).toBe(2); // 1.5
    expect(bpsOf(29, 500)).toBe(1); // 1.45
    expect(calculateBookingCost(510, 1).taxes_paise).toBe(2_600); // ₹25.5
    expect(calculateBookingCost(530, 1).platform_fee_paise).toBe(2_700); // ₹26.5
  });

  it('has no floating-point drift', () => {
    // 4350 × 5% is 217.50000000000003 in floating point.
    expect(calculateBookingCost(4350, 1).taxes_paise).toBe(21_800);
  });

  it('takes the GST slab in force on the stay\'s first night: 12% up to ₹7,500 before 22 Sep 2025', () => {
    expect(calculateBookingCost(2000, 3, '2025-09-21').taxes_paise).toBe(72_000);
    expect(calculateBookingCost(2000, 3, '2025-09-22').taxes_paise).toBe(30_000);
    expect(calculateBookingCost(7501, 1, '2025-09-21').taxes_paise).toBe(135_000);
    expect(gstPercentFor(7500, '2025-09-21')).toBe(12);
    expect(gstPercentFor(7500, '2025-09-22')).toBe(5);
    expect(gstPercentFor(7501, '2026-12-01')).toBe(18);
    // No slab is known for a stay before 18 Jul 2022: refused rather than guessed.
    expect(() => calculateBookingCost(2000, 3, '2022-07-17')).toThrow(RangeError);
  });

  it('refuses what is not a stay', () => {
    expect(() => calculateBookingCost(1000, 0)).toThrow(RangeError);
    expect(() => calculateBookingCost(1000, 31)).toThrow(RangeError);
    expect(() => calculateBookingCost(1000, 1.5)).toThrow(RangeError);
    expect(() => calculateBookingCost(0, 2)).toThrow(RangeError);
    expect(() => calculateBookingCost(99.5, 2)).toThrow(RangeError);
  });
});

describe('refunds', () => {
  // ₹2,500 a night for 5 nights: subtotal ₹12,500, GST 5% ₹625, total ₹13,125.
  const cost = calculateBookingCost(2500, 5);

  it('give back the whole payment at 100%, to the paisa', () => {
    expect(refundPaise(cost, 100)).toBe(cost.total_paise);
  });

  it('give back nothing at 0%', () => {
    expect(refundPaise(cost, 0)).toBe(0);
  });

  it('give back half the stay and half its GST at 50%', () => {
    expect(refundPaise(cost, 50)).toBe(625000 + 31250);
  });

  it('round each part half up to whole paise', () => {
    // Subtotal ₹7,501 at 18%: GST ₹1,350 (1350.18 rounded); half of each is 375050 + 67500 paise.
    const odd = calculateBookingCost(7501, 1);
    expect(odd.taxes_paise).toBe(135_000);
    expect(refundPaise(odd, 50)).toBe(375050 + 67500);
    // ₹1 stay: half of 100 paise is 50, half of GST ₹0 (5% of ₹1 rounds to 0) is 0.
    expect(refundPaise(calculateBookingCost(1, 1), 50)).toBe(50);
  });

  it('refuse a share that is not a whole percentage from 0 to 100', () => {
    expect(() => refundPaise(cost, 101)).toThrow(RangeError);
    expect(() => refundPaise(cost, -1)).toThrow(RangeError);
    expect(() => refundPaise(cost, 12.5)).toThrow(RangeError);
  });
});

describe('the refund and the settlement', () => {
  it('are one computation: a refund gives back what the guest paid less what the settlement after it keeps', () => {
    const host = { gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' };
    for (const [nightly, nights] of [[2500, 5], [7501, 1], [1, 1], [4350, 3], [999, 7]] as const) {
      const cost = calculateBookingCost(nightly, nights, '2026-01-10');
      const paid = settleStay(cost, host, '2026-01-02');
      for (const percent of [0, 1, 33, 50, 99, 100]) {
        expect(paid.guest_paid_paise - settleStay(cost, host, '2026-01-02', percent).guest_paid_paise).toBe(refundPaise(cost, percent));
      }
    }
  });
});

describe('bookingGstPercent', () => {
  it('reads the slab the booking was priced at from its subtotal and nights, on its first night', () => {
    const cost = calculateBookingCost(7500, 3, '2025-09-21');
    expect(bookingGstPercent({ price_subtotal_paise: cost.subtotal_paise, nights: 3, start_date: '2025-09-21' })).toBe(12);
    expect(bookingGstPercent({ price_subtotal_paise: cost.subtotal_paise, nights: 3, start_date: '2025-09-22' })).toBe(5);
    expect(bookingGstPercent({ price_subtotal_paise: 7501 * 2 * 100, nights: 2, start_date: '2026-01-10' })).toBe(18);
  });
});
