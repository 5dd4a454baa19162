import { addDays, daysBetween, type IsoDate, todayInIndia } from '../../../domain/dates';
import type { BlockedDatesInput, ListingCalendar } from '../../../domain/contracts/calendar';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import {
  deleteBlocksOverlapping,
  hasStayOverlapping,
  insertBlockedNightRows,
  insertBlockedNights,
  lockListingCalendar,
  selectBlockedNights,
  selectCalendarStays,
} from './queries/calendar';

// A listing's calendar lives in calendar_holds (docs/decisions/002): accepted stays and blocked
// nights in one table under one exclusion constraint. Blocks are written one row per night, so a
// single day can be unblocked; older multi-night block rows (the demo seed writes some) are read
// night by night and split when part of them is unblocked.

export async function getCalendar(db: Db, listingId: string, from: IsoDate, to: IsoDate): Promise<ListingCalendar> {
  const blocked = await selectBlockedNights(db, listingId, from, to);
  const stays = await selectCalendarStays(db, listingId, from, to);
  return { from, to, blocked, stays };
}

/**
 * Blocks every night from `from` to `to` (both included), skipping nights already blocked. If any
 * of them is an accepted stay, nothing is blocked: the host must see the conflict, not a calendar
 * with holes. A stay accepted between the check and the insert wins its nights quietly (the
 * exclusion constraint and ON CONFLICT DO NOTHING), which is what the host would want.
 */
export async function blockDates(db: Db, listingId: string, range: BlockedDatesInput, today: IsoDate = todayInIndia()): Promise<string[]> {
  if (daysBetween(today, range.from) < 0) {
    throw badRequest('Dates in the past cannot be blocked', { from: 'Dates in the past cannot be blocked' });
  }
  return db.transaction(async (tx) => {
    await lockListingCalendar(tx, listingId);
    if (await hasStayOverlapping(tx, listingId, range.from, range.to)) throw conflict('These dates overlap an accepted stay');
    return (await insertBlockedNights(tx, listingId, range.from, range.to)).sort();
  });
}

/**
 * Unblocks every night from `from` to `to` (both included); stays are never touched. A block row
 * reaching outside the range is replaced by one-night rows for the nights that stay blocked.
 */
export async function unblockDates(db: Db, listingId: string, range: BlockedDatesInput): Promise<string[]> {
  return db.transaction(async (tx) => {
    const removed = await deleteBlocksOverlapping(tx, listingId, range.from, range.to);
    const end = addDays(range.to, 1);
    const dates: string[] = [];
    const kept: IsoDate[] = [];
    for (const { lo, hi } of removed) {
      for (let d = lo; daysBetween(d, hi) > 0; d = addDays(d, 1)) {
        if (daysBetween(range.from, d) >= 0 && daysBetween(d, end) > 0) dates.push(d);
        else kept.push(d);
      }
    }
    if (kept.length > 0) await insertBlockedNightRows(tx, listingId, kept);
    return dates.sort();
  });
}
