import { formatDateRange, formatShortDate, type IsoDate } from '@/domain/dates';

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

/** "Mar 10 - Mar 13", or the start alone while the end is still to pick. */
export function describeRange({ from, to }: DateRangeValue): string | undefined {
  if (from && to) return formatDateRange(from, to);
  if (from) return `${formatShortDate(from)} - Check-out`;
  return undefined;
}
