import { type RefObject, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ExternalLink, Loader2 } from 'lucide-react';
import type { QueuedVerification } from '@/domain/contracts/verification';
import { formatInstantInIndia } from '@/domain/dates';
import { photoVariant } from '@/domain/photos';
import { ID_DOCUMENT_NAMES, VERIFICATION_MESSAGES } from '@/domain/verification';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/lib/toast';
import { idDocumentUrl, useDecideVerification, verificationQueueQuery } from './api';
import { History, ITEM_CLASS, joinedOn, PersonHeader, ReasonAction, refusalOf } from './parts';

/** Verification requests, oldest first: the ID, the listing photos, the call, and the decision. */
export function VerificationQueue() {
  const queue = useQuery(verificationQueueQuery);
  // A decided request leaves the list: the focus its buttons had goes to the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="queue-title">
      <h2 id="queue-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-stone-900 outline-none">
        Verification queue{queue.data ? ` (${queue.data.length})` : ''}
      </h2>
      {queue.isPending ? (
        <LoadingBlocks label="Loading the queue" className="mt-4" blockClassName="h-64 rounded-3xl" />
      ) : queue.isError ? (
        <LoadFailed className="mt-4" onRetry={() => void queue.refetch()}>
          Could not load the queue.
        </LoadFailed>
      ) : queue.data.length === 0 ? (
        <p className="mt-4 rounded-3xl border border-dashed border-stone-300 px-6 py-10 text-center text-stone-600">No verifications waiting. New requests appear here, oldest first.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-4">
          {queue.data.map((v) => (
            <QueuedItem key={v.id} v={v} listHeading={heading} />
          ))}
        </ol>
      )}
    </section>
  );
}

function QueuedItem({ v, listHeading }: { v: QueuedVerification; listHeading: RefObject<HTMLHeadingElement | null> }) {
  const titleId = `verification-${v.id}`;
  return (
    <li aria-labelledby={titleId} className={ITEM_CLASS} data-testid="queued-verification">
      <PersonHeader
        titleId={titleId}
        title={v.host.name || v.host.email}
        detail={
          <>
            {v.host.email} · joined {joinedOn(v.host.joined_at)}
          </>
        }
        email="detail"
        aside={<p className="text-sm text-stone-600">Sent {formatInstantInIndia(v.submitted_at)}</p>}
      />
      <dl className="mt-4 grid gap-3 text-[0.9375rem] sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-stone-700">Video call (India time)</dt>
          <dd className="text-stone-900">{v.call_at ? formatInstantInIndia(v.call_at) : '—'}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-stone-700">ID document</dt>
          <dd className="text-stone-900">
            {v.id_document_type ? ID_DOCUMENT_NAMES[v.id_document_type] : '—'}
            {v.id_document_available ? (
              <>
                {' · '}
                <a href={idDocumentUrl(v.id)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold text-primary-800 underline underline-offset-4">
                  Open the ID
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab; the opening is recorded)</span>
                </a>
              </>
            ) : (
              ' · deleted'
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <h4 className="text-sm font-semibold text-stone-700">Listing photos</h4>
        {v.listings.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">No listings.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-3">
            {v.listings.map((l) => (
              <li key={l.id}>
                <Link to={`/listing/${l.id}`} className="text-[0.9375rem] font-medium text-stone-900 underline-offset-4 hover:underline">
                  {l.title}
                </Link>
                <span className="text-sm text-stone-600"> · {l.city}</span>
                {l.photos.length > 0 && (
                  <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
                    {l.photos.map((p) => (
                      <li key={p.url} className="shrink-0">
                        <img src={photoVariant(p.url, 'card')} alt={p.alt || `Photo of ${l.title}`} width={120} height={90} loading="lazy" className="h-[90px] w-[120px] rounded-xl object-cover" />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Decision id={v.id} name={v.host.name || v.host.email} onDecided={() => listHeading.current?.focus()} />
      <History type="verification" id={v.id} />
    </li>
  );
}

function Decision({ id, name, onDecided }: { id: string; name: string; onDecided: () => void }) {
  const decide = useDecideVerification();
  const [error, setError] = useState<string>();
  const approve = async () => {
    setError(undefined);
    try {
      await decide.mutateAsync({ id, approve: true });
      toast.success(`${name} is verified`);
      onDecided();
    } catch (err) {
      setError(refusalOf(err));
    }
  };
  return (
    <div className="mt-5 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
      <Button type="button" size="sm" onClick={() => void approve()} disabled={decide.isPending}>
        {decide.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Approve
      </Button>
      <ReasonAction
        label="Reject"
        reasonLabel="Reason, e-mailed to the host"
        tooShort={VERIFICATION_MESSAGES.reason}
        done={`${name}'s request was rejected`}
        act={async (reason) => {
          await decide.mutateAsync({ id, approve: false, reason });
          onDecided();
        }}
      />
      {error && (
        <p role="alert" className="basis-full text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
