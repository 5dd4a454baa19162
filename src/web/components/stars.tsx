import { Star } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/web/lib/cn';

/** A rating shown as five stars, read as "4 out of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useLingui();
  return (
    <span role="img" aria-label={t`${rating} out of 5 stars`} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={cn('size-4', n <= rating ? 'fill-current text-primary-600' : 'text-stone-300')} />
      ))}
    </span>
  );
}

/** "★ 4.8 · 24 reviews", read as "4.8 out of 5, 24 reviews": the listing header and its Reviews section. */
export function RatingAndCount({
  rating,
  count,
  className,
  large,
  'data-testid': testId,
}: { rating: number; count: number; className?: string; large?: boolean; 'data-testid'?: string }) {
  return (
    <p className={cn('flex items-center', large ? 'gap-2' : 'gap-1.5', className)} data-testid={testId}>
      <Star className={cn('fill-current text-primary-600', large ? 'size-5' : 'size-4')} aria-hidden="true" />
      <span className={cn('text-stone-900', large ? 'font-bold' : 'font-semibold')}>{rating.toFixed(1)}</span>
      <span className="sr-only">
        <Trans>out of 5,</Trans>
      </span>
      <span aria-hidden="true">·</span>
      <span>
        <Plural value={count} one="# review" other="# reviews" />
      </span>
    </p>
  );
}
