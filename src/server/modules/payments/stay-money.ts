import { INCIDENT_MESSAGES } from '../../../domain/stays/incidents';
import type { Db } from '../../db/client';
import { selectStayMoney, type StayMoney } from './queries';

// A stay's money as operators see it beside a problem on it (PRODUCT.md section 10), and whether
// its resolution may refund part of it: once per stay, from its payment, while its host's payout
// is still held (a refund lowers the held payout, refunds.ts; one already paid out would have to
// be recovered from the host, which this path does not do).

export type { StayMoney };

export const stayMoney = (db: Db, bookingId: string): Promise<StayMoney> => selectStayMoney(db, bookingId);

export function problemRefundOutlook(money: StayMoney): { possible: boolean; problem: string | null } {
  if (money.paid_paise === null) return { possible: false, problem: INCIDENT_MESSAGES.notPaid };
  if (money.refunded_for_problem) return { possible: false, problem: INCIDENT_MESSAGES.refundedBefore };
  if (money.payout?.status === 'paid') return { possible: false, problem: INCIDENT_MESSAGES.payoutPaid };
  if (!money.payout || money.payout.status !== 'held' || money.payout.amount_paise <= 0) return { possible: false, problem: INCIDENT_MESSAGES.nothingLeft };
  return { possible: true, problem: null };
}
