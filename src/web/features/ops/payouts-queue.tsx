import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OpsPayout, OpsRecovery } from '@/domain/contracts/ops';
import { formatDateRange, formatInstantInIndia } from '@/domain/dates';
import { formatPaise } from '@/domain/money/units';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { payoutsQueueQuery, recoveriesQueueQuery, useRetryPayout, useRetryRecovery } from './api';
import { History, ITEM_CLASS, ReasonAction } from './parts';

// Payouts the payment provider would not pay (decision 039), and what hosts owe back of payouts
// already paid that it would not take back (decision 055), the longest waiting first: each with
// the provider's answer and one action. The host has been told; a retry is made at the payments
// job's next run, once whatever caused the refusal is dealt with.

export function PayoutsQueue() {
  const payouts = useQuery(payoutsQueueQuery);
  const recoveries = useQuery(recoveriesQueueQuery);
  return (
    <div className="flex flex-col gap-10">
      <QueueSection
        id="payouts-title"
        title="Payouts to look at"
        intro="Our payment partner refused to send these. Deal with its reason first (at Razorpay, or with the host), then retry."
        query={payouts}
        what="payouts"
        empty="No payout is waiting. One our payment partner refuses appears here."
        item={(p) => <PayoutItem key={p.id} payout={p} />}
      />
      <QueueSection
        id="recoveries-title"
        title="Owed back by hosts"
        intro="A host's share of a refund decided after their payout was paid, which our payment partner would not take back from their payout account. It is tried again each time one of the host's payouts is sent; try it now once the account has the money."
        query={recoveries}
        what="amounts owed"
        empty="No host owes anything back. A share of a refund our payment partner will not take back appears here."
        item={(r) => <RecoveryItem key={r.id} recovery={r} />}
      />
    </div>
  );
}

/** One queue of the tab: its title and count, and its items, the longest waiting first. */
function QueueSection<T>({
  id,
  title,
  intro,
  query,
  what,
  empty,
  item,
}: {
  id: string;
  title: string;
  intro: string;
  query: UseQueryResult<T[]>;
  what: string;
  empty: string;
  item: (entry: T) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-stone-900">
        {title}
        {query.data ? ` (${query.data.length})` : ''}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{intro}</p>
      {query.isPending ? (
        <LoadingBlocks label={`Loading the ${what}`} className="mt-4" blockClassName="h-48 rounded-3xl" />
      ) : query.isError ? (
        <LoadFailed className="mt-4" onRetry={() => void query.refetch()}>
          Could not load the {what}.
        </LoadFailed>
      ) : query.data.length === 0 ? (
        <p className="mt-4 rounded-3xl border border-dashed border-stone-300 px-6 py-10 text-center text-stone-600">{empty}</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-4">{query.data.map(item)}</ol>
      )}
    </section>
  );
}

/** One stay's money in a queue: what and whose, since when, Razorpay's answer, the host, one action and the record. */
function QueuedItem({
  item,
  testId,
  title,
  line,
  historyType,
  why = 'Razorpay answered',
  children,
}: {
  item: OpsPayout | OpsRecovery;
  /** What the problem line is: the provider's answer, unless it may be ours. */
  why?: string;
  testId: string;
  title: string;
  line: string;
  historyType: 'payout' | 'recovery';
  children: React.ReactNode;
}) {
  const titleId = `${historyType}-${item.id}`;
  return (
    <li aria-labelledby={titleId} className={ITEM_CLASS} data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 text-lg font-bold text-stone-900">
          {title}
        </h3>
        <p className="text-sm text-stone-600">Since {formatInstantInIndia(item.since)}</p>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {item.listing_title}, {formatDateRange(item.start_date, item.end_date)} · {line}
      </p>
      <p className="mt-3 rounded-2xl bg-orange-50 px-3 py-2 text-sm break-words text-orange-900">
        <span className="font-semibold">{why}: </span>
        {item.problem}
      </p>
      <p className="mt-3 text-sm text-stone-700">
        Host:{' '}
        <Link to={`/ops?tab=accounts&account=${item.host.id}`} className="font-semibold text-primary-800 underline underline-offset-4">
          {item.host.name || item.host.email}
        </Link>{' '}
        <span className="break-all">({item.host.email})</span>
      </p>
      <div className="mt-5 flex flex-wrap gap-2 border-t border-stone-200 pt-4">{children}</div>
      <History type={historyType} id={item.id} />
    </li>
  );
}

function PayoutItem({ payout }: { payout: OpsPayout }) {
  const retry = useRetryPayout();
  return (
    <QueuedItem
      item={payout}
      testId="payout-to-look-at"
      historyType="payout"
      title={`${formatPaise(payout.amount_paise)} to ${payout.host.name || payout.host.email}`}
      line={payout.direct ? "Direct transfer from our balance (the guest's payment was refunded in part first)" : "Transfer from the guest's payment"}
    >
      <ReasonAction
        label="Retry payout"
        about={`${formatPaise(payout.amount_paise)} to ${payout.host.email}`}
        reasonLabel="What was done about it (kept in the record)"
        hint="The payments job sends it again within a minute. If the cause is still there, it comes back here."
        done="The payout will be sent again"
        act={(reason) => retry.mutateAsync({ id: payout.id, reason })}
      />
    </QueuedItem>
  );
}

function RecoveryItem({ recovery }: { recovery: OpsRecovery }) {
  const retry = useRetryRecovery();
  return (
    <QueuedItem
      item={recovery}
      testId="recovery-owed"
      historyType="recovery"
      why="Why it was not taken back"
      title={`${formatPaise(recovery.amount_paise)} owed by ${recovery.host.name || recovery.host.email}`}
      line="their share of the refund for a problem on the stay"
    >
      <ReasonAction
        label="Try again"
        about={`${formatPaise(recovery.amount_paise)} from ${recovery.host.email}`}
        reasonLabel="What was done about it (kept in the record)"
        hint="The payments job asks our payment partner again within a minute. If the account still lacks the money, it comes back here."
        done="It will be tried again"
        act={(reason) => retry.mutateAsync({ id: recovery.id, reason })}
      />
    </QueuedItem>
  );
}
