// Rupees are whole numbers everywhere; en-IN grouping gives 1,00,000 rather than 100,000.
const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** ₹1,00,000 — rupees, Indian digit grouping, no decimals. */
export function formatInr(amount: number): string {
  return inr.format(Math.round(amount));
}
