import type { PendingReview } from '@/domain/contracts/review';

/** What the dialog asks, for the guest reviewing the stay or the host reviewing the guest. */
export function reviewCopy(p: PendingReview) {
  return p.role === 'guest'
    ? {
        title: `How was your stay at ${p.listing_title}?`,
        legend: 'Your rating of the stay',
        label: `Tell other pet parents about your stay with ${p.other_first_name}`,
        success: 'Thanks for your review',
      }
    : {
        title: `How was ${p.other_first_name} as a guest?`,
        legend: `Your rating of ${p.other_first_name}`,
        label: `Tell other hosts about ${p.other_first_name} and their pet`,
        success: `Thanks for reviewing ${p.other_first_name}`,
      };
}
