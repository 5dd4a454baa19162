import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatShortDate, type IsoDate } from '@/domain/dates';
import { formatStayDates } from '@/domain/dates-in-language';
import { formatDayMonth } from '@/web/i18n/dates';
import { localeOf } from '@/web/i18n/i18n';

/** A picked stay: both ends are calendar dates (yyyy-MM-dd); `to` is the check-out day. */
export type DateRangeValue = { from?: IsoDate; to?: IsoDate };

/**
 * The range after a click on `day` (SPEC.md section 4): the first click sets the start; clicking
 * the start again clears the range; a second day before the start swaps the two; a click on a
 * complete range starts a new one.
 */
export function nextDateRange(current: DateRangeValue, day: IsoDate): DateRangeValue {
  const { from, to } = current;
  if (!from) return { from: day };
  if (!to) {
    if (day === from) return {};
    return day < from ? { from: day, to: from } : { from, to: day };
  }
  return { from: day };
}

/**
 * "Mar 10 - Mar 13" (SPEC.md's form; "10–13 ડિસેમ્બર" in Gujarati), or the start alone while the
 * end is still to pick.
 */
export function describeRange({ from, to }: DateRangeValue, i18n: I18n): string | undefined {
  const locale = localeOf(i18n);
  if (from && to) return formatStayDates(from, to, locale);
  if (!from) return undefined;
  const start = formatDay(from, i18n);
  return i18n._(msg`${start} - Check-out`);
}

/** "Mar 10" (SPEC.md's form), "10 માર્ચ", "10 मार्च": a day of a stay. */
export function formatDay(date: IsoDate, i18n: I18n): string {
  const locale = localeOf(i18n);
  return locale === 'en' ? formatShortDate(date) : formatDayMonth(date, locale);
}
