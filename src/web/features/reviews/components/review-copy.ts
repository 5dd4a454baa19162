import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PendingReview } from '@/domain/contracts/review';

/** The dialog's words, for the guest reviewing the stay or the host reviewing the guest, in the page's language (its question: review-title.tsx). */
export function reviewCopy(p: PendingReview, i18n: I18n) {
  const name = p.other_first_name;
  return p.role === 'guest'
    ? {
        legend: i18n._(msg`Your rating of the stay`),
        label: i18n._(msg`Tell other pet parents about your stay with ${name}`),
        success: i18n._(msg`Thanks for your review`),
      }
    : {
        legend: i18n._(msg`Your rating of ${name}`),
        label: i18n._(msg`Tell other hosts about ${name} and their pet`),
        success: i18n._(msg`Thanks for reviewing ${name}`),
      };
}
