import { AlertTriangle, LifeBuoy, Phone } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { StayView } from '@/domain/contracts/stay';
import { formatInstantInIndia } from '@/domain/dates';
import { formatPaise } from '@/domain/money/units';
import { phoneText } from '@/domain/stays/care-times';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { useOpenedOnce } from '@/web/lib/use-opened-once';

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
  if (stay.incidents.length === 0 && !stay.can_report_problem) return null;
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
      {stay.incidents.length > 0 && (
        <ol className="mt-5 flex flex-col gap-4">
          {stay.incidents.map((incident) => (
            <ProblemItem key={incident.id} incident={incident} other={other} guest={stay.viewer_role === 'guest'} />
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

function ProblemItem({ incident, other, guest }: { incident: StayView['incidents'][number]; other: string; guest: boolean }) {
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
        Reported by {incident.reported_by_me ? 'you' : other}, {formatInstantInIndia(incident.created_at)}
      </p>
      <p className="mt-3 break-words whitespace-pre-line text-stone-800">{incident.description}</p>
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
