import { groupIndian } from '../number-grouping';

// Rupees are whole numbers everywhere, grouped the Indian way: 1,00,000 rather than 100,000.
// Grouped here rather than by Intl.NumberFormat('en-IN'): building that formatter (its locale and
// currency data) cost a phone about 60 ms of main thread, under Lighthouse's 4x slowdown, while a
// page of prices started. The tests hold the two equal.

/** ₹1,00,000 — rupees, Indian digit grouping, no decimals. */
export function formatInr(amount: number): string {
  const rupees = Math.round(amount);
  return `${rupees < 0 ? '-' : ''}₹${groupIndian(Math.abs(rupees))}`;
}

/** Paise in a rupee: the payment provider counts in paise (₹1 = 100 paise). */
export const PAISE_PER_RUPEE = 100;

/** Whole rupees as paise; refuses anything that is not a safe whole number of rupees. */
export function toPaise(rupees: number): number {
  if (!Number.isSafeInteger(rupees)) throw new RangeError(`rupees must be a whole number, got ${rupees}`);
  const paise = rupees * PAISE_PER_RUPEE;
  if (!Number.isSafeInteger(paise)) throw new RangeError(`too many rupees: ${rupees}`);
  return paise;
}

/**
 * Paise that are whole rupees, as rupees: the API's rupee fields (SPEC.md's `total_inr` …) of a
 * booking's figures, which are whole rupees by construction (pricing.ts). Refuses paise that are
 * not, rather than round money the API would then state wrongly.
 */
export function rupeesOf(paise: number): number {
  if (!Number.isSafeInteger(paise) || paise % PAISE_PER_RUPEE !== 0) throw new RangeError(`not whole rupees: ${paise} paise`);
  return paise / PAISE_PER_RUPEE;
}

/** Basis points in a percent: rates are kept in basis points (1% = 100 bps), whole numbers. */
export const BPS_PER_PERCENT = 100;

/**
 * `bps` basis points of a whole amount, rounded half up to the amount's own unit, in integer
 * arithmetic: the one rounding of money. Paise give paise; rupees give rupees (a stay's GST and fee
 * are rounded to whole rupees, pricing.ts).
 */
export function bpsOf(amount: number, bps: number): number {
  return Math.floor((amount * bps + 5_000) / 10_000);
}

/** ₹1,234.50 — paise as rupees; the paise are shown only when there are any. */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`paise must be a whole number, got ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rest = abs % PAISE_PER_RUPEE;
  const whole = formatInr((abs - rest) / PAISE_PER_RUPEE);
  return `${sign}${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
