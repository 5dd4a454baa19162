import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { formatDocumentDate, formatInstantInIndia, todayInIndia } from '@/domain/dates';
import type { OperatorActionRecord } from '@/domain/contracts/ops';
import type { OpsIncidentSummary } from '@/domain/contracts/incident';
import { arrivalAnswerText } from '@/domain/stays/arrival';
import { type AuditTarget, OPERATOR_ACTION_NAMES } from '@/domain/operator-actions';
import { Button, type ButtonVariant } from '@/web/components/ui/button';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { toast } from '@/web/lib/toast';
import { historyQuery, useListingVisibility, useSuspension } from './api';

// What every part of the console shares: an action taken with a reason, and a target's record.

const REASON_MIN = 10;

/** The server's refusal in its words, or a generic line when the request itself failed. */
export const refusalOf = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : 'Could not save that. Please try again.');

/**
 * A button that opens a short form for the action's reason (kept in the record; `optional` for a
 * note that may stay empty), then acts. On success the form closes and `done` is toasted; a
 * refusal stays on the form, in the server's words.
 */
export function ReasonAction({
  label,
  reasonLabel,
  done,
  optional = false,
  tooShort = `Give a reason of at least ${REASON_MIN} characters`,
  hint,
  about,
  variant = 'outline',
  act,
}: {
  label: string;
  /** What it acts on, for screen readers, where several such buttons share a list. */
  about?: string;
  reasonLabel: string;
  done: string;
  optional?: boolean;
  /** What a reason under 10 characters is told. */
  tooShort?: string;
  /** What the action does, said before it is done. */
  hint?: string;
  variant?: ButtonVariant;
  act: (reason: string) => Promise<unknown>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  // Closed (cancelled, or done with the item still there), the focus goes back to the button.
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => {
    setOpen(false);
    setError(undefined);
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    if (!optional && reason.length < REASON_MIN) return setError(tooShort);
    setPending(true);
    try {
      await act(reason);
      toast.success(done);
      close();
    } catch (err) {
      setError(refusalOf(err));
    } finally {
      setPending(false);
    }
  };
  if (!open) {
    return (
      <Button ref={opener} type="button" size="sm" variant={variant} onClick={() => setOpen(true)} aria-label={about ? `${label}: ${about}…` : undefined}>
        {label}…
      </Button>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex basis-full flex-col gap-2 rounded-2xl bg-sand-50 p-4" noValidate>
      <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-stone-900">
        {reasonLabel}
        {optional && <span className="font-normal text-stone-600"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {hint}
        </p>
      )}
      <Textarea
        id={`${id}-reason`}
        name="reason"
        rows={2}
        maxLength={1000}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {label}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * A target's record of operator actions, asked for when opened. `label` names it where a card
 * holds the records of several targets (an account's own, its listings', its requests').
 */
export function History({ type, id, label = 'History', className = 'mt-4' }: { type: AuditTarget; id: string; label?: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...historyQuery(type, id), enabled: open });
  return (
    <details className={cn('text-sm', className)} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-stone-700">{label}</summary>
      {history.data ? (
        <HistoryList records={history.data} />
      ) : open ? (
        <p className="mt-2 text-stone-600">Loading…</p>
      ) : null}
    </details>
  );
}

/** A target's record, oldest first: when, what, who, and the words given. */
export function HistoryList({ records }: { records: readonly OperatorActionRecord[] }) {
  if (records.length === 0) return <p className="mt-2 text-stone-600">No operator action yet.</p>;
  return (
    <ul className="mt-2 flex flex-col gap-1 text-stone-700">
      {records.map((h) => (
        <li key={h.id} className="break-words">
          {formatInstantInIndia(h.created_at)}: {OPERATOR_ACTION_NAMES[h.action]} by {h.operator}
          {h.reason ? `: ${h.reason}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The card every item of the console sits in. */
export const ITEM_CLASS = 'surface-card p-5 sm:p-6';

/** "14 Jan 2025": the day an account was made, in India. */
export const joinedOn = (joinedAt: string) => formatDocumentDate(todayInIndia(new Date(joinedAt)));

/**
 * The first row of an item about a person: who (the heading `titleId` names the item by), a line
 * under it, and on the right what stands out about them. `email` is the line that holds their
 * address, which may be broken anywhere to fit a phone.
 */
export function PersonHeader({ titleId, title, detail, aside, email }: { titleId: string; title: ReactNode; detail: ReactNode; aside?: ReactNode; email: 'title' | 'detail' }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h3 id={titleId} className={cn('text-lg font-bold text-stone-900', email === 'title' && 'break-all')}>
          {title}
        </h3>
        <p className={cn('text-sm text-stone-600', email === 'detail' && 'break-all')}>{detail}</p>
      </div>
      {aside}
    </div>
  );
}

/** Suspending an account: said what it does before it is done. */
export function SuspendAction({ id, email }: { id: string; email: string }) {
  const suspension = useSuspension();
  return (
    <ReasonAction
      label="Suspend account"
      reasonLabel="Why the account is suspended (kept in the record, not sent)"
      hint="They are signed out everywhere and cannot sign in; their listings leave search; their open requests and stays yet to start end, a paid one refunded in full; they are e-mailed."
      done={`${email} is suspended`}
      act={(reason) => suspension.mutateAsync({ id, suspend: true, reason })}
    />
  );
}

/** Hiding a listing from guests, or showing a hidden one again. */
export function ListingVisibilityAction({ id, title, hidden }: { id: string; title?: string; hidden: boolean }) {
  const visibility = useListingVisibility();
  return (
    <ReasonAction
      label={hidden ? 'Show again' : 'Hide listing'}
      about={title}
      reasonLabel={hidden ? 'Why it is shown again (kept in the record)' : 'Why it is hidden (kept in the record)'}
      done={hidden ? 'The listing is shown again' : 'The listing is hidden'}
      act={(reason) => visibility.mutateAsync({ id, hide: !hidden, reason })}
    />
  );
}

/** A no-show's two answers to "What happened?". */
export function ArrivalAnswers({ answers }: { answers: NonNullable<OpsIncidentSummary['answers']> }) {
  return (
    <p className="mt-1 text-sm text-stone-700">
      <span className="font-semibold text-stone-900">Guest:</span> {arrivalAnswerText(answers.guest)} · <span className="font-semibold text-stone-900">Host:</span> {arrivalAnswerText(answers.host)}
    </p>
  );
}
