import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs raw SQL and returns its rows. PGlite and node-postgres both answer `{ rows }`, but the
 * driver-neutral Db type cannot know that, hence this one typed doorway.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Holds, until `tx` ends, a lock named by `name` (a guest's requests, an address's codes): writes
 * that count before they insert take their turn, so none slips past a limit.
 */
export async function lockNamed(tx: Db, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}
