import { type FormEvent, useId, useRef, useState } from 'react';
import type { StayView } from '@/domain/contracts/stay';
import { incidentReportSchema } from '@/domain/stays/incident-form';
import { INCIDENT_KIND_LABELS, INCIDENT_LIMITS, INCIDENT_MESSAGES, isUrgent, REPORT_KINDS, type ReportKind } from '@/domain/stays/incidents';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useReportProblem } from '../api';
import { PhotoChooser } from './photo-chooser';

/**
 * Report a problem: what happened (one of five kinds; health and escape are urgent), in a few
 * words checked with the API's schema before sending, and up to four photos.
 */
export function ReportProblemDialog({
  stay,
  other,
  open,
  onOpenChange,
  focusAfter,
}: {
  stay: StayView;
  other: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes after a report (urgent or not), instead of back to its button. */
  focusAfter: (urgent: boolean) => HTMLElement | null;
}) {
  const report = useReportProblem(stay.booking_id);
  const uid = useId();
  const [kind, setKind] = useState<ReportKind>();
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<'kind' | 'description' | 'form', string>>>({});
  const reported = useRef<boolean | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = incidentReportSchema.safeParse({ kind, description });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'kind' ? 'kind' : 'description';
        next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    // A form, so that the photos go with the words (the server reads JSON too).
    const body = new FormData();
    body.append('kind', parsed.data.kind);
    body.append('description', parsed.data.description);
    for (const photo of photos) body.append('photos', photo);
    try {
      const after = await report.mutateAsync(body);
      const urgent = isUrgent(parsed.data.kind);
      toast.success(urgent ? 'Problem reported. Our team has been alerted.' : `Problem reported. ${other} and our team have been told.`);
      reported.current = urgent && after.urgent !== null;
      onOpenChange(false);
      setKind(undefined);
      setDescription('');
      setPhotos([]);
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.status < 500 ? err.message : 'Your report could not be sent. Please try again.' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = reported.current === null ? null : focusAfter(reported.current);
          reported.current = null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Report a problem</DialogTitle>
          <DialogDescription>{`${other} is told, and our team looks into it. For an emergency, call the vet first: the numbers show as soon as you report it.`}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
          <fieldset aria-describedby={errors.kind ? `${uid}-kind-error` : undefined}>
            <legend className="text-[0.9375rem] font-semibold text-stone-900">What happened</legend>
            <div className="mt-2 flex flex-col gap-2">
              {REPORT_KINDS.map((k) => (
                <label
                  key={k}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-[0.9375rem] text-stone-800 ring-1 ring-stone-200 has-[:checked]:bg-primary-50 has-[:checked]:ring-primary-600"
                >
                  <input
                    type="radio"
                    name="kind"
                    value={k}
                    checked={kind === k}
                    onChange={() => {
                      setKind(k);
                      setErrors((e) => ({ ...e, kind: undefined }));
                    }}
                    className="size-4 shrink-0 accent-primary-600"
                  />
                  {INCIDENT_KIND_LABELS[k]}
                </label>
              ))}
            </div>
            {errors.kind && (
              <p id={`${uid}-kind-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                {errors.kind}
              </p>
            )}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${uid}-description`} className="text-[0.9375rem] font-semibold text-stone-900">
              Tell us what happened
            </label>
            <Textarea
              id={`${uid}-description`}
              value={description}
              rows={4}
              maxLength={INCIDENT_LIMITS.description}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${uid}-description-error` : undefined}
              onChange={(e) => {
                setDescription(e.target.value);
                setErrors((er) => ({ ...er, description: undefined }));
              }}
              placeholder="When it happened, what you saw, and what has been done so far"
            />
            {errors.description && (
              <p id={`${uid}-description-error`} role="alert" className="text-sm font-medium text-red-700">
                {errors.description}
              </p>
            )}
          </div>
          <PhotoChooser files={photos} onChange={setPhotos} max={INCIDENT_LIMITS.photos} tooMany={INCIDENT_MESSAGES.tooManyPhotos} />
          <DialogFormFooter error={errors.form} pending={report.isPending} submitLabel="Report the problem" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
