import { cn } from '@/web/lib/cn';

/** A count on a round button's shoulder (unread messages, notices): hidden at 0, capped at `max`+. */
export function CountBadge({ count, max, testId, className }: { count: number; max: number; testId: string; className: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={cn('absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-stone-900 px-1 text-[0.6875rem] font-bold text-white ring-2 ring-white', className)}
    >
      {count > max ? `${max}+` : count}
    </span>
  );
}
