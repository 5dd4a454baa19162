import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';

// The states of a part of a page that loads its own data: while it loads, and when it could not.
// (Nothing to show is EmptyState's.)

/** Placeholders in the shape of what is coming, announced once, by name, to screen readers. */
export function LoadingBlocks({ label, count = 2, className, blockClassName }: { label: string; count?: number; className?: string; blockClassName: string }) {
  return (
    <div className={cn('flex flex-col gap-4', className)} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={blockClassName} />
      ))}
    </div>
  );
}

/** What could not be loaded, in words, and a way to try again. */
export function LoadFailed({ children, onRetry, className }: { children: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <p role="alert" className={cn('rounded-3xl bg-red-50 p-6 text-red-800', className)}>
      {children}{' '}
      <button type="button" className="font-semibold underline underline-offset-4" onClick={onRetry}>
        <Trans id="Try again">Try again</Trans>
      </button>
    </p>
  );
}
