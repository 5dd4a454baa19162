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
  ])('%d is %s', (amount, text) => {
    expect(formatInr(amount)).toBe(text);
  });
});
