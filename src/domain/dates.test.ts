import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatDateRange,
  formatMonthYear,
  fromLocalDate,
  isIsoDate,
  todayInIndia,
  toLocalDate,
} from './dates';

describe('calendar dates', () => {
  it('accepts only real yyyy-MM-dd dates', () => {
    expect(isIsoDate('2026-03-10')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-3-10', '10-03-2026', '2026-03-10T00:00:00Z', '']) {
      expect(isIsoDate(bad)).toBe(false);
    }
  });

  it('counts nights across month, year and DST-free boundaries', () => {
    expect(daysBetween('2026-03-10', '2026-03-13')).toBe(3);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-13', '2026-03-10')).toBe(-3);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("takes today's date in India, not in UTC", () => {
    // 20:00 UTC on 9 March is 01:30 on 10 March in India.
    expect(todayInIndia(new Date('2026-03-09T20:00:00Z'))).toBe('2026-03-10');
    expect(todayInIndia(new Date('2026-03-09T18:29:00Z'))).toBe('2026-03-09');
  });

  it('round-trips a picked local date without shifting it', () => {
    const picked = toLocalDate('2026-03-10');
    expect(picked.getDate()).toBe(10);
    expect(fromLocalDate(picked)).toBe('2026-03-10');
  });

  it('formats a stay as "MMM dd - MMM dd"', () => {
    expect(formatDateRange('2026-03-10', '2026-03-13')).toBe('Mar 10 - Mar 13');
    expect(formatDateRange('2026-12-30', '2027-01-02')).toBe('Dec 30 - Jan 02');
  });

  it('formats a join date as Month YYYY in India', () => {
    expect(formatMonthYear('2025-03-31T20:00:00Z')).toBe('April 2025');
  });
});
