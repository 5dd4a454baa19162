import { Trans } from '@lingui/react/macro';
import type { PendingReview } from '@/domain/contracts/review';
import { ownWords } from '@/web/i18n/verbatim';

/** What a prompt and its dialog ask: of the stay, for its guest; of the guest, for the host. */
export function ReviewTitle({ pending }: { pending: PendingReview }) {
  return pending.role === 'guest' ? <Trans>How was your stay at {ownWords(pending.listing_title)}?</Trans> : <Trans>How was {ownWords(pending.other_first_name)} as a guest?</Trans>;
}
