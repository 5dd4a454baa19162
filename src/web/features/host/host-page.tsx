import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CalendarCheck, House, IndianRupee, Plus, Star, type LucideIcon } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatPaise } from '@/domain/money/units';
import { SignedInPage } from '@/web/components/page-header';
import { buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { hostStatsQuery, payoutsQuery } from './api';
import { hostBookingsQuery } from '@/web/features/bookings';
import { HostListings } from './components/host-listings';
import { pendingReviewsQuery } from '@/web/features/reviews';
import { VerificationCard } from '@/web/features/verification';
import { lazyPart } from '@/web/lib/lazy-part';
import { useTabParam } from '@/web/lib/tab-param';
import { pressCode } from '@/web/lib/press-code';

// The requests, the calendar (react-day-picker) and the payouts load with their tabs.
// Parts the server draws when the address opens their tab (lib/lazy-part.tsx).
const RequestsTab = lazyPart('host.requests', () => import('./components/requests-tab'));
const AvailabilityCalendar = lazyPart('host.calendar', () => import('./components/availability-calendar'));
const PayoutsTab = lazyPart('host.payouts', () => import('./components/payouts-tab'));

const TABS = ['listings', 'requests', 'calendar', 'payouts'] as const;
/** A little tighter than the default on phones, so that the three tabs fit 390 px. */
const TAB_CLASS = 'whitespace-nowrap max-sm:gap-1.5 max-sm:px-3';

/** `/host` (SPEC.md section 2, PRODUCT.md section 1): stats, listings, requests and calendar. */
export function HostPage() {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useTabParam(TABS);
  const pending = useQuery(hostBookingsQuery).data?.filter((b) => b.can_respond).length ?? 0;
  const guestsToReview = useQuery(pendingReviewsQuery).data?.filter((p) => p.role === 'host').length ?? 0;
  const payouts = useQuery(payoutsQuery).data;
  const needsAccount = payouts !== undefined && payouts.upcoming.length > 0 && (payouts.account === null || payouts.account.status === 'failed');
  const { t } = useLingui();

  return (
    <SignedInPage
      title={t`Host Dashboard`}
      description={t`Your homes, your guests' requests and your calendar, in one place.`}
      actions={
        <Link to="/host/listing/new" className={buttonVariants({ size: 'lg' })}>
          <Plus aria-hidden="true" />
          <Trans>Create Listing</Trans>
        </Link>
      }
    >
      <Stats />
      <VerificationCard />
      {pending > 0 && tab !== 'requests' && (
        <p className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-amber-50 px-5 py-3.5 text-[0.9375rem] text-amber-950 ring-1 ring-amber-200 sm:hidden">
          <span>
            <Trans>
              <span className="font-semibold">
                <Plural value={pending} one="# booking request" other="# booking requests" />
              </span>{' '}
              waiting for your answer
            </Trans>
          </span>
          <Link to="?tab=requests" replace className="font-semibold text-primary-800 underline underline-offset-4">
            <Trans>Review</Trans>
          </Link>
        </p>
      )}
      {guestsToReview > 0 && tab !== 'requests' && (
        <p className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-primary-50 px-5 py-3.5 text-[0.9375rem] text-stone-900 ring-1 ring-primary-100">
          <span>
            <Trans>
              <span className="font-semibold">
                <Plural value={guestsToReview} one="# guest to review" other="# guests to review" />
              </span>{' '}
              from recent stays
            </Trans>
          </span>
          <Link to="?tab=requests" replace className="font-semibold text-primary-800 underline underline-offset-4">
            <Trans>Review guests</Trans>
          </Link>
        </p>
      )}
      {needsAccount && tab !== 'payouts' && (
        <p className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-orange-50 px-5 py-3.5 text-[0.9375rem] text-orange-950 ring-1 ring-orange-200" data-testid="payout-account-banner">
          {payouts?.account ? (
            <span>
              <Trans>
                <span className="font-semibold">Check your payout account</span>: our payment partner could not use it, and your upcoming stays are paid to it.
              </Trans>
            </span>
          ) : (
            <span>
              <Trans>
                <span className="font-semibold">Add a payout account</span> so we can pay you for your upcoming stays.
              </Trans>
            </span>
          )}
          <Link to="?tab=payouts" replace className="font-semibold text-primary-800 underline underline-offset-4">
            {payouts?.account ? <Trans>Check account</Trans> : <Trans>Add account</Trans>}
          </Link>
        </p>
      )}
      <Tabs
        className="mt-10 sm:mt-12"
        value={tab}
        onValueChange={setTab}
      >
        <div className="-mx-5 overflow-x-auto px-5 pb-1 sm:mx-0 sm:px-0">
          <TabsList className="w-max">
            <TabsTrigger value="listings" className={TAB_CLASS}>
              <Trans>My Listings</Trans>
            </TabsTrigger>
            <TabsTrigger value="requests" className={TAB_CLASS} {...pressCode('requestsTab')}>
              <Trans>Booking Requests</Trans>
              {pending > 0 && (
                <span className="hidden h-5 min-w-5 items-center justify-center rounded-full bg-primary-600 px-1.5 text-xs font-bold text-white sm:inline-flex">
                  <Trans>
                    {pending}
                    <span className="sr-only"> waiting</span>
                  </Trans>
                </span>
              )}
            </TabsTrigger>
            <TabsTrigger value="calendar" className={TAB_CLASS} {...pressCode('availabilityCalendar')}>
              <Trans>Calendar</Trans>
            </TabsTrigger>
            <TabsTrigger value="payouts" className={TAB_CLASS} {...pressCode('payoutsTab')}>
              <Trans>Payouts</Trans>
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="listings" className="mt-8">
          <HostListings />
        </TabsContent>
        <TabsContent value="requests" className="mt-8 flex flex-col gap-12">
          <Suspense fallback={<Skeleton className="h-[28rem] rounded-3xl" />}>
            <RequestsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="calendar" className="mt-8">
          <Suspense fallback={<Skeleton className="h-[28rem] rounded-3xl" />}>
            <AvailabilityCalendar
              listingId={params.get('listing') ?? undefined}
              onListingChange={(id) =>
                setParams(
                  (p) => {
                    const next = new URLSearchParams(p);
                    next.set('listing', id);
                    return next;
                  },
                  { replace: true },
                )
              }
            />
          </Suspense>
        </TabsContent>
        <TabsContent value="payouts" className="mt-8">
          <Suspense fallback={<Skeleton className="h-[28rem] rounded-3xl" />}>
            <PayoutsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </SignedInPage>
  );
}

function Stats() {
  const stats = useQuery(hostStatsQuery);
  const s = stats.data;
  const { t } = useLingui();
  const items: { key: string; label: string; hint: string; icon: LucideIcon; value: string | undefined; srValue?: string }[] = [
    { key: 'total-listings', label: t`Total Listings`, hint: t`Active now`, icon: House, value: s && String(s.total_listings) },
    { key: 'bookings', label: t`Bookings`, hint: t`This month`, icon: CalendarCheck, value: s && String(s.bookings_this_month) },
    { key: 'revenue', label: t`Revenue`, hint: t`This month, after fees and taxes`, icon: IndianRupee, value: s && formatPaise(s.revenue_this_month_paise) },
    {
      key: 'rating',
      label: t`Rating`,
      hint: t`Average of your reviews`,
      icon: Star,
      value: s && (s.rating == null ? '—' : s.rating.toFixed(1)),
      srValue: s && s.rating == null ? t`No ratings yet` : undefined,
    },
  ];
  return (
    <dl className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {items.map(({ key, label, hint, icon: Icon, value, srValue }) => (
        <div
          key={key}
          data-testid={`stat-${key}`}
          className="flex flex-col surface-card p-5 sm:p-6"
        >
          <dt className="flex items-center justify-between gap-3">
            <span className="text-sm font-semibold text-stone-700">{label}</span>
            <span className="hidden size-9 items-center justify-center rounded-xl bg-primary-50 text-primary-700 sm:flex">
              <Icon className="size-[1.125rem]" aria-hidden="true" />
            </span>
          </dt>
          <dd className="mt-3 text-[1.75rem] leading-none font-bold tracking-tight text-stone-900 tabular-nums sm:text-3xl">
            {value === undefined ? (
              <Skeleton className="h-8 w-16" />
            ) : srValue ? (
              <>
                <span aria-hidden="true">{value}</span>
                <span className="sr-only">{srValue}</span>
              </>
            ) : (
              value
            )}
          </dd>
          <dd className="mt-2 text-xs text-stone-600 sm:text-sm">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
