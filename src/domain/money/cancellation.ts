import { instantInIndia, type IsoDate } from '../dates';

// The cancellation policies of PRODUCT.md section 7, chosen per listing. A refund window counts
// back from check-in, 2:00 pm India time on the first day of the stay; cancelling at the very
// deadline still gets the refund. What a percentage means in money is the settlement's
// (refundPaise): the share of the stay and the same share of its GST.

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'moderate';

/** Check-in, India time, on the first day of a stay. */
export const CHECK_IN_HOUR_INDIA = 14;

const RULES: Record<CancellationPolicy, { hoursBefore: number; percent: number }> = {
  flexible: { hoursBefore: 24, percent: 100 },
  moderate: { hoursBefore: 5 * 24, percent: 100 },
  strict: { hoursBefore: 7 * 24, percent: 50 },
};

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: /*i18n*/ 'Flexible',
  moderate: /*i18n*/ 'Moderate',
  strict: /*i18n*/ 'Strict',
};

/** The policy in one sentence, as the listing form and the listing page show it. */
export const CANCELLATION_POLICY_SUMMARIES: Record<CancellationPolicy, string> = {
  flexible: /*i18n*/ 'Full refund up to 24 hours before check-in. After that, no refund.',
  moderate: /*i18n*/ 'Full refund up to 5 days before check-in. After that, no refund.',
  strict: /*i18n*/ '50% refund up to 7 days before check-in. After that, no refund.',
};

/** When the stay starts: check-in time on its first day. */
export function checkInAt(startDate: IsoDate): Date {
  return instantInIndia(startDate, CHECK_IN_HOUR_INDIA);
}

/** The last moment a guest's cancellation still gets the policy's refund. */
export function refundDeadline(policy: CancellationPolicy, startDate: IsoDate): Date {
  return new Date(checkInAt(startDate).getTime() - RULES[policy].hoursBefore * 3_600_000);
}

/**
 * The last moment a guest's cancellation is refunded in full; null under a policy that never
 * refunds in full (strict), where the guest has something at stake from the moment they pay.
 */
export function fullRefundDeadline(policy: CancellationPolicy, startDate: IsoDate): Date | null {
  return RULES[policy].percent === 100 ? refundDeadline(policy, startDate) : null;
}

/** The share of the payment (0-100) a guest who cancels at `now` gets back. */
export function guestRefundPercent(policy: CancellationPolicy, startDate: IsoDate, now: Date): number {
  return now.getTime() <= refundDeadline(policy, startDate).getTime() ? RULES[policy].percent : 0;
}
