import { type FormEvent, useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IsoDate } from '@/domain/dates';
import { checkInAt } from '@/domain/money/cancellation';
import { MEET_LIMITS, MEET_MESSAGES, MEET_MODES, meetInstant, meetLocalTime, type MeetMode, meetTimeRule } from '@/domain/stays/meet';
import { inPageLanguage } from '@/web/i18n/known-words';
import { formatInstant } from '@/web/i18n/times';
import { ownWords } from '@/web/i18n/verbatim';
import { meetProposalSchema } from '@/domain/stays/meet-form';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useProposeMeet } from './api';

/** domain/stays/meet.ts MEET_MODE_LABELS, in the page's language. */
const MODE_NAME: Record<MeetMode, MessageDescriptor> = { home: msg`At the home`, video: msg`By video call` };

type Errors = Partial<Record<'note' | 'form', string>> & { times?: (string | undefined)[]; timesAll?: string };

/** The earliest and latest a time may be now, as the date-and-time field takes them (India). */
function bounds(startDate: IsoDate) {
  const now = Date.now();
  const earliest = new Date(Math.ceil((now + MEET_LIMITS.noticeMinutes * 60_000) / 900_000) * 900_000);
  const latest = new Date(Math.min(now + MEET_LIMITS.daysAhead * 86_400_000, checkInAt(startDate).getTime() - 60_000));
  return { min: meetLocalTime(earliest), max: meetLocalTime(latest) };
}

/**
 * Propose a meet & greet: at the home or by video call, one to three times (India time) from an
 * hour from now to 14 days ahead and before check-in; a note if wanted. Checked with the API's
 * schema and the same time rules before sending; a new proposal replaces the current one.
 */
