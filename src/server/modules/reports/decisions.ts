import type { ReportOutcome, ReportTarget } from '../../../domain/reports';
import type { Db } from '../../db/client';
import { reportDecidedMail } from '../../mail/moderation';
import { notify } from '../notifications';
import { closeReports } from './queries';

/**
 * Closes the open reports of one thing (or of everything behind one account) with `outcome`, in
 * the operator's transaction, and tells each reporter the review is done; answers how many closed.
 */
export async function closeReportsOn(tx: Db, which: { targetType: ReportTarget; targetId: string } | { subjectId: string }, outcome: ReportOutcome, publicUrl: string): Promise<number> {
  const closed = await closeReports(tx, which, outcome);
  const upheld = outcome === 'upheld';
  // One word to each reporter, however many of their reports one decision closes (the account,
  // its listing and a message of it, closed by one suspension).
  const reporters = new Map(closed.map((r) => [r.reporter_id, r]));
  for (const r of reporters.values()) {
    await notify(tx, { userId: r.reporter_id, kind: 'report_decided', params: { approved: upheld }, mail: reportDecidedMail({ to: r.reporter_email, upheld, publicUrl }), about: `report ${r.id}` });
  }
  return closed.length;
}
