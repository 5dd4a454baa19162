import { formatDateRange, formatInstantInIndia, type IsoDate } from './dates';
import { INTL_LOCALES, type Locale } from './locales';

// Dates in the reader's language, for the screens and for what the server writes to a user (a
// notice, an e-mail): one place, so a push, an e-mail and the page it opens name a stay's dates the
// same way. English keeps SPEC.md's own forms (dates.ts), which its screens and tests name word
// for word; Gujarati and Hindi write dates as they are spoken ("14 માર્ચ", "14 मार्च";
// docs/glossary.md, Formats). Month and weekday names come from Intl, whose CLDR names the server
// (Node's ICU) and the browser share, so a server-rendered date hydrates unchanged.

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

/** "10 ડિસેમ્બર". */
export const formatDayMonth = (date: IsoDate, locale: Translated) => format(locale, 'day month', { day: 'numeric', month: 'long' }).format(noonOf(date));

/** "10–13 ડિસેમ્બર" within a month, else "28 નવેમ્બર – 2 ડિસેમ્બર". */
export function formatStayRange(from: IsoDate, to: IsoDate, locale: Translated): string {
  if (from.slice(0, 7) === to.slice(0, 7)) {
    return `${Number(from.slice(8))}–${formatDayMonth(to, locale)}`;
  }
  return `${formatDayMonth(from, locale)} – ${formatDayMonth(to, locale)}`;
}

/** A stay's dates: "Mar 10 - Mar 13" (SPEC.md), "10–13 માર્ચ", "10–13 मार्च". */
export const formatStayDates = (from: IsoDate, to: IsoDate, locale: Locale): string =>
  locale === 'en' ? formatDateRange(from, to) : formatStayRange(from, to, locale);

/** A time of day by its part of the day, as Gujarati and Hindi say it ("9:00 સવારે", "सुबह 9:00"), not CLDR's Latin AM. */
export const INDIA_CLOCK = { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', dayPeriod: 'short' } as const;

/** "27 Nov, 9:00 am" in English (dates.ts): an instant as India's clock shows it. */
export const formatInstantIn = (instant: Date | string, locale: Locale): string =>
  locale === 'en' ? formatInstantInIndia(instant) : format(locale, 'instant in India', { day: 'numeric', month: 'short', ...INDIA_CLOCK }).format(new Date(instant));
