import type { FastifyBaseLogger } from 'fastify';
import { type IsoDate, todayInIndia } from '../../domain/dates';
import type { Db } from '../db/client';
import { remindUnpaidStays, settleDueBookings } from '../modules/bookings';
import { publishDueReviews } from '../modules/reviews';
import { remindMeets } from '../modules/meets';
import { purgeReadNotifications } from '../modules/notifications';
import { askAboutMissedArrivals, remindStayUpdates } from '../modules/stays';
import { type JobMetrics, startPeriodicJob } from './periodic';

// The lifecycle job (PRODUCT.md section 2): paid stays whose check-in day passed without a check-in
// are asked what happened (before they can complete: PRODUCT.md section 10), bookings move on by
// themselves (requests expire, past stays lapse, past stays complete), and then the reviews the other side never answered are published 14 days after
// checkout, and from 8 pm the hosts of stays without an update today are reminded, and from 6 pm both sides of
// tomorrow's meet & greets, and the guests of accepted stays still unpaid near their deadline;
// notices read long ago are deleted. Each module owns its step; this is where one follows the other.

type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;
export type LifecycleResult = { arrivalsAsked: number; expired: number; lapsed: number; completed: number; published: number; reminded: number; meetsReminded: number; paymentsReminded: number; noticesPurged: number };

/**
 * Expires and completes every due booking (queueing the e-mails to the guests of expired
 * requests), then publishes the reviews that are due, both as of the same `today`. Returns how
 * many rows changed. `today` is injectable so tests can step past the windows.
 */
export async function runLifecycle(db: Db, config: { publicUrl: string; testMode: boolean }, today: IsoDate = todayInIndia(), now: Date = new Date()): Promise<LifecycleResult> {
  const arrivalsAsked = await askAboutMissedArrivals(db, config.publicUrl, today);
  const { expired, lapsed, completed } = await settleDueBookings(db, config, today, now);
  const published = await publishDueReviews(db, today);
  const reminded = await remindStayUpdates(db, config.publicUrl, now);
  const meetsReminded = await remindMeets(db, config.publicUrl, now);
  const paymentsReminded = await remindUnpaidStays(db, config, now);
  const noticesPurged = await purgeReadNotifications(db);
  return { arrivalsAsked, expired, lapsed, completed, published, reminded, meetsReminded, paymentsReminded, noticesPurged };
}

/** The lifecycle, now and every `everyMs` (a minute) in this process: see periodic.ts. */
export function startLifecycleJob(opts: { db: Db; publicUrl: string; testMode: boolean; log: Log; everyMs?: number; metrics?: JobMetrics }): { stop(): Promise<void> } {
  return startPeriodicJob({
    name: 'booking lifecycle',
    run: () => runLifecycle(opts.db, opts),
    everyMs: opts.everyMs ?? 60_000,
    log: opts.log,
    metrics: opts.metrics,
  });
}
