import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDay } from '@/web/lib/date-range';
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_WINDOW_DAYS } from '@/domain/reviews';
import { type PendingReview, reviewCreateSchema } from '@/domain/contracts/review';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { useWriteReview } from '../write-review';
import { reviewCopy } from './review-copy';
import { ReviewTitle } from './review-title';
import { StarRatingInput } from './star-rating-input';

type Errors = Partial<Record<'rating' | 'body' | 'form', string>>;

/**
 * The one review form, in a dialog, for both sides of a stay. Checked with the API's own schema
 * before sending; the server's message is shown when it still refuses (e.g. the window closed).
 */
export function ReviewDialog({ pending, open, onOpenChange }: { pending: PendingReview; open: boolean; onOpenChange: (open: boolean) => void }) {
  const write = useWriteReview();
  const [rating, setRating] = useState<number>();
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { t, i18n } = useLingui();
  const copy = reviewCopy(pending, i18n);
  const name = pending.other_first_name;
  const checkout = formatDay(pending.checkout_date, i18n);
  const deadline = formatDay(pending.deadline, i18n);
  const length = body.trim().length;
  const countId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = reviewCreateSchema.safeParse({ rating, body });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'rating' | 'body'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const review = await write.mutateAsync({ bookingId: pending.booking_id, listingId: pending.listing_id, input: parsed.data });
      toast.success(copy.success, {
        description: review.published ? t`Both reviews are now published.` : t`It is published once ${name} has written theirs, or ${REVIEW_WINDOW_DAYS} days after checkout.`,
      });
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        setErrors({ rating: err.fields?.rating, body: err.fields?.body, form: err.fields ? undefined : err.message });
      } else {
        setErrors({ form: t`Your review could not be sent. Please try again.` });
      }
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <ReviewTitle pending={pending} />
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Checked out {checkout}. Write yours by {deadline}: reviews are published once both of you have written, or after {REVIEW_WINDOW_DAYS} days.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6">
          <StarRatingInput
            value={rating}
            onChange={(n) => {
              setRating(n);
              setErrors((x) => ({ ...x, rating: undefined }));
            }}
            legend={copy.legend}
            error={errors.rating}
          />
          <FormField label={copy.label} error={errors.body}>
            {(control) => (
              <div className="flex flex-col gap-1.5">
                <Textarea
                  {...control}
                  aria-describedby={[control['aria-describedby'], countId].filter(Boolean).join(' ')}
                  value={body}
                  // A little over the limit: a long paste is not cut silently, the count turns red instead.
                  maxLength={REVIEW_BODY_MAX + 50}
                  onChange={(e) => {
                    setBody(e.target.value);
                    setErrors((x) => ({ ...x, body: undefined }));
                  }}
                  placeholder={t`What went well? What should others know?`}
                />
                <div id={countId} className="flex justify-between gap-3 text-sm text-stone-600">
                  {/* The rule, unless its message is already shown below. */}
                  <span>{errors.body ? '' : t`At least ${REVIEW_BODY_MIN} characters`}</span>
                  <span className={cn('tabular-nums', length > REVIEW_BODY_MAX && 'font-semibold text-red-700')}>
                    {length.toLocaleString('en-IN')} / {REVIEW_BODY_MAX.toLocaleString('en-IN')}
                    <span className="sr-only">
                      {' '}
                      <Trans>characters</Trans>
                    </span>
                  </span>
                </div>
              </div>
            )}
          </FormField>
          <DialogFormFooter error={errors.form} pending={write.isPending} submitLabel={t`Submit review`} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
