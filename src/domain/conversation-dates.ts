import { addDays, formatter, todayInIndia } from './dates';

// A conversation's times in English (SPEC.md's forms): a module of their own, so that the pages
// that show no conversation (a listing, the search) do not carry them. Gujarati and Hindi word them
// in web/i18n/recent-times.ts.

const indiaTime = formatter('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true });
const indiaWeekdayDate = formatter('en-IN', { weekday: 'long', day: 'numeric', month: 'long' });
const indiaShortDay = formatter('en-IN', { day: 'numeric', month: 'short' });

/** "3:45 pm" in India, for message times. */
export function formatTimeInIndia(instant: Date | string): string {
  return indiaTime().format(new Date(instant)).replace(/\s?([ap])\.?m\.?$/i, (_, p: string) => ` ${p.toLowerCase()}m`);
}

/** A day separator in a conversation: "Today", "Yesterday", or "Sunday, 22 November" (India). */
export function formatDayLabel(instant: Date | string, now: Date = new Date()): string {
  const day = todayInIndia(new Date(instant));
  const today = todayInIndia(now);
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  return indiaWeekdayDate().format(new Date(instant));
}

/** A conversation list's stamp: the time today, "Yesterday", else "22 Nov" (India). */
export function formatRecent(instant: Date | string, now: Date = new Date()): string {
  const day = todayInIndia(new Date(instant));
  const today = todayInIndia(now);
  if (day === today) return formatTimeInIndia(instant);
  if (day === addDays(today, -1)) return 'Yesterday';
  return indiaShortDay().format(new Date(instant));
}
