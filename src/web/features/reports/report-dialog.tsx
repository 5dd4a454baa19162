import { type FormEvent, useId, useState } from 'react';
import { reportInputSchema } from '@/domain/contracts/reports';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TITLES, type ReportReason, type ReportTarget } from '@/domain/reports';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useSendReport } from './api';

type Errors = Partial<Record<'reason' | 'details' | 'form', string>>;

/**
 * The report form: one reason of the fixed list (or "Something else", which asks for words), and
 * optional details. Checked with the API's schema before sending. The reporter is thanked; what
 * becomes of someone else's account is never theirs to learn.
 */
export function ReportDialog({ type, id, open, onOpenChange }: { type: ReportTarget; id: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const send = useSendReport();
  const uid = useId();
  const [reason, setReason] = useState<ReportReason>();
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = reportInputSchema.safeParse({ target_type: type, target_id: id, reason, details });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] === 'details' ? 'details' : 'reason'] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      const answer = await send.mutateAsync(parsed.data);
      toast.success(answer.message);
      onOpenChange(false);
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.status < 500 ? err.message : 'Your report could not be sent. Please try again.' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{REPORT_TITLES[type]}</DialogTitle>
          <DialogDescription>Our trust and safety team reads every report. The person you report is not told who sent it.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
          <fieldset aria-describedby={errors.reason ? `${uid}-reason-error` : undefined}>
            <legend className="text-[0.9375rem] font-semibold text-stone-900">What is wrong?</legend>
            <div className="mt-2 flex flex-col gap-1">
              {REPORT_REASONS.map((r) => (
                <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 text-[0.9375rem] text-stone-800 hover:bg-stone-50">
                  <input
                    type="radio"
                    name="reason"
                    value={r}
                    checked={reason === r}
                    onChange={() => {
                      setReason(r);
                      setErrors((x) => ({ ...x, reason: undefined }));
                    }}
                    className="size-4 accent-primary-600"
                  />
                  {REPORT_REASON_LABELS[r]}
                </label>
              ))}
            </div>
            {errors.reason && (
              <p id={`${uid}-reason-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                {errors.reason}
              </p>
            )}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${uid}-details`} className="text-[0.9375rem] font-semibold text-stone-900">
              Tell us more {reason !== 'other' && <span className="font-normal text-stone-600">(optional)</span>}
            </label>
            <Textarea
              id={`${uid}-details`}
              value={details}
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              aria-invalid={errors.details ? true : undefined}
              aria-describedby={errors.details ? `${uid}-details-error` : undefined}
              onChange={(e) => {
                setDetails(e.target.value);
                setErrors((x) => ({ ...x, details: undefined }));
              }}
              placeholder="What happened, and when"
            />
            {errors.details && (
              <p id={`${uid}-details-error`} role="alert" className="text-sm font-medium text-red-700">
                {errors.details}
              </p>
            )}
          </div>
          <DialogFormFooter error={errors.form} pending={send.isPending} submitLabel="Send report" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
