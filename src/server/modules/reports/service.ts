import type { ReportInput } from '../../../domain/contracts/reports';
import { REPORT_MESSAGES, REPORTS_PER_DAY } from '../../../domain/reports';
import type { Db } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { countReportsSince, insertReport, lockReporter, selectReportSubject } from './queries';

// A signed-in user reports a listing, a review, a message or a host (issue 23). The reporter is
// thanked whatever becomes of it, and never told another account's fate; a report of something
// they already reported, still open, counts once; a day's reports are capped, so that no one can
// bury the operators' queue.

const DAY_MS = 24 * 60 * 60 * 1000;

export async function fileReport(db: Db, reporterId: string, input: Required<ReportInput>): Promise<{ message: typeof REPORT_MESSAGES.thanks }> {
  const subjectId = await selectReportSubject(db, reporterId, input.target_type, input.target_id);
  if (!subjectId) throw notFound(REPORT_MESSAGES.notFound);
  if (subjectId === reporterId) throw badRequest(REPORT_MESSAGES.ownContent);
  await db.transaction(async (tx) => {
    await lockReporter(tx, reporterId);
    if ((await countReportsSince(tx, reporterId, new Date(Date.now() - DAY_MS))) >= REPORTS_PER_DAY) {
      throw new HttpError(429, 'too_many_reports', REPORT_MESSAGES.tooMany);
    }
    await insertReport(tx, { reporterId, targetType: input.target_type, targetId: input.target_id, subjectId, reason: input.reason, details: input.details });
  });
  return { message: REPORT_MESSAGES.thanks };
}
