// Numbers grouped the Indian way, as Intl's en-IN, gu-IN and hi-IN write them (Latin digits):
// for rupees (money/units.ts) and for the counts in the app's messages (web/i18n/light-number-format.ts).

/** 1,23,45,678 — a whole number of 0 or more grouped the Indian way, in Latin digits. */
export function groupIndian(whole: number): string {
  const digits = String(whole);
  // The last three digits, then pairs: 12345678 is 1,23,45,678.
  return digits.length > 3 ? `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
}
