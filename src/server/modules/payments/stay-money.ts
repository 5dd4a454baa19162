import { INCIDENT_MESSAGES } from '../../../domain/stays/incidents';
import type { RefundOutlook } from '../../../domain/contracts/incident';
import type { Db } from '../../db/client';
import { selectStayMoney, type StayMoney } from './queries';

// A stay's money as operators see it beside a problem on it (PRODUCT.md section 10), and whether
// its resolution may refund part of it: once per stay, from its payment; the host's share comes
// off their payout while it is held (refunds.ts lowers it), and, once it is paid, back from them
// (decision 055: taken back from their linked account at the provider, or owed).

export type { StayMoney };

export const stayMoney = (db: Db, bookingId: string): Promise<StayMoney> => selectStayMoney(db, bookingId);

export type { RefundOutlook };

export function problemRefundOutlook(money: StayMoney): RefundOutlook {
  const no = (problem: string): RefundOutlook => ({ possible: false, problem, from: null });
  if (money.paid_paise === null) return no(INCIDENT_MESSAGES.notPaid);
  if (money.refunded_for_problem) return no(INCIDENT_MESSAGES.refundedBefore);
  if (money.payout?.status === 'paid') return { possible: true, problem: null, from: 'paid_payout' };
  if (!money.payout || money.payout.status !== 'held' || money.payout.amount_paise <= 0) return no(INCIDENT_MESSAGES.nothingLeft);
  return { possible: true, problem: null, from: 'held_payout' };
}
