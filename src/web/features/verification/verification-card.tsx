import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BadgeCheck, CircleCheck, Clock, Loader2, ShieldCheck } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { VerificationAnswer } from '@/domain/contracts/verification';
import type { IsoDate } from '@/domain/dates';
import { todayInIndia } from '@/domain/dates';
import {
  AADHAAR_MASKING_HELP,
  ID_DOCUMENT_NAMES,
  ID_DOCUMENT_TYPES,
  ID_FILE_MAX_BYTES,
  type IdDocumentType,
  VERIFICATION_MESSAGES,
} from '@/domain/verification';
import { Button } from '@/web/components/ui/button';
import { Select } from '@/web/components/ui/select';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { toast } from '@/web/lib/toast';
import { useChooseCall, useConfirmPhotos, useSubmitVerification, useUploadId, verificationQuery } from './api';
import * as queryKeys from '@/web/lib/query-keys';
import { formatDate, formatInstant, formatTimeInIndia, formatWeekdayDate } from '@/web/i18n/times';
import { inPageLanguage } from '@/web/i18n/known-words';
import { verbatim } from '@/web/i18n/verbatim';

// /host's "Get verified" (issue 23): the three steps that earn the Verified badge, each with its
// state, then "Under review", then "Verified" or the operator's reason and a new try. Its own
// chunk, loaded with the dashboard.

const errorText = (err: unknown, i18n: I18n) => (err instanceof ApiError && err.status < 500 ? err.message : i18n._(msg`Could not save. Please try again.`));

/** The state of a rejected attempt is not carried into the next: its steps show as to do. */
function stepsOf(v: VerificationAnswer) {
  const fresh = v.status === 'rejected' || v.status === 'none';
  return {
    id: fresh ? null : v.id_document,
    photos: !fresh && v.photos_confirmed,
    call: fresh ? null : v.call_at,
  };
}

export default function VerificationCard() {
  const { data: v } = useQuery(verificationQuery);
  // Sent from this card: the "Under review" that replaces it takes the focus the button had.
  const [sent, setSent] = useState(false);
  if (!v) return null;
  if (v.verified) {
    return (
      <p className="mt-6 flex items-center gap-2 rounded-2xl bg-emerald-50 px-5 py-3.5 text-[0.9375rem] text-emerald-950 ring-1 ring-emerald-200" data-testid="verification-verified">
        <BadgeCheck className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <span>
          <Trans>
            <span className="font-semibold">You are verified.</span> Every listing of yours carries the Verified badge.
          </Trans>
        </span>
      </p>
    );
  }
  if (v.status === 'submitted') return <UnderReview callAt={v.call_at!} focus={sent} />;
  return <Steps v={v} onSent={() => setSent(true)} />;
}

