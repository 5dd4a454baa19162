import type { I18n } from '@lingui/core';
import { formatMeetTimeIn } from '@/domain/stays/meet';
import { localeOf } from '@/web/i18n/i18n';

/** "Fri, 27 Nov, 9:00 am" in English (domain/stays/meet.ts): a meet's day and time in India, in the page's language. */
export const formatMeetingTime = (instant: Date | string, i18n: I18n): string => formatMeetTimeIn(instant, localeOf(i18n));
