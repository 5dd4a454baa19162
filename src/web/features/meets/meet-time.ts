import type { I18n } from '@lingui/core';
import { formatMeetTime } from '@/domain/stays/meet';
import { format } from '@/web/i18n/dates';
import { localeOf } from '@/web/i18n/i18n';
import { INDIA_CLOCK } from '@/web/i18n/times';

/** "Fri, 27 Nov, 9:00 am" in English (domain/stays/meet.ts): a meet's day and time in India, in the page's language. */
export function formatMeetingTime(instant: Date | string, i18n: I18n): string {
  const locale = localeOf(i18n);
  if (locale === 'en') return formatMeetTime(instant);
  return format(locale, 'meeting in India', { weekday: 'short', day: 'numeric', month: 'short', ...INDIA_CLOCK }).format(new Date(instant));
}
