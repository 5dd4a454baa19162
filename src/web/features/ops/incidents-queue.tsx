import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { OpsIncidentSummary } from '@/domain/contracts/incident';
import { formatDateRange, formatInstantInIndia } from '@/domain/dates';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { incidentQuery, incidentsQuery } from './api';
import { ArrivalAnswers, ITEM_CLASS } from './parts';

// Problems reported on stays (PRODUCT.md section 10), urgent first, then the longest waiting. One
// is opened in place (its opening is recorded: it shows the care sheets and the messages), with
// the stay, its money, the updates and the conversation; an operator notes, writes to both
// sides, and resolves it, refunding a share of the stay while the host's payout is held. The one
// open is in the address (?incident=), as the alert mail links it.

// An opened problem's page (its care sheets, its forms and their checks) is fetched when one is opened.
const IncidentDetail = /* @__PURE__ */ lazy(() => import('./incident-detail').then((m) => ({ default: m.IncidentDetail })));
const opening = <LoadingBlocks label="Opening the problem" className="mt-4" blockClassName="h-40 rounded-3xl" />;

export function IncidentsQueue() {
  const incidents = useQuery(incidentsQuery);
  const [params, setParams] = useSearchParams();
  const openId = params.get('incident');
  const setOpen = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('incident', id);
        else next.delete('incident');
        return next;
      },
      { replace: true },
    );
  return (
    <section aria-labelledby="incidents-title">
      <h2 id="incidents-title" className="text-xl font-bold text-stone-900">
        Problems on stays{incidents.data ? ` (${incidents.data.length})` : ''}
      </h2>
      <p className="mt-1 text-sm text-stone-600">Urgent ones first. The host&apos;s payout for a stay waits while a problem on it is open.</p>
      {incidents.isPending ? (
        <LoadingBlocks label="Loading the problems" className="mt-4" blockClassName="h-32 rounded-3xl" />
      ) : incidents.isError ? (
        <LoadFailed className="mt-4" onRetry={() => void incidents.refetch()}>
          Could not load the problems.
        </LoadFailed>
      ) : (
        <>
          {incidents.data.length === 0 && (
            <p className="mt-4 rounded-3xl border border-dashed border-stone-300 px-6 py-10 text-center text-stone-600">No problem is open. A reported one appears here at once.</p>
          )}
          <ol className="mt-4 flex flex-col gap-4">
            {incidents.data.map((i) => (
              <IncidentItem key={i.id} incident={i} open={openId === i.id} onToggle={(open) => setOpen(open ? i.id : null)} />
            ))}
            {/* One linked (from the alert) that is no longer in the queue: resolved meanwhile. */}
            {openId && !incidents.data.some((i) => i.id === openId) && <LinkedIncident id={openId} onClose={() => setOpen(null)} />}
          </ol>
        </>
      )}
    </section>
  );
}

function IncidentItem({ incident, open, onToggle }: { incident: OpsIncidentSummary; open: boolean; onToggle: (open: boolean) => void }) {
  const titleId = `incident-${incident.id}`;
  return (
    <li aria-labelledby={titleId} className={cn(ITEM_CLASS, incident.urgent && 'ring-2 ring-red-300')} data-testid="incident">
      <Summary incident={incident} titleId={titleId} opened={open} />
      <Button variant={open ? 'ghost' : 'outline'} size="sm" className="mt-4" aria-expanded={open} aria-controls={`${titleId}-detail`} onClick={() => onToggle(!open)}>
        {open ? 'Close' : 'Open the problem'}
      </Button>
      {open && (
        <div id={`${titleId}-detail`}>
          <Suspense fallback={opening}>
            <IncidentDetail id={incident.id} />
          </Suspense>
        </div>
      )}
    </li>
  );
}

function LinkedIncident({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useQuery(incidentQuery(id));
  const titleId = `incident-${id}`;
  return (
    <li aria-labelledby={titleId} className={ITEM_CLASS} data-testid="incident">
      {detail.data && <Summary incident={detail.data.incident} titleId={titleId} opened />}
      <Button variant="ghost" size="sm" className="mt-4" onClick={onClose}>
        Close
      </Button>
      <Suspense fallback={opening}>
        <IncidentDetail id={id} />
      </Suspense>
    </li>
  );
}

/** The problem in the queue; opened, its words are read in full below instead. */
function Summary({ incident, titleId, opened }: { incident: OpsIncidentSummary; titleId: string; opened: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="flex min-w-0 flex-wrap items-center gap-2 text-lg font-bold text-stone-900">
          {incident.urgent && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Urgent</span>}
          {incident.kind_name}: {incident.listing_title}
        </h3>
        <p className="text-sm text-stone-600">
          {incident.reported_by === 'pawstay' ? 'Opened' : 'Reported'} {formatInstantInIndia(incident.created_at)}
        </p>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {formatDateRange(incident.start_date, incident.end_date)} · {incident.guest_name} (guest) with {incident.host_name} (host) · {incident.reported_by === 'pawstay' ? 'opened by PawStay' : `reported by the ${incident.reported_by}`}
      </p>
      {!opened && incident.answers && <ArrivalAnswers answers={incident.answers} />}
      {!opened && <p className="mt-3 line-clamp-3 break-words whitespace-pre-line text-stone-800">{incident.description}</p>}
    </>
  );
}
