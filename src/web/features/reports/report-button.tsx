import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ReportTarget } from '@/domain/reports';
import { useSignIn, useWithSession } from '@/web/features/auth';
import { cn } from '@/web/lib/cn';

// The dialog (and the reasons, the checks) is fetched when a report is begun: few visitors
// report, and pages such as the listing's must keep their first view small.
const ReportDialog = /* @__PURE__ */ lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/**
 * "Report" on a listing, a review, a message or a host (issue 23): signed in, it opens the report
 * form; signed out, the sign-in dialog. `label` names it for screen readers where the text alone
 * ("Report") would not say what is reported.
 */
export function ReportButton({ type, id, label, text, className }: { type: ReportTarget; id: string; label?: string; text?: string; className?: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const withSession = useWithSession();
  const signIn = useSignIn();
  return (
    <>
      <button
        type="button"
        aria-label={label}
        onClick={() => withSession((user) => (user ? setOpen(true) : signIn.open()))}
        className={cn('rounded-md text-sm font-medium text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline', className)}
      >
        {text ?? t`Report`}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog type={type} id={id} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
