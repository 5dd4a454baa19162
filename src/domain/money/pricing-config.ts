// The pricing rules of PRODUCT.md section 2, in one place. Percentages are whole numbers so that
// the arithmetic stays in integers. The GST on a stay is a tax rate, dated: tax-rates.ts.
export const PRICING = {
  /** The host service fee: deducted from the host's payout, not added to the guest's total. */
  platformFeePercent: 5,
  minNights: 1,
  maxNights: 30,
} as const;

/** The host service fee as the texts state it ("5%"): read here, so a text cannot say another. */
export const PLATFORM_FEE_TEXT = `${PRICING.platformFeePercent}%`;
