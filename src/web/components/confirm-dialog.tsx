import { lazy, Suspense, useState, type ReactNode } from 'react';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
};

// Radix's alert dialog (focus trap, scroll lock: about 12 KB gzip) is not part of a page's first
// view: it loads when a confirmation is first asked for, and stays mounted to animate closed.
const ConfirmDialogBody = lazy(() => import('./confirm-dialog-body').then((m) => ({ default: m.ConfirmDialogBody })));

/** A yes-or-no question in an alert dialog: focus starts on the cancel button, Escape cancels. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(false);
  if (props.open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogBody {...props} />
    </Suspense>
  );
}
