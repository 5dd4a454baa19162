// The rates of PRODUCT.md section 2, in one place. Percentages are whole numbers so that the
// arithmetic stays in integers.
export const PRICING = {
  /** GST on accommodation (India, from 22 Sep 2025): 5% up to this nightly price, 18% above. */
  gstThresholdInr: 7500,
  gstLowPercent: 5,
  gstHighPercent: 18,
  /** The host service fee: deducted from the host's payout, not added to the guest's total. */
  platformFeePercent: 5,
  minNights: 1,
  maxNights: 30,
} as const;
