import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInr } from './money';

describe('formatInr', () => {
  it.each([
    [0, '₹0'],
    [500, '₹500'],
    [7500, '₹7,500'],
    [100000, '₹1,00,000'],
    [12345678, '₹1,23,45,678'],
    [999.6, '₹1,000'],
    [-2500, '-₹2,500'],
    [-0.4, '₹0'],
  ])('%d is %s', (amount, text) => {
    expect(formatInr(amount)).toBe(text);
  });

  it("writes every amount as Intl's en-IN rupees do", () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    const amounts = fc.oneof(
      fc.integer({ min: -1e15, max: 1e15 }),
      // Not -0, which Intl writes as "-₹0" and formatInr, rightly, as ₹0.
      fc.double({ min: -1e9, max: 1e9, noNaN: true }).filter((n) => !Object.is(Math.round(n), -0)),
    );
    fc.assert(
      fc.property(amounts, (amount) => {
        expect(formatInr(amount)).toBe(intl.format(Math.round(amount)));
      }),
      { numRuns: 5000 },
    );
  });
});
