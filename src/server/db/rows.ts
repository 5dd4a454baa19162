import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';

/**
 * Runs raw SQL and returns its rows, each checked against `row` (decision 023): a column renamed,
 * a type the driver answers differently (PGlite and node-postgres differ on bigint), or a null
 * where none was expected fails here, by name, not three calls later. PGlite and node-postgres
 * both answer `{ rows }`, but the driver-neutral Db type cannot know that.
 */
export async function queryRows<S extends z.ZodType>(db: Db, row: S, query: SQL): Promise<z.output<S>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows.map((r) => row.parse(r));
}

/**
 * A timestamptz column as raw SQL answers it: drizzle turns the drivers' own date parsing off, so
 * PGlite and node-postgres both hand over PostgreSQL's text (`2026-03-10 09:15:00.123+00`); a
 * Date is accepted too, should a driver parse it. `iso` makes either the API's ISO 8601 instant.
 */
export const instantColumn = z.union([z.date(), z.string()]);
export const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Holds, until `tx` ends, a lock named by `name` (a guest's requests, an address's codes): writes
 * that count before they insert take their turn, so none slips past a limit.
 */
export async function lockNamed(tx: Db, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}
