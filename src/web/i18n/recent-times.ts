import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDayLabel, formatRecent } from '@/domain/conversation-dates';
import { addDays, todayInIndia } from '@/domain/dates';
import { format } from '@/web/i18n/dates';
import { localeOf } from '@/web/i18n/i18n';
import { formatTimeInIndia } from '@/web/i18n/times';

// How long ago, in the page's language (a conversation's times, a notice's); English keeps
// domain/dates.ts's own forms.

/** A day separator in a thread: "Today", "Yesterday", or "Sunday, 22 November" (India). */
export function dayLabel(instant: string, i18n: I18n, now = new Date()): string {
  const locale = localeOf(i18n);
  if (locale === 'en') return formatDayLabel(instant, now);
  const day = todayInIndia(new Date(instant));
  const today = todayInIndia(now);
  if (day === today) return i18n._(msg`Today`);
  if (day === addDays(today, -1)) return i18n._(msg`Yesterday`);
  return format(locale, 'weekday day month in India', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(instant));
}

/** A conversation list's stamp: the time today, "Yesterday", else "22 Nov" (India). */
export function recentStamp(instant: string, i18n: I18n, now = new Date()): string {
  const locale = localeOf(i18n);
  if (locale === 'en') return formatRecent(instant, now);
  const day = todayInIndia(new Date(instant));
  const today = todayInIndia(now);
  if (day === today) return formatTimeInIndia(instant, i18n);
  if (day === addDays(today, -1)) return i18n._(msg`Yesterday`);
  return format(locale, 'day month in India', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' }).format(new Date(instant));
}
