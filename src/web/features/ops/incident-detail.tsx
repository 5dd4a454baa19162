import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type FormEvent, type ReactNode, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import type { OpsIncident } from '@/domain/contracts/incident';
import { BOOKING_STATUS_LABELS } from '@/domain/bookings';
import { formatDateRange, formatInstantInIndia } from '@/domain/dates';
import { formatPaise } from '@/domain/money/units';
import { phoneText } from '@/domain/stays/care-times';
import { incidentResolveSchema } from '@/domain/stays/incident-form';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/cn';
import { toast } from '@/web/lib/toast';
import { CareSheetView, StayPhotos, stageWords } from '@/web/features/stays';
import { incidentQuery, useMessageAboutIncident, useNoteIncident, useResolveIncident } from './api';
import { ArrivalAnswers, HistoryList, ReasonAction, refusalOf } from './parts';

// A problem opened in the operators' queue (incidents-queue.tsx): the stay, its money, the care
// sheets, the updates and the messages, what to do about it, and its record.

const SECTION = 'mt-5 border-t border-stone-200 pt-4';
const H4 = 'text-base font-bold text-stone-900';

export function IncidentDetail({ id }: { id: string }) {
  const detail = useQuery(incidentQuery(id));
  const { i18n } = useLingui();
  if (detail.isPending) return <LoadingBlocks label="Opening the problem" className="mt-4" blockClassName="h-40 rounded-3xl" />;
  if (detail.isError) {
    return (
      <LoadFailed className="mt-4" onRetry={() => void detail.refetch()}>
        Could not open the problem.
      </LoadFailed>
    );
  }
  const d = detail.data;
  const { booking } = d;
  return (
    <div className="mt-2">
      {d.incident.status === 'resolved' && (
        <p className="mt-3 rounded-2xl bg-primary-50 px-3 py-2 text-sm text-primary-900">
          <span className="font-semibold">Resolved {d.incident.resolved_at ? formatInstantInIndia(d.incident.resolved_at) : ''}: </span>
          {d.incident.resolution}
          {d.incident.refund_paise ? ` (${d.incident.refund_percent}% refunded, ${formatPaise(d.incident.refund_paise)})` : ''}
        </p>
      )}
      <div className={SECTION}>
        <h4 className={H4}>The stay</h4>
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Fact label="Where">
            {booking.listing.title}, {booking.listing.locality}, {booking.listing.city}
          </Fact>
          <Fact label="When">
            {formatDateRange(booking.start_date, booking.end_date)} · {booking.nights} {booking.nights === 1 ? 'night' : 'nights'}
          </Fact>
          <Fact label="Status">
            {BOOKING_STATUS_LABELS[booking.status]}
            {booking.stage ? ` · ${stageWords(booking.stage, i18n)}` : ''}
          </Fact>
          <Fact label="Money">
            {booking.paid_paise === null ? 'Not paid' : `Paid ${formatPaise(booking.paid_paise)}`}
            {booking.refunded_paise > 0 ? ` · refunded ${formatPaise(booking.refunded_paise)}` : ''}
            {booking.payout ? ` · host's payout ${formatPaise(booking.payout.amount_paise)}, ${booking.payout.status}` : ''}
            {booking.payout?.recovery ? ` · ${formatPaise(booking.payout.recovery.amount_paise)} ${RECOVERY_WORDS[booking.payout.recovery.status]}` : ''}
          </Fact>
          <Person label="Guest" person={booking.guest} />
          <Person label="Host" person={booking.host} />
        </dl>
      </div>
      <div className={SECTION}>
        <h4 className={H4}>{d.incident.kind === 'no_show' ? 'What both sides say' : 'What was reported'}</h4>
        <p className="mt-2 break-words whitespace-pre-line text-stone-800">{d.incident.description}</p>
        {d.incident.photos.length > 0 && (
          <Suspense fallback={<p className="mt-2 text-sm text-stone-600">Loading the photos…</p>}>
            <StayPhotos photos={d.incident.photos} alt={(i) => `Photo ${i + 1} of ${d.incident.photos.length} sent with the report`} />
          </Suspense>
        )}
        {d.incident.answers && <ArrivalAnswers answers={d.incident.answers} />}
      </div>
      {d.pets.map((p) => (
        <details key={p.name} className={SECTION}>
          <summary className={cn(H4, 'cursor-pointer')}>{p.name}&apos;s care sheet</summary>
          {p.care_sheet ? (
            <Suspense fallback={<p className="mt-2 text-sm text-stone-600">Loading…</p>}>
              <CareSheetView sheet={p.care_sheet} />
            </Suspense>
          ) : (
            <p className="mt-2 text-sm text-stone-600">No care sheet was written.</p>
          )}
        </details>
      ))}
      <details className={SECTION}>
        <summary className={cn(H4, 'cursor-pointer')}>Updates ({d.updates.length})</summary>
        <ul className="mt-2 flex flex-col gap-2 text-sm text-stone-700">
          {d.updates.map((u) => (
            <li key={u.created_at} className="break-words">
              {formatInstantInIndia(u.created_at)}: {u.kind === 'arrival' ? 'Checked in' : 'Update'}
              {u.note ? `, "${u.note}"` : ''} · {u.ticks} {u.ticks === 1 ? 'tick' : 'ticks'}, {u.photos} {u.photos === 1 ? 'photo' : 'photos'}
            </li>
          ))}
        </ul>
      </details>
      <details className={SECTION}>
        <summary className={cn(H4, 'cursor-pointer')}>Messages ({d.messages.length})</summary>
        <ul className="mt-2 flex flex-col gap-2 text-sm text-stone-700">
          {d.messages.map((m, i) => (
            <li key={`${m.created_at}-${i}`} className="break-words whitespace-pre-line">
              <span className="font-semibold">{m.from === 'guest' ? booking.guest.name : booking.host.name}</span>, {formatInstantInIndia(m.created_at)}: {m.body}
            </li>
          ))}
        </ul>
      </details>
      {d.other_incidents.length > 0 && (
        <div className={SECTION}>
          <h4 className={H4}>Other problems on this stay</h4>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-stone-700">
            {d.other_incidents.map((o) => (
              <li key={o.id}>
                {formatInstantInIndia(o.created_at)}: {o.kind_name}, {o.status}
              </li>
            ))}
          </ul>
        </div>
      )}
      <IncidentActions detail={d} />
      <div className={SECTION}>
        <h4 className={H4}>Record</h4>
        <HistoryList records={d.history} />
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-semibold text-stone-600">{label}</dt>
      <dd className="break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** What became of the host's share of a refund decided after their payout was paid (decision 055). */
const RECOVERY_WORDS = {
  due: 'being taken back from the host',
  recovered: 'taken back from the host',
  owed: 'owed by the host: the provider would not give it back',
} as const;

function Person({ label, person }: { label: string; person: OpsIncident['booking']['guest'] }) {
  return (
    <Fact label={label}>
      <Link to={`/ops?tab=accounts&account=${person.id}`} className="font-semibold text-primary-800 underline underline-offset-4">
        {person.name}
      </Link>{' '}
      <span className="break-all">({person.email})</span>
      {person.phone && (
        <>
          {' · '}
          <a href={`tel:${person.phone}`} className="font-semibold text-primary-800 underline underline-offset-4">
            {phoneText(person.phone)}
          </a>
        </>
      )}
    </Fact>
  );
}

function IncidentActions({ detail }: { detail: OpsIncident }) {
  const note = useNoteIncident();
  const message = useMessageAboutIncident();
  const id = detail.incident.id;
  if (detail.incident.status !== 'open') return null;
  return (
    <div className={SECTION}>
      <h4 className={H4}>Act on it</h4>
      <div className="mt-3 flex flex-wrap gap-2">
        <ReasonAction
          label="Add a note"
          reasonLabel="Note (kept in the record; the guest and the host do not read it)"
          tooShort="Write a note of at least 10 characters"
          done="Note added"
          act={(text) => note.mutateAsync({ id, note: text })}
        />
        <ReasonAction
          label="Write to both sides"
          reasonLabel="Message (mailed to the guest and the host, and kept in the record)"
          tooShort="Write a message of at least 10 characters"
          done="Sent to the guest and the host"
          act={(text) => message.mutateAsync({ id, message: text })}
        />
      </div>
      <ResolveForm detail={detail} />
    </div>
  );
}

/** The resolution both sides read, and the share of the stay refunded (0 when none, or when it cannot be). */
function ResolveForm({ detail }: { detail: OpsIncident }) {
  const resolve = useResolveIncident();
  const uid = useId();
  const [resolution, setResolution] = useState('');
  const [percent, setPercent] = useState('0');
  const [errors, setErrors] = useState<Partial<Record<'resolution' | 'refund_percent' | 'form', string>>>({});
  const { refund, booking } = detail;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = incidentResolveSchema.safeParse({ resolution, refund_percent: percent.trim() === '' ? Number.NaN : Number(percent) });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] === 'resolution' ? 'resolution' : 'refund_percent'] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      await resolve.mutateAsync({ id: detail.incident.id, resolution: parsed.data.resolution, refundPercent: parsed.data.refund_percent });
      toast.success(parsed.data.refund_percent > 0 ? `Resolved, with ${parsed.data.refund_percent}% of the stay refunded` : 'Resolved');
    } catch (err) {
      setErrors({ form: refusalOf(err) });
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-3 rounded-2xl bg-sand-50 p-4" aria-labelledby={`${uid}-title`}>
      <p id={`${uid}-title`} className="font-semibold text-stone-900">
        Resolve
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${uid}-resolution`} className="text-sm font-semibold text-stone-900">
          What was decided (the guest and the host read it)
        </label>
        <Textarea
          id={`${uid}-resolution`}
          rows={3}
          maxLength={1000}
          value={resolution}
          onChange={(e) => setResolution(e.target.value)}
          aria-invalid={errors.resolution ? true : undefined}
          aria-describedby={errors.resolution ? `${uid}-resolution-error` : undefined}
        />
        {errors.resolution && (
          <p id={`${uid}-resolution-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.resolution}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${uid}-percent`} className="text-sm font-semibold text-stone-900">
          Refund to the guest, % of the stay
        </label>
        <p id={`${uid}-percent-hint`} className="text-sm text-stone-700">
          {refund.possible
            ? refund.from === 'paid_payout'
              ? `The host's payout${booking.payout ? ` (${formatPaise(booking.payout.amount_paise)})` : ''} was paid: their share of the refund is taken back from their payout account at the payment provider, or, if it cannot be, waits under Payouts, "Owed back by hosts". With a credit note. 0 for none.`
              : `Taken from the host's held payout${booking.payout ? ` (${formatPaise(booking.payout.amount_paise)})` : ''}, with a credit note. 0 for none.`
            : (refund.problem ?? 'No refund can be made here.')}
        </p>
        <Input
          id={`${uid}-percent`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={percent}
          disabled={!refund.possible}
          onChange={(e) => setPercent(e.target.value)}
          className="max-w-28"
          aria-invalid={errors.refund_percent ? true : undefined}
          aria-describedby={[`${uid}-percent-hint`, errors.refund_percent && `${uid}-percent-error`].filter(Boolean).join(' ')}
        />
        {errors.refund_percent && (
          <p id={`${uid}-percent-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.refund_percent}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {errors.form}
        </p>
      )}
      <Button type="submit" size="sm" className="self-start" disabled={resolve.isPending}>
        {resolve.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Resolve the problem
      </Button>
    </form>
  );
}
