import type { I18n } from '@lingui/core';
import { formatCalendarMonth, formatDocumentDate, formatInstantInIndia, formatMonthYear as formatMonthYearInEnglish, type IsoDate } from '@/domain/dates';
import { format, formatInstantIn, INDIA_CLOCK, noonOf } from '@/domain/dates-in-language';
import { localeOf } from './i18n';

// A record's dates and times in the page's language (a vaccination's, a call's, a slot's day): a
// module of their own, so that the first views that show stays' dates (search, bookings) do not
// carry them.

export { INDIA_CLOCK };

/** "27 Nov, 9:00 am" in English (domain/dates.ts): an instant as India's clock shows it. */
export const formatInstant = (instant: Date | string, i18n: I18n): string => formatInstantIn(instant, localeOf(i18n));

/** "9:00 am": India's time of day at `instant`. */
export function formatTimeInIndia(instant: Date | string, i18n: I18n): string {
  const locale = localeOf(i18n);
  return locale === 'en' ? formatInstantInIndia(instant).split(', ')[1]! : format(locale, 'time in India', INDIA_CLOCK).format(new Date(instant));
}

/** "Fri, 27 Nov": a day with its weekday. */
export const formatWeekdayDate = (date: IsoDate, i18n: I18n) => format(localeOf(i18n), 'weekday date', { weekday: 'short', day: 'numeric', month: 'short' }).format(noonOf(date));

/** "26 Nov 2027" in English (domain/dates.ts), "26 નવે, 2027", "26 नव॰ 2027": a document's date. */
export function formatDate(date: IsoDate, i18n: I18n): string {
  const locale = localeOf(i18n);
  return locale === 'en' ? formatDocumentDate(date) : format(locale, 'date', { day: 'numeric', month: 'short', year: 'numeric' }).format(noonOf(date));
}

/** "March 2025", "માર્ચ 2025": the month of an instant in India, as "Joined …" says it. */
export function formatMonthYear(instant: Date | string, i18n: I18n): string {
  const locale = localeOf(i18n);
  return locale === 'en' ? formatMonthYearInEnglish(instant) : format(locale, 'month year in India', { timeZone: 'Asia/Kolkata', month: 'long', year: 'numeric' }).format(new Date(instant));
}

/** "March 2025", "માર્ચ 2025": a calendar month ("2025-03"), a statement's. */
export function formatMonthIn(month: string, i18n: I18n): string {
  const locale = localeOf(i18n);
  return locale === 'en' ? formatCalendarMonth(month) : format(locale, 'month year', { month: 'long', year: 'numeric' }).format(noonOf(`${month}-01` as IsoDate));
}
