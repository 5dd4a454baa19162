import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDayLabel, formatRecent, formatTimeInIndia } from './conversation-dates';
import {
  addDays,
  daysBetween,
  formatDateRange,
  formatMonthYear,
  fromLocalDate,
  isIsoDate,
  timeInIndia,
  todayInIndia,
  toLocalDate,
} from './dates';

describe('calendar dates', () => {
  it('accepts only real yyyy-MM-dd dates', () => {
    expect(isIsoDate('2026-03-10')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2999-12-31')).toBe(true);
    // Beyond the dates the app can count with (a later day may need a fifth year digit).
    for (const bad of ['2026-02-29', '2026-13-01', '2026-3-10', '10-03-2026', '2026-03-10T00:00:00Z', '', '3000-01-01', '9999-12-31', '0999-12-31']) {
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

  it("gives the date Intl gives for Asia/Kolkata, at any instant from 1950 to 2100", () => {
    const india = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
    const instants = fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(fc.property(instants, (now) => todayInIndia(now) === india.format(now)), { numRuns: 5000 });
    // Either side of midnight in India (18:30 UTC).
    expect(todayInIndia(new Date('2026-12-31T18:29:59.999Z'))).toBe('2026-12-31');
    expect(todayInIndia(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01');
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

describe('message times (India)', () => {
  const now = new Date('2026-11-22T10:15:00Z'); // 15:45 in India

  it('formats a time of day in India, whatever the machine zone', () => {
    expect(formatTimeInIndia('2026-11-22T10:15:00Z')).toBe('3:45 pm');
    expect(formatTimeInIndia('2026-11-21T20:00:00Z')).toBe('1:30 am'); // already the 22nd in India
  });

  it('labels days as Today, Yesterday or the full date, on India days', () => {
    expect(formatDayLabel('2026-11-21T19:00:00Z', now)).toBe('Today'); // 00:30 on the 22nd in India
    expect(formatDayLabel('2026-11-21T18:00:00Z', now)).toBe('Yesterday'); // 23:30 on the 21st
    expect(formatDayLabel('2026-11-19T10:00:00Z', now)).toBe('Thursday, 19 November');
  });

  it('stamps a conversation with a time today, Yesterday, or a short date', () => {
    expect(formatRecent('2026-11-22T04:00:00Z', now)).toBe('9:30 am');
    expect(formatRecent('2026-11-21T10:00:00Z', now)).toBe('Yesterday');
    expect(formatRecent('2026-11-02T10:00:00Z', now)).toBe('2 Nov');
  });

  it("tells India's time of day, 24-hour, across midnight UTC", () => {
    expect(timeInIndia(new Date('2026-11-21T14:35:00Z'))).toBe('20:05');
    expect(timeInIndia(new Date('2026-11-21T18:30:00Z'))).toBe('00:00');
    expect(timeInIndia(new Date('2026-11-21T03:29:59Z'))).toBe('08:59');
  });
});
