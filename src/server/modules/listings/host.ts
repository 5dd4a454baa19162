import { todayInIndia } from '../../../domain/dates';
import type { HostStats } from '../../../domain/contracts/listing';
import type { Db } from '../../db/client';
import { selectHostStats } from './queries/host';

/**
 * The dashboard's stat cards (see selectHostStats). "This month" is the calendar month of today in
 * India, whatever the server's own time zone.
 */
export function hostStats(db: Db, hostId: string, today: string = todayInIndia()): Promise<HostStats> {
  return selectHostStats(db, hostId, `${today.slice(0, 7)}-01`);
}
