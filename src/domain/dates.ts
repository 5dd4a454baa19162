// Calendar dates are plain `yyyy-MM-dd` strings. They never pass through a Date in local time
// or UTC, because India is UTC+5:30 and a naive toISOString() lands on the previous day.

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

export const APP_TIME_ZONE = 'Asia/Kolkata';

/**
 * The years the app takes dates in. Stays and calendars are about the coming months; the bound
 * keeps every date the app counts to (a stay's end, a calendar's default 90 days) within four-digit
 * years, which yyyy-MM-dd can write: 9999-12-31 plus a day cannot be.
 */
const YEARS = { first: 1900, last: 2999 } as const;

/** True for a real calendar date written as yyyy-MM-dd (rejects 2026-02-30), in the years 1900-2999. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < YEARS.first || y > YEARS.last) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function toDayNumber(date: IsoDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function fromDayNumber(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The same day `years` later; 29 Feb becomes 28 Feb in a year that has none. */
export function addYears(date: IsoDate, years: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 && !isLeapYear(y + years) ? 28 : d;
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole months from `from` to `to` (`to` not earlier), counted as a calendar does: 31 Jan to 28 Feb is 0. */
export function monthsBetween(from: IsoDate, to: IsoDate): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

/**
 * An India-time formatter made on its first use, then kept: building one costs far more than using it (the
 * server asks for today on every search), and a page that shows no such date should not pay for
 * it while it starts (tens of milliseconds on a phone).
 */
export function formatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, { timeZone: APP_TIME_ZONE, ...options }));
}

/** India has kept UTC+5:30, with no daylight saving, since 1945 (the tz database's Asia/Kolkata). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** Today's calendar date in India, whatever the server's or browser's own time zone. */
export function todayInIndia(now: Date = new Date()): IsoDate {
  // By the fixed offset rather than a formatter with a time zone: building one loads the zone's
  // data, about 70 ms of a phone's main thread (under a 4x slowdown) as the search starts, where
  // the date picker asks for today. The tests hold the two equal.
  return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A calendar date picked in a browser (local midnight) as yyyy-MM-dd, with no UTC shift. */
export function fromLocalDate(date: Date): IsoDate {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A yyyy-MM-dd date as a local-midnight Date, for date pickers. */
export function toLocalDate(date: IsoDate): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** "Mar 10" */
export function formatShortDate(date: IsoDate): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${String(d).padStart(2, '0')}`;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "November 2026" from "2026-11": a month of statements. */
export function formatCalendarMonth(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** "10 Mar 2026": a date on a document, where the year matters. */
export function formatDocumentDate(date: IsoDate): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "Mar 10 - Mar 13", the display form SPEC.md fixes for a stay. */
export function formatDateRange(from: IsoDate, to: IsoDate): string {
  return `${formatShortDate(from)} - ${formatShortDate(to)}`;
}

/** "March 2025", for "Joined Month YYYY". */
export function formatMonthYear(instant: Date | string): string {
  return indiaMonthYear().format(new Date(instant));
}

const indiaMonthYear = formatter('en-IN', { month: 'long', year: 'numeric' });

/** "9 Mar, 2:00 pm": an instant as India's clock shows it, by the fixed offset (no time-zone data). */
export function formatInstantInIndia(instant: Date | string): string {
  const t = new Date(new Date(instant).getTime() + INDIA_OFFSET_MS);
  const h = t.getUTCHours();
  const clock = `${h % 12 || 12}:${String(t.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]}, ${clock}`;
}

/** The instant India's clock shows `hour`:00 on `date`. */
export function instantInIndia(date: IsoDate, hour: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000 - INDIA_OFFSET_MS);
}

/** "20:05": India's time of day at `now`, 24-hour, by the fixed offset (a care log's times are read against it). */
export function timeInIndia(now: Date = new Date()): string {
  const t = new Date(now.getTime() + INDIA_OFFSET_MS);
  return `${String(t.getUTCHours()).padStart(2, '0')}:${String(t.getUTCMinutes()).padStart(2, '0')}`;
}
