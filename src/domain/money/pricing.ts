import { type IsoDate, todayInIndia } from '../dates';
import { toPaise } from './units';
import { PRICING } from './pricing-config';
import { stayGstBps } from './tax-rates';

export type BookingCost = {
  nights: number;
  nightly_price_inr: number;
  subtotal_inr: number;
  taxes_inr: number;
  platform_fee_inr: number;
  /** What the guest pays. */
  total_inr: number;
  /** What the host receives. */
  host_payout_inr: number;
};

/** `percent`% of a whole-rupee amount, rounded to whole rupees half up, in integer arithmetic. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/**
 * The GST slab of a stay at `nightlyPriceInr` a night, in percent: the rate in force on its first
 * night `firstNight` (tax-rates.ts GST_ON_STAYS); today in India when not given.
 */
export function gstPercentFor(nightlyPriceInr: number, firstNight: IsoDate = todayInIndia()): number {
  return stayGstBps(nightlyPriceInr, firstNight) / 100;
}

/**
 * The booking cost: the only price computation in the product. Callers check the night count and
 * price against the product limits before; this function only refuses what is not a price. The
 * GST is the slab in force on the stay's first night (today in India when not given): a stay's
 * own date, so its quote, its request and its invoice all read the same slab.
 */
export function calculateBookingCost(nightlyPriceInr: number, nights: number, firstNight: IsoDate = todayInIndia()): BookingCost {
  if (!Number.isInteger(nightlyPriceInr) || nightlyPriceInr <= 0) {
    throw new RangeError(`nightly price must be a positive whole number, got ${nightlyPriceInr}`);
  }
  if (!Number.isInteger(nights) || nights < PRICING.minNights || nights > PRICING.maxNights) {
    throw new RangeError(`nights must be ${PRICING.minNights} to ${PRICING.maxNights}, got ${nights}`);
  }
  const subtotal = nights * nightlyPriceInr;
  const taxes = percentOf(subtotal, gstPercentFor(nightlyPriceInr, firstNight));
  const fee = percentOf(subtotal, PRICING.platformFeePercent);
  return {
    nights,
    nightly_price_inr: nightlyPriceInr,
    subtotal_inr: subtotal,
    taxes_inr: taxes,
    platform_fee_inr: fee,
    total_inr: subtotal + taxes,
    host_payout_inr: subtotal - fee,
  };
}

/** `percent`% of a whole-paise amount, rounded to whole paise half up. */
export function percentOfPaise(paise: number, percent: number): number {
  return Math.floor((paise * percent + 50) / 100);
}

/**
 * What a refund of `percent`% of a paid stay gives back, in paise: that share of the stay and the
 * same share of its GST (the GST follows the refund; PRODUCT.md section 7). 100% is the whole
 * payment to the paisa, 0% nothing.
 */
export function refundPaise(cost: Pick<BookingCost, 'subtotal_inr' | 'taxes_inr'>, percent: number): number {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`percent must be 0 to 100, got ${percent}`);
  return percentOfPaise(toPaise(cost.subtotal_inr), percent) + percentOfPaise(toPaise(cost.taxes_inr), percent);
}
