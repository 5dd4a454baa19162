import { addDays, daysBetween, type IsoDate } from '../dates';

// "Sends daily updates" (PRODUCT.md section 10, issue 37): the badge a host earns once their last
// five stays each had an update on every day of the stay. Pure: the server passes each stay's dates
// and the India days of its timeline's entries: the arrival counts for its day, as it does for the
// 8 pm reminder and the guest's "No update yet today", so the three never disagree about a day.

/** How many of the host's latest stays the badge looks at; fewer stays than this earn no badge yet. */
export const DAILY_UPDATES_BADGE_STAYS = 5;
/** The badge's words, on the listing page beside the host. */
export const DAILY_UPDATES_BADGE = /*i18n*/ 'Sends daily updates';

/** A stay the host checked in and out, with the India days (YYYY-MM-DD) on which they posted an update. */
export type UpdatedStay = { start_date: IsoDate; end_date: IsoDate; update_days: readonly IsoDate[] };

/** The days on which an update is expected: each night of the stay, from the check-in day to the day before check-out. */
export function stayDays(start: IsoDate, end: IsoDate): IsoDate[] {
  return Array.from({ length: Math.max(0, daysBetween(start, end)) }, (_, i) => addDays(start, i));
}

/** The stay's days on which the host posted nothing. */
export function daysWithoutUpdate(stay: UpdatedStay): IsoDate[] {
  const posted = new Set(stay.update_days);
  return stayDays(stay.start_date, stay.end_date).filter((day) => !posted.has(day));
}

/**
 * Whether a host sends daily updates, from their stays newest first (the caller gives at least the
 * latest DAILY_UPDATES_BADGE_STAYS): each of the latest five had an update on every day.
 */
export function sendsDailyUpdates(latestFirst: readonly UpdatedStay[]): boolean {
  const latest = latestFirst.slice(0, DAILY_UPDATES_BADGE_STAYS);
  return latest.length === DAILY_UPDATES_BADGE_STAYS && latest.every((stay) => daysWithoutUpdate(stay).length === 0);
}

/** How many of a listing's latest stays its update share looks at: how the home cares now, not over its lifetime. */
export const UPDATE_SHARE_STAYS = 10;

/**
 * The share (0 to 1) of the days of a listing's latest stays (newest first, checked in and out)
 * that had an update, which counts in search's recommended order (domain/search-sorts.ts); null
 * for a home with no such stay yet. The database keeps it on the listing (migration 0035) by this
 * same rule, and a test holds the two equal.
 */
export function updateShare(latestFirst: readonly UpdatedStay[]): number | null {
  const latest = latestFirst.slice(0, UPDATE_SHARE_STAYS);
  const days = latest.reduce((sum, stay) => sum + stayDays(stay.start_date, stay.end_date).length, 0);
  if (days === 0) return null;
  const missed = latest.reduce((sum, stay) => sum + daysWithoutUpdate(stay).length, 0);
  return (days - missed) / days;
}
