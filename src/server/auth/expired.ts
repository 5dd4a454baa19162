import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { AUTH_POLICY } from './policy';

// Sessions and codes that can no longer be used are deleted, so that neither table grows without
// end and a database copy holds no more of them than it must. An expired session's streams were
// already ended by the session watch; a code's row outlives its 10 minutes only as long as the
// send limits count it. A session's idle expiry never passes its absolute one (sessions.ts), so
// `expires_at` alone says it is over, on its index.

const deletedRow = z.object({ n: z.number().int() });

/** Deletes expired sessions and old sign-in codes; returns how many of each. */
export async function deleteExpiredSignIns(db: Db): Promise<{ sessions: number; codes: number }> {
  const [sessions] = await queryRows(db, deletedRow, sql`
    with gone as (delete from sessions where expires_at < now() returning 1)
    select count(*)::int as n from gone
  `);
  const [codes] = await queryRows(db, deletedRow, sql`
    with gone as (delete from auth_codes where created_at < now() - make_interval(secs => ${AUTH_POLICY.keepCodesMs / 1000}) returning 1)
    select count(*)::int as n from gone
  `);
  return { sessions: sessions?.n ?? 0, codes: codes?.n ?? 0 };
}
