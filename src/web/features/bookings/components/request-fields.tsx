import { useId } from 'react';
import { Loader2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BOOKING_NOTE_MAX } from '@/domain/booking-form';
import { STAY_SIZES, type StaySize } from '@/domain/pet-sizes';
import { STAY_SIZE_LABEL } from '@/web/i18n/domain-labels';
import { DateRangePicker } from '@/web/components/date-range-picker';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Select } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import type { DateRangeValue } from '@/web/lib/date-range';
import { type PressModule, pressCode } from '@/web/lib/press-code';

// The parts of a request for a stay, shared by the listing page's card and the search sheet: each
// keeps SPEC.md's own words in English (passed in where they differ), both send through useRequestStay.

export function StayDatesField({ value, onChange, className }: { value: DateRangeValue; onChange: (range: DateRangeValue) => void; className?: string }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label id={id} as="span">
        <Trans>Dates</Trans>
      </Label>
      <DateRangePicker aria-labelledby={id} value={value} onChange={onChange} placeholder={t`Check-in - Check-out`} />
    </div>
  );
}

/** The pet size of a request that names no pet; sizes the home does not take are shown, disabled. */
export function StaySizeField({
  value,
  onChange,
  accepted = STAY_SIZES,
  hint,
  className,
}: {
  value: StaySize | '';
  onChange: (size: StaySize | '') => void;
  accepted?: readonly StaySize[];
  hint?: string;
  className?: string;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>
        <Trans>Pet size</Trans>
      </Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as StaySize | '')}>
        <option value="">{t`Select pet size`}</option>
        {STAY_SIZES.map((s) => {
          const label = i18n._(STAY_SIZE_LABEL[s]);
          return (
            <option key={s} value={s} disabled={!accepted.includes(s)}>
              {accepted.includes(s) ? label : t`${label} · not accepted here`}
            </option>
          );
        })}
      </Select>
      {hint && <p className="text-sm text-stone-600">{hint}</p>}
    </div>
  );
}

export function StayNoteField({
  value,
  onChange,
  label,
  placeholder,
  className,
}: {
  value: string;
  onChange: (note: string) => void;
  label: React.ReactNode;
  placeholder: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} rows={3} className="min-h-24" maxLength={BOOKING_NOTE_MAX} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />
    </div>
  );
}

/**
 * Request to Book, and what it does not do yet; `needs`: the code its press needs (lib/press-code.ts);
 * `meetFirst`: the host meets new guests before accepting them (domain/stays/meet.ts).
 */
export function RequestButton({ pending, needs, meetFirst, className }: { pending: boolean; needs?: PressModule; meetFirst?: boolean; className?: string }) {
  return (
    <>
      <Button type="submit" size="lg" className={cn('w-full', className)} disabled={pending} {...pressCode(needs)}>
        {pending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {pending ? <Trans>Submitting...</Trans> : <Trans>Request to Book</Trans>}
      </Button>
      <p className="-mt-1 text-center text-sm text-stone-600">
        {meetFirst ? (
          <Trans>You won't pay anything yet. This host meets new guests first: after your request, propose a meet & greet from your bookings.</Trans>
        ) : (
          <Trans>You won't pay anything yet. The host answers within 24 hours.</Trans>
        )}
      </p>
    </>
  );
}

/** The server's own words for a refused request, when the guest can act on them. */
export function requestRefusal(err: unknown): string | undefined {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.code !== 'http_error' && err.message ? err.message : undefined;
}
