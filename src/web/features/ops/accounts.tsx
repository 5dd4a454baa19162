import { type FormEvent, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { BOOKING_STATUS_LABELS } from '@/domain/bookings';
import type { OpsAccount, OpsListing, OpsVerification } from '@/domain/contracts/ops';
import { formatDateRange, formatInstantInIndia } from '@/domain/dates';
import { formatInr, formatPaise } from '@/domain/money/units';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { accountQuery, usersQuery, useSuspension } from './api';
import { History, ITEM_CLASS, joinedOn, ListingVisibilityAction, PersonHeader, ReasonAction, SuspendAction } from './parts';

// Accounts: found by the start of their e-mail address; each with its listings (hidden and shown
// again here), its verification requests and their decisions, its bookings and payments on both
// sides (read only: refunds belong to the money flows), and suspension or restoration. The account,
// each listing and each request has its own record: what was done to a thing stays readable here
// once it has left every queue. The account shown is in the address (?account=), so that a
// report links to it.

const QUERY_MIN = 3;

export function Accounts() {
  const [params, setParams] = useSearchParams();
  const accountId = params.get('account');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const users = useQuery({ ...usersQuery(email), enabled: email.length >= QUERY_MIN });
  const find = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const typed = String(new FormData(e.currentTarget).get('email') ?? '').trim().toLowerCase();
    if (typed.length < QUERY_MIN) return setError(`Type at least ${QUERY_MIN} characters of the e-mail address`);
    setError(undefined);
    setEmail(typed);
  };
  const open = (account: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('account', account);
        return next;
      },
      { replace: false },
    );
  return (
    <section aria-labelledby="accounts-title" className="flex flex-col gap-6">
      <h2 id="accounts-title" className="text-xl font-bold text-stone-900">
        Accounts
      </h2>
      <form onSubmit={find} className="flex flex-col gap-2 sm:max-w-xl" noValidate role="search">
        <label htmlFor={`${id}-email`} className="text-sm font-semibold text-stone-900">
          E-mail address, or its start
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-email`}
            name="email"
            type="search"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <Button type="submit">
            <Search aria-hidden="true" />
            Find
          </Button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </form>
      {email && (
        <div>
          <p role="status" className="sr-only">
            {users.data ? `${users.data.length} ${users.data.length === 1 ? 'account' : 'accounts'} found` : ''}
          </p>
          {users.isPending ? (
            <p className="text-stone-600">Searching…</p>
          ) : users.isError ? (
            <LoadFailed onRetry={() => void users.refetch()}>Could not search the accounts.</LoadFailed>
          ) : users.data.length === 0 ? (
            <p className="text-stone-600">No account’s address starts with “{email}”.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white" aria-label="Accounts found">
              {users.data.map((u) => (
                <li key={u.id}>
                  <button
                    type="button"
                    onClick={() => open(u.id)}
                    aria-current={u.id === accountId ? 'true' : undefined}
                    className="flex w-full flex-wrap items-baseline gap-x-2 px-4 py-3 text-left hover:bg-stone-50 aria-[current]:bg-primary-50"
                  >
                    <span className="font-semibold break-all text-stone-900">{u.email}</span>
                    <span className="text-sm text-stone-600">{u.name}</span>
                    {u.suspended_at && <SuspendedBadge />}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {accountId && <AccountView id={accountId} />}
    </section>
  );
}

const SuspendedBadge = () => <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Suspended</span>;

function AccountView({ id }: { id: string }) {
  const account = useQuery(accountQuery(id));
  if (account.isPending) return <LoadingBlocks label="Loading the account" count={1} blockClassName="h-64 rounded-3xl" />;
  if (account.isError) return <LoadFailed onRetry={() => void account.refetch()}>Could not load this account.</LoadFailed>;
  return <AccountCard account={account.data} />;
}

function AccountCard({ account }: { account: OpsAccount }) {
  const suspension = useSuspension();
  const titleId = `account-${account.id}`;
  return (
    <article aria-labelledby={titleId} className={ITEM_CLASS} data-testid="ops-account">
      <PersonHeader
        titleId={titleId}
        title={account.email}
        email="title"
        detail={
          <>
            {account.name || 'No name'} · joined {joinedOn(account.joined_at)}
            {account.verified && ' · verified host'}
            {account.operator && ' · operator'}
          </>
        }
        aside={
          account.suspended_at && (
            <p className="text-sm font-semibold text-red-800">
              <SuspendedBadge /> since {formatInstantInIndia(account.suspended_at)}
            </p>
          )
        }
      />
      <div className="mt-4 flex flex-wrap gap-2">
        {account.suspended_at ? (
          <ReasonAction
            label="Restore account"
            reasonLabel="Why the account is restored (kept in the record)"
            done={`${account.email} is restored`}
            act={(reason) => suspension.mutateAsync({ id: account.id, suspend: false, reason })}
          />
        ) : (
          <SuspendAction id={account.id} email={account.email} />
        )}
      </div>

      <h4 className="mt-6 text-base font-bold text-stone-900">Listings ({account.listings.length})</h4>
      {account.listings.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">None.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-3">
          {account.listings.map((l) => (
            <ListingRow key={l.id} listing={l} />
          ))}
        </ul>
      )}

      <h4 className="mt-6 text-base font-bold text-stone-900">Verification requests ({account.verifications.length})</h4>
      {account.verifications.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">None.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-3">
          {account.verifications.map((v) => (
            <VerificationRow key={v.id} verification={v} />
          ))}
        </ul>
      )}

      <h4 className="mt-6 text-base font-bold text-stone-900">Bookings and payments ({account.bookings.length})</h4>
      {account.bookings.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">None.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Bookings of {account.email}, newest first</caption>
            <thead className="text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">Stay</th>
                <th scope="col" className="py-2 pr-3 font-semibold">As</th>
                <th scope="col" className="py-2 pr-3 font-semibold">With</th>
                <th scope="col" className="py-2 pr-3 font-semibold">Status</th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">Total</th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">Paid</th>
                <th scope="col" className="py-2 text-right font-semibold">Refunded</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100 text-stone-800">
              {account.bookings.map((b) => (
                <tr key={b.id}>
                  <td className="py-2 pr-3">
                    <Link to={`/listing/${b.listing_id}`} className="font-medium underline-offset-4 hover:underline">
                      {b.listing_title}
                    </Link>
                    <span className="block text-stone-600">{formatDateRange(b.start_date, b.end_date)}</span>
                  </td>
                  <td className="py-2 pr-3">{b.role === 'host' ? 'Host' : 'Guest'}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{b.other_party}</td>
                  <td className="py-2 pr-3">{BOOKING_STATUS_LABELS[b.status]}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatInr(b.total_inr)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{b.paid_paise ? formatPaise(b.paid_paise) : '—'}</td>
                  <td className="py-2 text-right tabular-nums">{b.refunded_paise ? formatPaise(b.refunded_paise) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <History type="user" id={account.id} label="Account history" />
    </article>
  );
}

function ListingRow({ listing }: { listing: OpsListing }) {
  const state = listing.hidden ? 'Hidden by PawStay' : listing.listed ? 'Listed' : listing.status === 'inactive' ? 'Paused by the host' : 'Not listed';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-stone-50 px-4 py-3">
      <Link to={`/listing/${listing.id}`} className="font-medium text-stone-900 underline-offset-4 hover:underline">
        {listing.title}
      </Link>
      <span className="text-sm text-stone-600">
        {listing.city} · {state}
      </span>
      <span className="ml-auto">
        <ListingVisibilityAction id={listing.id} title={listing.title} hidden={listing.hidden} />
      </span>
      <History type="listing" id={listing.id} label="Listing history" className="basis-full" />
    </li>
  );
}

const VERIFICATION_STATES: Record<OpsVerification['status'], string> = { submitted: 'Under review', approved: 'Approved', rejected: 'Rejected' };

/** A request sent for review: how it was decided, why, and its record (the ID's openings too). */
function VerificationRow({ verification: v }: { verification: OpsVerification }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-2xl bg-stone-50 px-4 py-3">
      <span className="font-medium text-stone-900">{VERIFICATION_STATES[v.status]}</span>
      <span className="text-sm text-stone-600">
        sent {formatInstantInIndia(v.submitted_at)}
        {v.decided_at && `, decided ${formatInstantInIndia(v.decided_at)}`}
      </span>
      {v.reason && <p className="basis-full text-sm text-stone-700">Reason: {v.reason}</p>}
      <History type="verification" id={v.id} label="Request history" className="basis-full" />
    </li>
  );
}
