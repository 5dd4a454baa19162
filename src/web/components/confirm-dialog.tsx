import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/web/lib/use-opened-once';
import type { ConfirmDialogProps } from './confirm-dialog-body';

export type { ConfirmDialogProps };

// Radix's alert dialog (focus trap, scroll lock: about 12 KB gzip) is not part of a page's first
// view: it loads when a confirmation is first asked for, and stays mounted to animate closed.
const ConfirmDialogBody = lazy(() => import('./confirm-dialog-body').then((m) => ({ default: m.ConfirmDialogBody })));

/** A yes-or-no question in an alert dialog: focus starts on the cancel button, Escape cancels. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogBody {...props} />
    </Suspense>
  );
}
