import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { formatAge } from './pet-words';
import { formatDate, formatInstant, formatMonthIn, formatTimeInIndia, formatWeekdayDate } from './times';

// A record's dates and times, and a pet's age, in each language: English as SPEC.md's screens
// write them, Gujarati and Hindi through Intl and CLDR plurals.

const nineAmInIndia = '2026-11-27T03:30:00.000Z';

describe("a record's dates and times", () => {
  it('keeps English as it was, and says the part of the day in Gujarati and Hindi, not a Latin AM', async () => {
    const [en, gu, hi] = await Promise.all([createI18n('en'), createI18n('gu'), createI18n('hi')]);
    expect(formatDate('2027-11-26', en)).toBe('26 Nov 2027');
    expect(formatDate('2027-11-26', gu)).toBe('26 નવે, 2027');
    expect(formatInstant(nineAmInIndia, en)).toBe('27 Nov, 9:00 am');
    expect(formatInstant(nineAmInIndia, gu)).toBe('27 નવે 9:00 સવારે');
    expect(formatTimeInIndia(nineAmInIndia, hi)).toBe('सुबह 9:00');
    expect(formatTimeInIndia('2026-11-27T14:30:00.000Z', gu)).toBe('8:00 રાત્રે');
    expect(formatWeekdayDate('2026-11-27', hi)).toBe('शुक्र, 27 नव॰');
    for (const text of [formatInstant(nineAmInIndia, gu), formatInstant(nineAmInIndia, hi)]) expect(text).not.toMatch(/[A-Za-z]/);
    expect([en, gu, hi].map((i18n) => formatMonthIn('2026-03', i18n))).toEqual(['March 2026', 'માર્ચ 2026', 'मार्च 2026']);
  });
});

describe("a pet's age", () => {
  it('counts 0, 1 and 2 by each language\'s plural rules', async () => {
    const [en, hi] = await Promise.all([createI18n('en'), createI18n('hi')]);
    expect(formatAge('2026-11-26', '2026-11-30', en)).toBe('Under a week');
    expect(formatAge('2026-11-16', '2026-11-30', en)).toBe('2 weeks');
    expect(formatAge('2025-10-01', '2026-11-01', en)).toBe('1 year');
    expect(['2026-11-23', '2026-11-16'].map((born) => formatAge(born, '2026-11-30', hi))).toEqual(['1 हफ़्ता', '2 हफ़्ते']);
    expect(formatAge('2026-09-30', '2026-11-30', hi)).toBe('2 महीने');
  });
});
