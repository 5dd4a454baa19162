import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { INTL_LOCALES, type Locale } from '@/domain/locales';
import type { IsoDate } from '@/domain/dates';

// Dates in Gujarati and Hindi, as the page's language writes them ("14 માર્ચ", "14 मार्च";
// docs/glossary.md, Formats). English keeps SPEC.md's own forms (domain/dates.ts), which its
// screens and tests name word for word. Month and weekday names come from Intl, whose CLDR names
// the server (Node's ICU) and the browser share, so a server-rendered date hydrates unchanged.

type Translated = Exclude<Locale, 'en'>;

const made = new Map<string, Intl.DateTimeFormat>();
/** One formatter per language and form, made when first asked for (UTC unless the form names a zone). */
export function format(locale: Locale, form: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${form}`;
  let formatter = made.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone: 'UTC', ...options });
    made.set(key, formatter);
  }
  return formatter;
}

/** A calendar date as the instant Intl formats, at noon UTC (no time zone moves it a day). */
export const noonOf = (date: IsoDate) => new Date(`${date}T12:00:00Z`);
/** A date the calendar made (local midnight) as the same calendar date at noon UTC. */
const noonOfLocal = (date: Date) => new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), 12));

/** "10 ડિસેમ્બર". */
export const formatDayMonth = (date: IsoDate, locale: Translated) => format(locale, 'day month', { day: 'numeric', month: 'long' }).format(noonOf(date));

/** "10–13 ડિસેમ્બર" within a month, else "28 નવેમ્બર – 2 ડિસેમ્બર". */
export function formatStayRange(from: IsoDate, to: IsoDate, locale: Translated): string {
  if (from.slice(0, 7) === to.slice(0, 7)) {
    return `${Number(from.slice(8))}–${formatDayMonth(to, locale)}`;
  }
  return `${formatDayMonth(from, locale)} – ${formatDayMonth(to, locale)}`;
}

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
