import { describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES, payoutAccountSchema, ROUTE_LIMITS, routeWords } from './payout';

describe('the name on a payout account', () => {
  // The form's texts are written out whole, so that a catalogue can hold them: they must say
  // Route's limits as routeWords would.
  it("says Route's limits in its own words", () => {
    expect({ short: PAYOUT_MESSAGES.holderShort, long: PAYOUT_MESSAGES.holderLong, letters: PAYOUT_MESSAGES.holderLetters }).toEqual({
      ...routeWords('name on the account', ROUTE_LIMITS.beneficiaryName, PAYOUT_MESSAGES.holder),
      required: undefined,
    });
  });

  it.each([
    ['', PAYOUT_MESSAGES.holder],
    ['Ram', PAYOUT_MESSAGES.holderShort],
    ['R'.repeat(ROUTE_LIMITS.beneficiaryName.max + 1), PAYOUT_MESSAGES.holderLong],
    ['1234 5678', PAYOUT_MESSAGES.holderLetters],
  ])('refuses %j with its message', (name, message) => {
    const result = payoutAccountSchema.safeParse({ kind: 'upi', holder_name: name, phone: '9876543210', upi_id: 'ram@okhdfcbank' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([message]);
  });
});
