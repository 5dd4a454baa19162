import { AlertTriangle, Check, HeartHandshake, LifeBuoy, Loader2, Phone } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { StayView } from '@/domain/contracts/stay';
import { formatInstantInIndia } from '@/domain/dates';
import { formatPaise } from '@/domain/money/units';
import { phoneText } from '@/domain/stays/care-times';
import { ARRIVAL_ANSWER_LABELS, ARRIVAL_ANSWERS, type ArrivalAnswer, arrivalAnswerText } from '@/domain/stays/arrival';
import { listWords } from '@/domain/words';
import { toast } from '@/web/lib/toast';
import { failure, useAllWell, useAnswerArrival } from '../api';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { useOpenedOnce } from '@/web/lib/use-opened-once';
import { StayPhotos } from './stay-photos';

// When something goes wrong (PRODUCT.md section 10): either side reports a problem during the
// stay or for 48 hours after; an urgent one puts the pets' vets and emergency contacts at the top
// of the page at once, and operators are alerted. Both sides read where each problem stands.

// The form (and the report's schema) is fetched when it is opened: most stays never need it.
const ReportProblemDialog = /* @__PURE__ */ lazy(() => import('./report-problem-dialog').then((m) => ({ default: m.ReportProblemDialog })));

/** The last minute a report is taken: "5 Dec, 11:59 pm" reads better than the midnight after it. */
const lastMinuteBefore = (iso: string) => new Date(Date.parse(iso) - 60_000).toISOString();

export function StayProblems({ stay }: { stay: StayView }) {
  const [reporting, setReporting] = useState(false);
  const urgentRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLHeadingElement>(null);
  const dialogLoaded = useOpenedOnce(reporting);
  if (stay.incidents.length === 0 && !stay.can_report_problem && !stay.home_question) return null;
  const other = stay.viewer_role === 'guest' ? stay.host.name : stay.guest.name;
  return (
    <section aria-labelledby="problems" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="problems" ref={listRef} tabIndex={-1} className="flex items-center gap-2 text-2xl font-bold text-stone-900 focus:outline-none">
          <LifeBuoy className="size-6 text-primary-700" aria-hidden="true" />
          Help with this stay
        </h2>
        {stay.can_report_problem && (
          <Button variant="outline" onClick={() => setReporting(true)}>
            <AlertTriangle aria-hidden="true" />
            Report a problem
          </Button>
        )}
      </div>
      <p className="mt-1 text-stone-600">
        {stay.can_report_problem && stay.report_until
          ? `If something goes wrong, tell us until ${formatInstantInIndia(lastMinuteBefore(stay.report_until))}. ${other} is told, and our team looks into it.`
          : 'Problems reported on this stay, and what our team decided.'}
      </p>
      {stay.urgent && <UrgentContacts urgent={stay.urgent} ref={urgentRef} />}
      {stay.home_question && <HomeQuestion stay={stay} onSomethingWrong={() => setReporting(true)} focusAfter={() => listRef.current} />}
      {stay.incidents.length > 0 && (
        <ol className="mt-5 flex flex-col gap-4">
          {stay.incidents.map((incident) => (
            <ProblemItem key={incident.id} stay={stay} incident={incident} other={other} />
          ))}
        </ol>
      )}
      {stay.can_report_problem && dialogLoaded && (
        <Suspense fallback={null}>
          <ReportProblemDialog
            stay={stay}
            other={other}
            open={reporting}
            onOpenChange={setReporting}
            // As the dialog closes, focus goes to what the report brought: the contacts first.
            focusAfter={(urgent) => (urgent ? urgentRef.current : listRef.current)}
          />
        </Suspense>
      )}
    </section>
  );
}

