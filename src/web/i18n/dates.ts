import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Locale } from '@/domain/locales';
import { format } from '@/domain/dates-in-language';

export { format, formatDayMonth, formatStayRange, noonOf } from '@/domain/dates-in-language';

// The calendar's and the stays' words in Gujarati and Hindi; the dates themselves are the
// domain's (domain/dates-in-language.ts), which the server's notices and e-mails share.

type Translated = Exclude<Locale, 'en'>;

/** A date the calendar made (local midnight) as the same calendar date at noon UTC. */
const noonOfLocal = (date: Date) => new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), 12));

/** The calendar's words in `locale`: its month captions, weekdays and day buttons' names. */
export function calendarFormats(locale: Translated) {
  return {
    /** "ડિસેમ્બર 2026". */
    monthYear: (month: Date) => format(locale, 'month year', { month: 'long', year: 'numeric' }).format(noonOfLocal(month)),
    /** "સોમ", the column's head. */
    weekdayShort: (day: Date) => format(locale, 'weekday short', { weekday: 'short' }).format(noonOfLocal(day)),
    /** "સોમવાર", its name for a screen reader. */
    weekdayLong: (day: Date) => format(locale, 'weekday long', { weekday: 'long' }).format(noonOfLocal(day)),
    /** "સોમવાર, 14 ડિસેમ્બર, 2026", a day button's name. */
    fullDate: (day: Date) => format(locale, 'full date', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(noonOfLocal(day)),
  };
}

/** "3 nights": "3 રાત", "3 रातें" (CLDR plurals, in which Gujarati and Hindi count 0 as 1). */
export const formatNights = (nights: number, i18n: I18n) => i18n._(msg`${plural(nights, { one: '# night', other: '# nights' })}`);
