import type { Db } from '../../db/client';
import { countLedger, selectLedgerProblems } from './queries';

// `npm run ledger:check` (issue 22), the crash test and the API tests: the ledger balances, per
// movement and per booking, and agrees with the payments, refunds and payouts it records.

export type LedgerProblem = { kind: string; ref: string; detail: string };

export async function checkLedger(db: Db): Promise<{ problems: LedgerProblem[]; rows: number; bookings: number }> {
  const [problems, counts] = await Promise.all([selectLedgerProblems(db), countLedger(db)]);
  return { problems, ...counts };
}
