import type { Db } from '../db/client';
import { AUTH_POLICY } from './policy';
import { deleteCodesOlderThan, deleteExpiredSessions } from './queries';

// Sessions and codes that can no longer be used are deleted, so that neither table grows without
// end and a database copy holds no more of them than it must. An expired session's streams were
// already ended by the session watch; a code's row outlives its 10 minutes only as long as the
// send limits count it. A session's idle expiry never passes its absolute one (sessions.ts), so
// `expires_at` alone says it is over, on its index.

/** Deletes expired sessions and old sign-in codes; returns how many of each. */
export async function deleteExpiredSignIns(db: Db): Promise<{ sessions: number; codes: number }> {
  const sessions = await deleteExpiredSessions(db);
  const codes = await deleteCodesOlderThan(db, AUTH_POLICY.keepCodesMs);
  return { sessions, codes };
}
