import { useQuery } from '@tanstack/react-query';
import type { OpsDelivery } from '@/domain/contracts/ops';
import { CHANNEL_LABELS } from '@/domain/notifications/routing';
import { formatInstantInIndia } from '@/domain/dates';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { deliveriesQueueQuery, useRetryDelivery } from './api';
import { History, ITEM_CLASS, ReasonAction } from './parts';

// Messages given up after their last attempt (decisions 056, 058): the dead letters of every
// channel (e-mail, push, WhatsApp, SMS), the oldest first, each with the last error and one action. The notice
// itself is in the person's list in the app whatever happened to its e-mail.


export function DeliveriesQueue() {
  const query = useQuery(deliveriesQueueQuery);
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="text-xl font-bold text-stone-900">
        Messages not delivered{query.data ? ` (${query.data.length})` : ''}
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Each was tried ten times over about a day and a half and failed every time. Deal with the cause first (the mail server, a mistyped address), then send it again.
      </p>
      {query.isPending ? (
        <LoadingBlocks label="Loading the messages not delivered" className="mt-4" blockClassName="h-40 rounded-3xl" />
      ) : query.isError ? (
        <LoadFailed className="mt-4" onRetry={() => void query.refetch()}>
          Could not load the messages not delivered.
        </LoadFailed>
      ) : query.data.length === 0 ? (
        <p className="mt-4 rounded-3xl border border-dashed border-stone-300 px-6 py-10 text-center text-stone-600">
          Every message reached its channel. One that fails every attempt appears here.
        </p>
      ) : (
        <ol className="mt-4 flex flex-col gap-4">
          {query.data.map((d) => (
            <DeliveryItem key={d.id} delivery={d} />
          ))}
        </ol>
      )}
    </section>
  );
}

function DeliveryItem({ delivery }: { delivery: OpsDelivery }) {
  const retry = useRetryDelivery();
  const titleId = `delivery-${delivery.id}`;
  return (
    <li aria-labelledby={titleId} className={ITEM_CLASS} data-testid="delivery-failed">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 text-lg font-bold break-words text-stone-900">
          {delivery.subject}
        </h3>
        <p className="text-sm text-stone-600">Queued {formatInstantInIndia(delivery.since)}</p>
      </div>
      <p className="mt-1 text-sm break-all text-stone-700">
        {CHANNEL_LABELS[delivery.channel]} to {delivery.to}
        {delivery.about ? ` · ${delivery.about}` : ''} · {delivery.attempts} attempts
      </p>
      {delivery.last_error ? (
        <p className="mt-3 rounded-2xl bg-orange-50 px-3 py-2 text-sm break-words text-orange-900">
          <span className="font-semibold">Last error: </span>
          {delivery.last_error}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
        <ReasonAction
          label="Send again"
          about={`${delivery.subject} to ${delivery.to}`}
          reasonLabel="What was done about it (kept in the record)"
          hint="The outbox sends it within a minute, from its first attempt. If the cause is still there, it comes back here after its attempts."
          done="It will be sent again"
          act={(reason) => retry.mutateAsync({ id: delivery.id, reason })}
        />
      </div>
      <History type="delivery" id={delivery.id} />
    </li>
  );
}
