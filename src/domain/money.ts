// Rupees are whole numbers everywhere, grouped the Indian way: 1,00,000 rather than 100,000.
// Grouped here rather than by Intl.NumberFormat('en-IN'): building that formatter (its locale and
// currency data) cost a phone about 60 ms of main thread, under Lighthouse's 4x slowdown, while a
// page of prices started. The tests hold the two equal.

/** ₹1,00,000 — rupees, Indian digit grouping, no decimals. */
export function formatInr(amount: number): string {
  const rupees = Math.round(amount);
  const digits = String(Math.abs(rupees));
  // The last three digits, then pairs: 12345678 is 1,23,45,678.
  const grouped = digits.length > 3 ? `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return `${rupees < 0 ? '-' : ''}₹${grouped}`;
}
