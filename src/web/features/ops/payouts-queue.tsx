import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OpsPayout } from '@/domain/contracts/ops';
import { formatDateRange, formatInstantInIndia } from '@/domain/dates';
import { formatPaise } from '@/domain/money/units';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { payoutsQueueQuery, useRetryPayout } from './api';
import { History, ITEM_CLASS, ReasonAction } from './parts';

// Payouts the payment provider would not pay (decision 039), the longest waiting first: each with
// the provider's answer and one action. Its host has been told it is delayed; a retry sends it
// again at the payments job's next run, once whatever caused the refusal is dealt with.

export function PayoutsQueue() {
  const payouts = useQuery(payoutsQueueQuery);
  return (
    <section aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="text-xl font-bold text-stone-900">
        Payouts to look at{payouts.data ? ` (${payouts.data.length})` : ''}
      </h2>
      <p className="mt-1 text-sm text-stone-600">Our payment partner refused to send these. Deal with its reason first (at Razorpay, or with the host), then retry.</p>
      {payouts.isPending ? (
        <LoadingBlocks label="Loading the payouts" className="mt-4" blockClassName="h-48 rounded-3xl" />
      ) : payouts.isError ? (
        <LoadFailed className="mt-4" onRetry={() => void payouts.refetch()}>
          Could not load the payouts.
        </LoadFailed>
      ) : payouts.data.length === 0 ? (
        <p className="mt-4 rounded-3xl border border-dashed border-stone-300 px-6 py-10 text-center text-stone-600">No payout is waiting. One our payment partner refuses appears here.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-4">
          {payouts.data.map((p) => (
            <PayoutItem key={p.id} payout={p} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PayoutItem({ payout }: { payout: OpsPayout }) {
  const titleId = `payout-${payout.id}`;
  const retry = useRetryPayout();
  return (
    <li aria-labelledby={titleId} className={ITEM_CLASS} data-testid="payout-to-look-at">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 text-lg font-bold text-stone-900">
          {formatPaise(payout.amount_paise)} to {payout.host.name || payout.host.email}
        </h3>
        <p className="text-sm text-stone-600">Since {formatInstantInIndia(payout.since)}</p>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {payout.listing_title}, {formatDateRange(payout.start_date, payout.end_date)} ·{' '}
        {payout.direct ? "Direct transfer from our balance (the guest's payment was refunded in part first)" : "Transfer from the guest's payment"}
      </p>
      <p className="mt-3 rounded-2xl bg-orange-50 px-3 py-2 text-sm break-words text-orange-900">
        <span className="font-semibold">Razorpay answered: </span>
        {payout.problem}
      </p>
      <p className="mt-3 text-sm text-stone-700">
        Host:{' '}
        <Link to={`/ops?tab=accounts&account=${payout.host.id}`} className="font-semibold text-primary-800 underline underline-offset-4">
          {payout.host.name || payout.host.email}
        </Link>{' '}
        <span className="break-all">({payout.host.email})</span>
      </p>
      <div className="mt-5 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
        <ReasonAction
          label="Retry payout"
          about={`${formatPaise(payout.amount_paise)} to ${payout.host.email}`}
          reasonLabel="What was done about it (kept in the record)"
          hint="The payments job sends it again within a minute. If the cause is still there, it comes back here."
          done="The payout will be sent again"
          act={(reason) => retry.mutateAsync({ id: payout.id, reason })}
        />
      </div>
      <History type="payout" id={payout.id} />
    </li>
  );
}
