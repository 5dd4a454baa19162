import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../test/database';
import type { Database } from './client';
import { instantColumn, iso, queryRows } from './rows';

// Decision 023 on the driver this run uses (PGlite, or PostgreSQL in `npm test`'s pg step).

describe('queryRows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('answers the rows its schema describes', async () => {
    const rows = await queryRows(database.db, z.object({ n: z.number().int(), at: instantColumn }), sql`select 2::int as n, now() as at`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.n).toBe(2);
    expect(Math.abs(Date.parse(iso(rows[0]!.at)) - Date.now())).toBeLessThan(60_000);
  });

  it('fails, naming the column, on a row of another shape', async () => {
    // A null where the schema wants text: the read fails here, not as a wrong answer later.
    await expect(queryRows(database.db, z.object({ n: z.number(), name: z.string() }), sql`select 1::int as n, null as name`)).rejects.toThrow(/name/);
  });
});
