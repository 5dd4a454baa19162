import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

// The HTTP layer's SQL (decision 024, extended to http/ by decision 044): one NOTIFY.

/** Tells the other app processes listening on `channel` (`payload` names the sender). */
export async function notifyProcesses(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
