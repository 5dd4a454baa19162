import { type IsoDate, todayInIndia } from '../dates';
import { PRICING } from './pricing-config';
import { BPS_PER_PERCENT, bpsOf, rupeesOf, toPaise } from './units';
import { stayGstBps } from './tax-rates';

/**
 * A stay's price, in paise (decision 043, "One unit"), but for the nightly price, the host's
 * whole-rupee asking price it was computed from. Every figure is whole rupees by construction.
 */
export type BookingCost = {
  nights: number;
  nightly_price_inr: number;
  subtotal_paise: number;
  taxes_paise: number;
  platform_fee_paise: number;
  /** What the guest pays. */
  total_paise: number;
  /** What the host receives. */
  host_payout_paise: number;
};

/**
 * The GST slab of a stay at `nightlyPriceInr` a night, in percent: the rate in force on its first
 * night `firstNight` (tax-rates.ts GST_ON_STAYS); today in India when not given.
 */
export function gstPercentFor(nightlyPriceInr: number, firstNight: IsoDate = todayInIndia()): number {
  return stayGstBps(nightlyPriceInr, firstNight) / BPS_PER_PERCENT;
}

/**
 * The GST slab a booking was priced at, for its invoice: the same rule on the same inputs. A
 * booking keeps its subtotal and nights, not its nightly price; the subtotal is nights × the
 * nightly price (calculateBookingCost), so the division is exact. Not derived from the GST over
 * the value: that was rounded to rupees.
 */
export const bookingGstPercent = (b: { price_subtotal_paise: number; nights: number; start_date: IsoDate }): number =>
  gstPercentFor(rupeesOf(b.price_subtotal_paise / b.nights), b.start_date);

/**
 * The booking cost: the only price computation in the product. Callers check the night count and
 * price against the product limits before; this function only refuses what is not a price. The
 * GST is the slab in force on the stay's first night (today in India when not given): a stay's
 * own date, so its quote, its request and its invoice all read the same slab. The GST and the fee
 * are rounded to whole rupees (PRODUCT.md: "rounded to whole rupees, half up"), on the rupee
 * amount, then counted in paise: the prices guests have always been shown.
 */
export function calculateBookingCost(nightlyPriceInr: number, nights: number, firstNight: IsoDate = todayInIndia()): BookingCost {
  if (!Number.isInteger(nightlyPriceInr) || nightlyPriceInr <= 0) {
    throw new RangeError(`nightly price must be a positive whole number, got ${nightlyPriceInr}`);
  }
  if (!Number.isInteger(nights) || nights < PRICING.minNights || nights > PRICING.maxNights) {
    throw new RangeError(`nights must be ${PRICING.minNights} to ${PRICING.maxNights}, got ${nights}`);
  }
  const subtotalInr = nights * nightlyPriceInr;
  const subtotal = toPaise(subtotalInr);
  const taxes = toPaise(bpsOf(subtotalInr, stayGstBps(nightlyPriceInr, firstNight)));
  const fee = toPaise(bpsOf(subtotalInr, PRICING.platformFeePercent * BPS_PER_PERCENT));
  return {
    nights,
    nightly_price_inr: nightlyPriceInr,
    subtotal_paise: subtotal,
    taxes_paise: taxes,
    platform_fee_paise: fee,
    total_paise: subtotal + taxes,
    host_payout_paise: subtotal - fee,
  };
}
