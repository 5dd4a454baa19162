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
  for (const r of closed) {
    await notify(tx, { userId: r.reporter_id, kind: 'report_decided', params: { approved: upheld }, mail: reportDecidedMail({ to: r.reporter_email, upheld, publicUrl }), about: `report ${r.id}` });
  }
  return closed.length;
}
