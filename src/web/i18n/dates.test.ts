import { describe, expect, it } from 'vitest';
import { describeRange } from '@/web/lib/date-range';
import { calendarFormats, formatNights, formatStayRange } from './dates';
import { createI18n } from './i18n';

describe('a stay\'s dates in Gujarati and Hindi', () => {
  it('names the month once for a stay within it', () => {
    expect(formatStayRange('2026-03-14', '2026-03-17', 'gu')).toBe('14–17 માર્ચ');
    expect(formatStayRange('2026-03-14', '2026-03-17', 'hi')).toBe('14–17 मार्च');
  });

  it('names both months for a stay across a month\'s end, and across a year\'s', () => {
    expect(formatStayRange('2026-10-30', '2026-11-02', 'gu')).toBe('30 ઑક્ટોબર – 2 નવેમ્બર');
    expect(formatStayRange('2026-12-30', '2027-01-02', 'hi')).toBe('30 दिसंबर – 2 जनवरी');
    // The same month of the next year is another month.
    expect(formatStayRange('2026-03-14', '2027-03-02', 'gu')).toBe('14 માર્ચ – 2 માર્ચ');
  });

  it('names the calendar\'s days as the page\'s language does, the day the calendar meant', () => {
    // The calendar's days are local midnights: the day named is that one, whatever the time zone.
    const day = new Date(2026, 2, 14);
    const gu = calendarFormats('gu');
    expect(gu.monthYear(day)).toBe('માર્ચ 2026');
    expect(gu.weekdayShort(day)).toBe('શનિ');
    expect(gu.fullDate(day)).toBe('શનિવાર, 14 માર્ચ, 2026');
    expect(calendarFormats('hi').weekdayLong(day)).toBe('शनिवार');
  });
});

describe('describeRange', () => {
  it('keeps SPEC.md\'s English', async () => {
    const en = await createI18n('en');
    expect(describeRange({ from: '2026-03-10', to: '2026-03-13' }, en)).toBe('Mar 10 - Mar 13');
    expect(describeRange({ from: '2026-03-10' }, en)).toBe('Mar 10 - Check-out');
    expect(describeRange({}, en)).toBeUndefined();
  });

  it('writes the range, or its start while the end is to pick, in the page\'s language', async () => {
    const gu = await createI18n('gu');
    const hi = await createI18n('hi');
    expect(describeRange({ from: '2026-03-10', to: '2026-03-13' }, gu)).toBe('10–13 માર્ચ');
    expect(describeRange({ from: '2026-03-10' }, gu)).toBe('10 માર્ચ - ચેક-આઉટ');
    expect(describeRange({ from: '2026-03-10' }, hi)).toBe('10 मार्च - चेक-आउट');
  });
});

describe('a count of nights', () => {
  // CLDR: in Gujarati and Hindi 0 takes the singular form, as 1 does; English says "0 nights".
  it.each([
    ['en', ['0 nights', '1 night', '2 nights']],
    ['gu', ['0 રાત', '1 રાત', '2 રાત']],
    ['hi', ['0 रात', '1 रात', '2 रातें']],
  ] as const)('in %s', async (locale, expected) => {
    const i18n = await createI18n(locale);
    expect([0, 1, 2].map((n) => formatNights(n, i18n))).toEqual(expected);
  });
});