function UrgentContacts({ urgent, ref }: { urgent: NonNullable<StayView['urgent']>; ref: React.Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="region" aria-labelledby="urgent-headline" className="mt-5 rounded-3xl bg-red-50 p-5 ring-1 ring-red-200 focus:outline-2 focus:outline-red-700 sm:p-6" data-testid="urgent-contacts">
      <p id="urgent-headline" className="flex items-center gap-2 text-xl font-bold text-red-900">
        <AlertTriangle className="size-6 shrink-0" aria-hidden="true" />
        {urgent.headline}
      </p>
      <p className="mt-1 text-sm text-red-900">Our team has been alerted and will call you. Meanwhile, call:</p>
      {urgent.contacts.length === 0 ? (
        <p className="mt-3 text-sm text-red-900">No care sheet names a vet for this stay: call the nearest open vet clinic.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {urgent.contacts.map((c) => (
            <li key={c.pet_name} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <a href={`tel:${c.vet.phone}`} className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-3 py-2 font-semibold text-red-900 underline-offset-4 ring-1 ring-red-200 hover:underline">
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                <span>
                  {c.pet_name}&apos;s vet, {c.vet.name} ({c.vet.clinic}): {phoneText(c.vet.phone)}
                </span>
              </a>
              <a href={`tel:${c.emergency_contact.phone}`} className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-3 py-2 font-semibold text-red-900 underline-offset-4 ring-1 ring-red-200 hover:underline">
                <Phone className="size-4 shrink-0" aria-hidden="true" />
                <span>
                  Emergency contact, {c.emergency_contact.name}: {phoneText(c.emergency_contact.phone)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const petNames = (stay: StayView) => listWords(stay.pets.map((p) => p.name)) || 'Your pet';

/** For the guest, for 24 hours after the host's check-out: all well, or something is wrong. */
function HomeQuestion({ stay, onSomethingWrong, focusAfter }: { stay: StayView; onSomethingWrong: () => void; focusAfter: () => HTMLElement | null }) {
  const allWell = useAllWell(stay.booking_id);
  const names = petNames(stay);
  const press = async () => {
    try {
      await allWell.mutateAsync(undefined);
      toast.success(`Thank you. ${stay.host.name} will be glad to hear it.`);
      // The question is gone: focus goes back to the section's heading.
      focusAfter()?.focus();
    } catch (err) {
      toast.error(failure(err, 'That did not go through. Please try again.'));
    }
  };
  return (
    <div role="region" aria-labelledby="home-question" className="mt-5 rounded-3xl bg-primary-50 p-5 ring-1 ring-primary-100 sm:p-6" data-testid="home-question">
      <p id="home-question" className="flex items-center gap-2 text-xl font-bold text-stone-900">
        <HeartHandshake className="size-6 shrink-0 text-primary-700" aria-hidden="true" />
        {`${stay.host.name} says ${names} ${stay.pets.length > 1 ? 'are' : 'is'} home. Is all well?`}
      </p>
      <p className="mt-1 text-sm text-stone-700">{`If something is wrong, say so: our team looks into it, and ${stay.host.name} is told.`}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void press()} disabled={allWell.isPending}>
          {allWell.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
          Yes, all well
        </Button>
        {stay.can_report_problem && (
          <Button variant="outline" onClick={onSomethingWrong}>
            <AlertTriangle aria-hidden="true" />
            Something is wrong
          </Button>
        )}
      </div>
    </div>
  );
}

/** A no-show's question, to the viewer: their answer (one press), and what the other side said. */
function ArrivalQuestion({ stay, incident, other }: { stay: StayView; incident: StayView['incidents'][number]; other: string }) {
  const answer = useAnswerArrival(stay.booking_id);
  const guest = stay.viewer_role === 'guest';
  const answers = incident.answers!;
  const mine = guest ? answers.guest : answers.host;
  const theirs = guest ? answers.host : answers.guest;
  const choose = async (value: ArrivalAnswer) => {
    try {
      await answer.mutateAsync(value);
      toast.success(`Thank you. ${other} and our team can see your answer.`);
    } catch (err) {
      toast.error(failure(err, 'Your answer was not sent. Please try again.'));
    }
  };
  const groupId = `answer-${incident.id}`;
  return (
    <div className="mt-4 flex flex-col gap-3">
      {!guest && stay.can_check_in && <p className="text-sm font-medium text-stone-800">{`If ${petNames(stay)} ${stay.pets.length > 1 ? 'are' : 'is'} with you, press "${petNames(stay)} ${stay.pets.length > 1 ? 'have' : 'has'} arrived" above.`}</p>}
      {stay.checked_in_at && stay.can_answer_arrival && (
        <p className="text-sm font-medium text-stone-800">
          {guest
            ? `${stay.host.name} checked ${petNames(stay)} in late. If that is right, answer "Arriving late"; otherwise our team decides.`
            : `You checked ${petNames(stay)} in late. Once ${stay.guest.name} answers "Arriving late", this closes; otherwise our team decides.`}
        </p>
      )}
      {stay.can_answer_arrival && (
        <div role="group" aria-labelledby={groupId}>
          <p id={groupId} className="text-sm font-semibold text-stone-900">
            Your answer
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {ARRIVAL_ANSWERS.map((value) => (
              <Button key={value} variant={mine === value ? 'primary' : 'outline'} aria-pressed={mine === value} onClick={() => void choose(value)} disabled={answer.isPending} className="justify-start">
                {mine === value && <Check aria-hidden="true" />}
                {ARRIVAL_ANSWER_LABELS[value]}
              </Button>
            ))}
          </div>
        </div>
      )}
      <p className="text-sm text-stone-700">
        <span className="font-semibold text-stone-900">{other}:</span> {arrivalAnswerText(theirs)}
        {!stay.can_answer_arrival && (
          <>
            {' · '}
            <span className="font-semibold text-stone-900">You:</span> {arrivalAnswerText(mine)}
          </>
        )}
      </p>
    </div>
  );
}

function ProblemItem({ stay, incident, other }: { stay: StayView; incident: StayView['incidents'][number]; other: string }) {
  const guest = stay.viewer_role === 'guest';
  const titleId = `problem-${incident.id}`;
  const resolved = incident.status === 'resolved';
  return (
    <li aria-labelledby={titleId} className="surface-card p-5 sm:p-6" data-testid="problem">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="flex items-center gap-2 text-lg font-bold text-stone-900">
          {incident.kind_name}
          {incident.urgent && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Urgent</span>}
        </h3>
        <p className={cn('rounded-full px-2.5 py-0.5 text-sm font-semibold', resolved ? 'bg-primary-50 text-primary-800' : 'bg-amber-50 text-amber-900')}>{incident.status_line}</p>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {incident.reported_by === 'pawstay' ? 'Asked by PawStay' : `Reported by ${incident.reported_by_me ? 'you' : other}`}, {formatInstantInIndia(incident.created_at)}
      </p>
      <p className="mt-3 break-words whitespace-pre-line text-stone-800">{incident.description}</p>
      <StayPhotos photos={incident.photos} alt={(i) => `Photo ${i + 1} of ${incident.photos.length} sent with the report`} />
      {incident.answers && <ArrivalQuestion stay={stay} incident={incident} other={other} />}
      {resolved && incident.resolution && (
        <div className="mt-4 rounded-2xl bg-sand-50 px-4 py-3 text-sm text-stone-800">
          <p className="font-semibold text-stone-900">What our team decided{incident.resolved_at ? `, ${formatInstantInIndia(incident.resolved_at)}` : ''}</p>
          <p className="mt-1 break-words whitespace-pre-line">{incident.resolution}</p>
          {incident.refund_paise !== null && incident.refund_paise > 0 && (
            <p className="mt-2 font-semibold text-stone-900">
              {incident.refund_percent}% of the stay refunded to {guest ? 'you' : 'the guest'}: {formatPaise(incident.refund_paise)}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
