import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMonthYear } from '@/web/i18n/times';
import { Loader2, MessageSquareText } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import type { ListingReview } from '@/domain/contracts/review';
import { listingReviewsQuery } from '../reviews-api';
import { RatingAndCount, Stars } from '@/web/components/stars';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { ReportButton } from '@/web/features/reports';

/**
 * The listing page's reviews: the maintained average and count (the same figures as the header
 * and the search cards), then the published guest reviews, newest first, a page at a time.
 */
export function ListingReviews({ listingId, rating, count }: { listingId: string; rating: number; count: number }) {
  const { t } = useLingui();
  const reviews = useInfiniteQuery(listingReviewsQuery(listingId));
  // Pages are by offset: a review published between two loads shifts them, so one can come twice.
  const items = [...new Map((reviews.data?.pages.flatMap((p) => p.results) ?? []).map((r) => [r.id, r])).values()];
  const total = reviews.data?.pages[0]?.total ?? count;

  if (count === 0 && total === 0) {
    return (
      <div className="flex items-start gap-4 rounded-3xl bg-sand-50 p-6 ring-1 ring-sand-200">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white text-primary-700 shadow-sm">
          <MessageSquareText className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="font-semibold text-stone-900">
            <Trans>New · no reviews yet</Trans>
          </p>
          <p className="mt-0.5 text-[0.9375rem] text-stone-600">
            <Trans>Guests review their stay after checkout. Be the first to stay here.</Trans>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <RatingAndCount rating={rating} count={count} large className="text-lg text-stone-800" data-testid="reviews-summary" />
      {reviews.isPending ? (
        <LoadingBlocks label={t`Loading reviews`} className="grid gap-8 md:grid-cols-2" blockClassName="h-32 rounded-2xl" />
      ) : reviews.isError && items.length === 0 ? (
        <LoadFailed onRetry={() => void reviews.refetch()}>
          <Trans>Reviews could not be loaded.</Trans>
        </LoadFailed>
      ) : (
        <ul className="grid gap-x-12 gap-y-9 md:grid-cols-2" data-testid="listing-reviews">
          {items.map((r) => (
            <li key={r.id}>
              <ReviewItem review={r} />
            </li>
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <Button variant="outline" className="self-start" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
          {reviews.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
          <Trans>
            Show more reviews
            <span className="sr-only">
              {' '}
              ({items.length} of {total} shown)
            </span>
          </Trans>
        </Button>
      )}
    </div>
  );
}

function ReviewItem({ review }: { review: ListingReview }) {
  const { i18n, t } = useLingui();
  const name = review.author_first_name;
  return (
    <article className="flex flex-col gap-3">
      <header className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-100 text-base font-bold text-primary-800">
          {review.author_first_name[0]?.toUpperCase()}
        </span>
        <div>
          <h3 className="font-semibold text-stone-900" translate="no">
            {name}
          </h3>
          <p className="text-sm text-stone-600">{formatMonthYear(review.published_at, i18n)}</p>
        </div>
      </header>
      <Stars rating={review.rating} />
      <p className="max-w-prose text-[0.9375rem] leading-relaxed break-words whitespace-pre-line text-stone-700" translate="no">
        {review.body}
      </p>
      <ReportButton type="review" id={review.id} label={t`Report ${name}'s review`} className="self-start" />
    </article>
  );
}
