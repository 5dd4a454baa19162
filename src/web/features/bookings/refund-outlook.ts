import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CANCELLATION_POLICY_LABELS, type CancellationPolicy, guestRefundPercent, refundDeadline } from '@/domain/money/cancellation';
import type { IsoDate } from '@/domain/dates';
import { INTL_LOCALES } from '@/domain/locales';
import { localeOf } from '@/web/i18n/i18n';
import { formatInstant } from '@/web/i18n/times';
import { inPageLanguage } from '@/web/i18n/known-words';

/**
 * What a guest who cancels at `now` gets back of a stay from `from`, in the page's language: "Full
 * refund until 9 Mar, 2:00 pm" (India time), "50% refund until …", or that check-in is too close.
 * The booking card says it before a request, the guest's booking after.
 */
export function refundOutlook(policy: CancellationPolicy, from: IsoDate, now: Date, i18n: I18n): string {
  const percent = guestRefundPercent(policy, from, now);
  const until = formatInstant(refundDeadline(policy, from), i18n);
  if (percent === 100) return i18n._(msg`Full refund until ${until}`);
  if (percent > 0) return i18n._(msg`${percent}% refund until ${until}`);
  const name = inPageLanguage(i18n, CANCELLATION_POLICY_LABELS[policy]).toLocaleLowerCase(INTL_LOCALES[localeOf(i18n)]);
  return i18n._(msg`Non-refundable: check-in is too close for a refund under the ${name} policy`);
}