function UnderReview({ callAt, focus }: { callAt: string; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { i18n } = useLingui();
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const when = <span className="font-semibold">{verbatim(formatInstant(callAt, i18n))}</span>;
  return (
    <section aria-labelledby="verification-title" className="mt-6 surface-card p-5 sm:p-6" data-testid="verification-card">
      <h2 id="verification-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold text-stone-900 outline-none">
        <Clock className="size-5 text-amber-700" aria-hidden="true" />
        <Trans>Under review</Trans>
      </h2>
      <p className="mt-2 text-stone-700">
        <Trans>We have your ID and your photos. Your video call is on {when} (India time). We decide within 1-2 business days and will e-mail you.</Trans>
      </p>
    </section>
  );
}

function Steps({ v, onSent }: { v: VerificationAnswer; onSent: () => void }) {
  const steps = stepsOf(v);
  const submit = useSubmitVerification();
  const queryClient = useQueryClient();
  const ready = steps.id !== null && steps.photos && steps.call !== null;
  const { t, i18n } = useLingui();
  const send = async () => {
    try {
      onSent();
      await submit.mutateAsync(undefined);
      toast.success(t`Sent for review: we will e-mail you`);
    } catch (err) {
      toast.error(errorText(err, i18n));
      // A call time taken or passed meanwhile: the card shows the step to do again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.host.verification });
    }
  };
  return (
    <section aria-labelledby="verification-title" className="mt-6 surface-card p-5 sm:p-6" data-testid="verification-card">
      <div className="flex items-start gap-3">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700 sm:flex">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="verification-title" className="text-lg font-bold text-stone-900">
            <Trans>Get verified</Trans>
          </h2>
          <p className="mt-1 text-[0.9375rem] text-stone-700">
            <Trans>Verified hosts carry the Verified badge on every listing, in search and on the listing page. Three steps; we decide within 1-2 business days.</Trans>
          </p>
        </div>
      </div>
      {v.status === 'rejected' && (
        <div role="note" className="mt-4 rounded-2xl bg-red-50 px-4 py-3 text-[0.9375rem] text-red-950 ring-1 ring-red-200" data-testid="verification-rejected">
          <p className="font-semibold">
            <Trans>We could not approve your last request.</Trans>
          </p>
          <p className="mt-1">{v.reason}</p>
          <p className="mt-1">
            <Trans>You can try again below.</Trans>
          </p>
        </div>
      )}
      <ol className="mt-5 flex flex-col gap-3">
        <Step n={1} title={t`Your government ID`} done={steps.id !== null} summary={steps.id && <IdSent type={steps.id.type} on={formatDate(todayInIndia(new Date(steps.id.uploaded_at)), i18n)} />}>
          {(close) => <IdForm onDone={close} />}
        </Step>
        <Step n={2} title={t`Your home's photos`} done={steps.photos} summary={steps.photos && <Trans>Confirmed as photos of your own home</Trans>}>
          {(close) => <PhotosForm photoCount={v.photo_count} onDone={close} />}
        </Step>
        <Step n={3} title={t`A short video call`} done={steps.call !== null} summary={steps.call && <CallAt when={formatInstant(steps.call, i18n)} />}>
          {(close) => <CallForm slots={v.slots} current={steps.call} onDone={close} />}
        </Step>
      </ol>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => void send()} disabled={!ready || submit.isPending} aria-describedby={ready ? undefined : 'verification-ready-hint'}>
          {submit.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          <Trans>Send for review</Trans>
        </Button>
        {!ready && (
          <p id="verification-ready-hint" className="text-sm text-stone-600">
            <Trans>Finish the three steps to send your request.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * A step: its state, and its form, open while it is to do or being changed (with a Cancel). When
 * the form closes, its heading takes the focus, which the form's button had.
 */
function Step({ n, title, done, summary, children }: { n: number; title: string; done: boolean; summary: ReactNode; children: (close: () => void) => ReactNode }) {
  const [changing, setChanging] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = !done || changing;
  const { i18n } = useLingui();
  const close = () => {
    setChanging(false);
    requestAnimationFrame(() => heading.current?.focus());
  };
  return (
    <li className={cn('rounded-2xl border p-4', done && !changing ? 'border-emerald-200 bg-emerald-50/40' : 'border-stone-200')} data-testid={`verification-step-${n}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold text-stone-900 outline-none">
          {done ? (
            <CircleCheck className="size-5 text-emerald-700" aria-hidden="true" />
          ) : (
            <span className="flex size-5 items-center justify-center rounded-full bg-stone-200 text-xs font-bold text-stone-700" aria-hidden="true">
              {n}
            </span>
          )}
          {title}
          <span className="sr-only">{done ? <Trans>: done</Trans> : <Trans>: to do</Trans>}</span>
        </h3>
        {done && (
          <button type="button" className="text-sm font-semibold text-primary-800 underline underline-offset-4" onClick={() => (changing ? close() : setChanging(true))}>
            {changing ? <Trans>Cancel</Trans> : <Trans>Change</Trans>}
            <span className="sr-only"> {title.toLocaleLowerCase(i18n.locale)}</span>
          </button>
        )}
      </div>
      {done && !changing && <p className="mt-1 text-sm text-stone-700">{summary}</p>}
      {open && <div className="mt-3">{children(close)}</div>}
    </li>
  );
}

function IdForm({ onDone }: { onDone: () => void }) {
  const upload = useUploadId();
  const [type, setType] = useState<IdDocumentType | ''>('');
  const { t, i18n } = useLingui();
  const { error, send } = useStepSend(upload.mutateAsync, () => {
    toast.success(t`ID received`);
    onDone();
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const file = new FormData(e.currentTarget).get('file') as File | null;
    if (!type) return send(VERIFICATION_MESSAGES.idType);
    if (!file || file.size === 0) return send(VERIFICATION_MESSAGES.idFile);
    if (file.size > ID_FILE_MAX_BYTES) return send(VERIFICATION_MESSAGES.idFileSize);
    send(undefined, { type, file });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="id-type" className="text-sm font-semibold text-stone-900">
            <Trans>Kind of ID</Trans>
          </label>
          <Select
            id="id-type"
            value={type}
            onChange={(e) => setType(e.target.value as IdDocumentType)}
            aria-invalid={error === VERIFICATION_MESSAGES.idType || undefined}
            aria-describedby={error === VERIFICATION_MESSAGES.idType ? 'id-error' : undefined}
          >
            <option value="" disabled>
              {t`Choose…`}
            </option>
            {ID_DOCUMENT_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {inPageLanguage(i18n, ID_DOCUMENT_NAMES[kind])}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="id-file" className="text-sm font-semibold text-stone-900">
            <Trans>Photo or scan (JPEG, PNG or PDF, up to 10 MB)</Trans>
          </label>
          <input
            id="id-file"
            name="file"
            aria-invalid={error !== undefined && error !== VERIFICATION_MESSAGES.idType ? true : undefined}
            aria-describedby={error ? 'id-error' : undefined}
            type="file"
            accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf"
            className="block w-full rounded-xl border border-stone-300 bg-white text-sm text-stone-700 file:mr-3 file:h-11 file:border-0 file:bg-stone-100 file:px-4 file:font-semibold file:text-stone-800 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
          />
        </div>
      </div>
      <p className={cn('text-sm', type === 'aadhaar_masked' ? 'rounded-xl bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-200' : 'text-stone-600')}>
        {type === 'aadhaar_masked' ? inPageLanguage(i18n, AADHAAR_MASKING_HELP) : <Trans>Your ID is kept private: only our verification team sees it, and we delete it 30 days after our decision.</Trans>}
      </p>
      <FormEnd errorId="id-error" error={error} pending={upload.isPending} label={t`Upload ID`} />
    </form>
  );
}

function PhotosForm({ photoCount, onDone }: { photoCount: number; onDone: () => void }) {
  const confirm = useConfirmPhotos();
  const [checked, setChecked] = useState(false);
  const { error, send } = useStepSend(confirm.mutateAsync, onDone);
  const { t, i18n } = useLingui();
  if (photoCount === 0) {
    return (
      <p className="text-sm text-stone-700">
        {inPageLanguage(i18n, VERIFICATION_MESSAGES.noPhotos)}.{' '}
        <Link to="/host" className="font-semibold text-primary-800 underline underline-offset-4">
          <Trans>Your listings</Trans>
        </Link>
      </p>
    );
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send(checked ? undefined : VERIFICATION_MESSAGES.photos, undefined);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <p className="text-sm text-stone-700">
        <Plural
          value={photoCount}
          one="Your listings have # photo. On the call we ask you to show us the rooms they show."
          other="Your listings have # photos. On the call we ask you to show us the rooms they show."
        />
      </p>
      <label className="flex items-start gap-2.5 text-[0.9375rem] text-stone-800">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'photos-error' : undefined}
          className="mt-0.5 size-4 accent-primary-700"
        />
        <Trans>These photos are of my own home, as it is today</Trans>
      </label>
      <FormEnd errorId="photos-error" error={error} pending={confirm.isPending} label={t`Confirm photos`} />
    </form>
  );
}

function CallForm({ slots, current, onDone }: { slots: VerificationAnswer['slots']; current: string | null; onDone: () => void }) {
  const choose = useChooseCall();
  const [value, setValue] = useState(current ?? '');
  const { error, send } = useStepSend(choose.mutateAsync, onDone);
  const { t, i18n } = useLingui();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send(value ? undefined : VERIFICATION_MESSAGES.slot, value);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="call-slot" className="text-sm font-semibold text-stone-900">
          <Trans>Call time (India time, 30 minutes)</Trans>
        </label>
        <Select id="call-slot" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'call-error' : undefined}>
          <option value="" disabled>
            {t`Choose a time…`}
          </option>
          {slots.map((day) => {
            const dayName = formatWeekdayDate(day.date as IsoDate, i18n);
            return (
              <optgroup key={day.date} label={dayName}>
                {day.starts.map((start) => (
                  <option key={start} value={start}>
                    {dayName}, {formatTimeInIndia(start, i18n)}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </Select>
      </div>
      <p className="text-sm text-stone-600">
        <Trans>Calls are Mon-Fri 9-6 and Sat 10-4. Have your ID and your home ready to show.</Trans>
      </p>
      <FormEnd errorId="call-error" error={error} pending={choose.isPending} label={t`Choose this time`} />
    </form>
  );
}

/**
 * A step form's sending: the form's own `problem` is shown and nothing is sent; else `input` is
 * sent, and the server's refusal shown, or `onDone` called.
 */
function useStepSend<I>(mutate: (input: I) => Promise<unknown>, onDone: () => void) {
  const [error, setError] = useState<string>();
  const { i18n } = useLingui();
  const send = (problem: string | undefined, input?: I) => {
    setError(problem);
    if (problem) return;
    mutate(input as I).then(onDone, (err: unknown) => setError(errorText(err, i18n)));
  };
  return { error, send };
}

/** A step form's end: its error, tied to the fields by `errorId`, and its button. */
function FormEnd({ errorId, error, pending, label }: { errorId: string; error: string | undefined; pending: boolean; label: string }) {
  const { i18n } = useLingui();
  return (
    <>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {inPageLanguage(i18n, error)}
        </p>
      )}
      <div>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {label}
        </Button>
      </div>
    </>
  );
}

/** "PAN card sent on 27 Nov 2026". */
function IdSent({ type, on }: { type: IdDocumentType; on: string }) {
  const { i18n } = useLingui();
  const kind = inPageLanguage(i18n, ID_DOCUMENT_NAMES[type]);
  return <Trans>{kind} sent on {on}</Trans>;
}

/** "27 Nov, 9:00 am (India time)". */
function CallAt({ when }: { when: string }) {
  return <Trans>{when} (India time)</Trans>;
}