export function ProposeMeetDialog({
  bookingId,
  startDate,
  other,
  viewer,
  open,
  onOpenChange,
}: {
  bookingId: string;
  startDate: IsoDate;
  other: string;
  viewer: 'guest' | 'host';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const propose = useProposeMeet(bookingId);
  const uid = useId();
  const [mode, setMode] = useState<MeetMode>('home');
  const [times, setTimes] = useState<string[]>(['']);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [{ min, max }] = useState(() => bounds(startDate));
  const { t, i18n } = useLingui();
  const pickTime = inPageLanguage(i18n, MEET_MESSAGES.pickTime);
  const daysAhead = MEET_LIMITS.daysAhead;
  const them = ownWords(other);

  const setTime = (i: number, value: string) => {
    setTimes((all) => all.map((time, j) => (j === i ? value : time)));
    setErrors((e) => ({ ...e, times: e.times?.map((m, j) => (j === i ? undefined : m)), timesAll: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const filled = times.filter((time) => time !== '');
    const parsed = meetProposalSchema.safeParse({ mode, times: filled, note });
    const next: Errors = {};
    const now = new Date();
    const timeErrors = times.map((time) => {
      if (time === '') return filled.length === 0 ? pickTime : undefined;
      const at = meetInstant(time);
      if (!at) return pickTime;
      const rule = meetTimeRule(at, now, startDate);
      if (rule === 'after_check_in') {
        const checkIn = formatInstant(checkInAt(startDate), i18n);
        return t`Choose a time before check-in (${checkIn})`;
      }
      return rule ? inPageLanguage(i18n, rule === 'too_soon' ? MEET_MESSAGES.tooSoon : MEET_MESSAGES.tooFar) : undefined;
    });
    if (timeErrors.some(Boolean)) next.times = timeErrors;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        // The mode is one of two radios, one always checked: only the note and the times can be wrong.
        if (field === 'note') next.note ??= inPageLanguage(i18n, issue.message);
        else if (!next.times) next.timesAll ??= inPageLanguage(i18n, issue.message);
      }
    }
    if (Object.keys(next).length > 0 || !parsed.success) return setErrors(next);
    setErrors({});
    try {
      await propose.mutateAsync(parsed.data);
      toast.success(t`Meet & greet proposed. ${other} has been told.`);
      onOpenChange(false);
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.status < 500 ? err.message : t`Your proposal could not be sent. Please try again.` });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Propose a meet & greet</Trans>
          </DialogTitle>
          <DialogDescription>
            {viewer === 'guest' ? (
              <Trans>
                Meet {them} and see the home before the stay. Offer up to three times; {them} picks one.
              </Trans>
            ) : (
              <Trans>
                Meet {them} and their pet before the stay. Offer up to three times; {them} picks one.
              </Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
          <fieldset>
            <legend className="text-[0.9375rem] font-semibold text-stone-900">
              <Trans>Where</Trans>
            </legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {MEET_MODES.map((m) => (
                <label
                  key={m}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-[0.9375rem] text-stone-800 ring-1 ring-stone-200 has-[:checked]:bg-primary-50 has-[:checked]:ring-primary-600"
                >
                  <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} className="size-4 accent-primary-600" />
                  {i18n._(MODE_NAME[m])}
                </label>
              ))}
            </div>
            {mode === 'home' && (
              <p className="mt-2 text-sm text-stone-600">
                <Trans>The address is shared only once the booking shows it; until then, agree where in messages.</Trans>
              </p>
            )}
          </fieldset>

          <fieldset aria-describedby={errors.timesAll ? `${uid}-times-error` : `${uid}-times-hint`}>
            <legend className="text-[0.9375rem] font-semibold text-stone-900">
              <Trans>Times you can meet</Trans>
            </legend>
            <p id={`${uid}-times-hint`} className="mt-0.5 text-sm text-stone-600">
              <Trans>India time, within the next {daysAhead} days and before check-in.</Trans>
            </p>
            <ol className="mt-2 flex flex-col gap-2">
              {times.map((time, i) => {
                const error = errors.times?.[i];
                const n = i + 1;
                return (
                  <li key={i} className="flex flex-col gap-1">
                    <div className="flex items-center gap-2">
                      <label htmlFor={`${uid}-time-${i}`} className="sr-only">
                        <Trans>Time {n}</Trans>
                      </label>
                      <Input
                        id={`${uid}-time-${i}`}
                        type="datetime-local"
                        value={time}
                        min={min}
                        max={max}
                        step={900}
                        onChange={(e) => setTime(i, e.target.value)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${uid}-time-${i}-error` : undefined}
                        className="flex-1"
                      />
                      {times.length > 1 && (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={t`Remove time ${n}`}
                          onClick={() => {
                            setTimes((all) => all.filter((_, j) => j !== i));
                            setErrors((e) => ({ ...e, times: undefined, timesAll: undefined }));
                          }}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      )}
                    </div>
                    {error && (
                      <p id={`${uid}-time-${i}-error`} role="alert" className="text-sm font-medium text-red-700">
                        {error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ol>
            {times.length < MEET_LIMITS.times && (
              <Button type="button" variant="ghost" size="sm" className="mt-1" onClick={() => setTimes((all) => [...all, ''])}>
                <Plus aria-hidden="true" />
                <Trans>Add another time</Trans>
              </Button>
            )}
            {errors.timesAll && (
              <p id={`${uid}-times-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                {errors.timesAll}
              </p>
            )}
          </fieldset>

          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${uid}-note`} className="text-[0.9375rem] font-semibold text-stone-900">
              <Trans>
                A note <span className="font-normal text-stone-600">(optional)</span>
              </Trans>
            </label>
            <Textarea
              id={`${uid}-note`}
              value={note}
              rows={2}
              maxLength={MEET_LIMITS.note}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? `${uid}-note-error` : undefined}
              onChange={(e) => setNote(e.target.value)}
              placeholder={viewer === 'guest' ? t`Anything that helps, like a short walk together first` : t`Anything to bring, like a lead or a favourite toy`}
            />
            {errors.note && (
              <p id={`${uid}-note-error`} role="alert" className="text-sm font-medium text-red-700">
                {errors.note}
              </p>
            )}
          </div>
          <DialogFormFooter error={errors.form} pending={propose.isPending} submitLabel={t`Send proposal`} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
