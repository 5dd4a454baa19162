import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Rows of raw SQL for a test to look at, unchecked: the test's own expectations say what they
 * must be (the app's reads check theirs with a schema, db/rows.ts).
 */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
