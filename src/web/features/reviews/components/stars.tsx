import { Star } from 'lucide-react';
import { cn } from '@/web/lib/cn';

/** A rating shown as five stars, read as "4 out of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={cn('size-4', n <= rating ? 'fill-current text-primary-600' : 'text-stone-300')} />
      ))}
    </span>
  );
}
