import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ReportedThing } from '@/domain/contracts/reports';
import { formatInstantInIndia } from '@/domain/dates';
import { REPORT_REASON_LABELS, type ReportTarget } from '@/domain/reports';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { reportsQuery, useDismissReports, useRemoveReview } from './api';
import { History, ITEM_CLASS, ListingVisibilityAction, ReasonAction, SuspendAction } from './parts';

// Open reports, grouped by the thing reported and the longest waiting first. Each is dismissed,
// or upheld by acting on it (which closes its reports): a listing hidden, a review removed, the
// account behind it suspended.

const KIND: Record<ReportTarget, string> = { listing: 'Listing', review: 'Review', message: 'Message', user: 'Account' };

export function ReportsQueue() {
  const reports = useQuery(reportsQuery);
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title" className="text-xl font-bold text-stone-900">
        Reports{reports.data ? ` (${reports.data.length})` : ''}
      </h2>
      {reports.isPending ? (
        <LoadingBlocks label="Loading the reports" className="mt-4" blockClassName="h-48 rounded-3xl" />
      ) : reports.isError ? (
        <LoadFailed className="mt-4" onRetry={() => void reports.refetch()}>
          Could not load the reports.
        </LoadFailed>
      ) : reports.data.length === 0 ? (
        <p className="mt-4 rounded-3xl border border-dashed border-stone-300 px-6 py-10 text-center text-stone-600">No open reports. New ones appear here, the longest waiting first.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-4">
          {reports.data.map((r) => (
            <ReportedItem key={`${r.target_type} ${r.target_id}`} thing={r} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ReportedItem({ thing }: { thing: ReportedThing }) {
  const titleId = `reported-${thing.target_id}`;
  const dismiss = useDismissReports();
  const remove = useRemoveReview();
  const count = thing.reports.length;
  return (
    <li aria-labelledby={titleId} className={ITEM_CLASS} data-testid="reported-thing">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-bold text-stone-900">
          {KIND[thing.target_type]} reported {count === 1 ? 'once' : `${count} times`}
        </h3>
        <p className="text-sm text-stone-600">First {formatInstantInIndia(thing.first_at)}</p>
      </div>
      <blockquote className="mt-3 line-clamp-4 border-l-4 border-stone-200 pl-3 text-[0.9375rem] whitespace-pre-line text-stone-800">{thing.excerpt || '(gone)'}</blockquote>
      <p className="mt-3 text-sm text-stone-700">
        {thing.link && (
          <>
            <Link to={thing.link} className="font-semibold text-primary-800 underline underline-offset-4">
              See it in the app
            </Link>
            {' · '}
          </>
        )}
        By{' '}
        <Link to={`/ops?tab=accounts&account=${thing.subject.id}`} className="font-semibold text-primary-800 underline underline-offset-4">
          {thing.subject.name || thing.subject.email}
        </Link>{' '}
        <span className="break-all">({thing.subject.email})</span>
        {thing.subject.suspended && <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Suspended</span>}
      </p>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {thing.reports.map((r) => (
          <li key={`${r.reporter} ${r.created_at}`} className="rounded-2xl bg-stone-50 px-3 py-2">
            <span className="font-semibold text-stone-900">{REPORT_REASON_LABELS[r.reason]}</span>
            <span className="text-stone-600">
              {' '}
              · {r.reporter} · {formatInstantInIndia(r.created_at)}
            </span>
            {r.details && <p className="mt-1 whitespace-pre-line text-stone-800">{r.details}</p>}
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
        {thing.target_type === 'listing' && (
          <ListingVisibilityAction id={thing.target_id} hidden={false} />
        )}
        {thing.target_type === 'review' && (
          <ReasonAction label="Remove review" reasonLabel="Why it is removed (kept in the record)" done="The review is removed" act={(reason) => remove.mutateAsync({ id: thing.target_id, reason })} />
        )}
        {!thing.subject.suspended && (
          <SuspendAction id={thing.subject.id} email={thing.subject.email} />
        )}
        <ReasonAction
          label="Dismiss"
          variant="ghost"
          optional
          reasonLabel="Note for the record"
          done="The reports are dismissed"
          act={(reason) => dismiss.mutateAsync({ type: thing.target_type, id: thing.target_id, reason })}
        />
      </div>
      <History type={thing.target_type} id={thing.target_id} />
    </li>
  );
}
