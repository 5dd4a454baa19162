import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInr, formatPaise, rupeesOf, toPaise } from './units';

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

describe('paise', () => {
  it('are a hundred to the rupee', () => {
    expect(toPaise(0)).toBe(0);
    expect(toPaise(1)).toBe(100);
    expect(toPaise(13125)).toBe(1312500);
  });

  it('are made only from whole rupees', () => {
    expect(() => toPaise(10.5)).toThrow(RangeError);
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it('are read back as rupees only when whole rupees, as a booking\'s figures are', () => {
    expect(rupeesOf(0)).toBe(0);
    expect(rupeesOf(1312500)).toBe(13125);
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (rupees) => rupeesOf(toPaise(rupees)) === rupees));
    expect(() => rupeesOf(656250)).toThrow(RangeError);
    expect(() => rupeesOf(1.5)).toThrow(RangeError);
  });

  it.each([
    [0, '₹0'],
    [100, '₹1'],
    [1312500, '₹13,125'],
    [656250, '₹6,562.50'],
    [5, '₹0.05'],
    [-12345, '-₹123.45'],
  ])('%d paise read %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });
});
