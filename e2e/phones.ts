let phones = 0;

/**
 * A mobile number (E.164) of this test's own: verifying a number takes it from any other account
 * that verified it, and the server counts the codes sent to each number.
 */
export function uniquePhone(): string {
  return `+919${String(process.pid % 1000).padStart(3, '0')}${String((Date.now() + ++phones) % 1_000_000).padStart(6, '0')}`;
}
