import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { addMonths, endOfMonth, startOfMonth } from 'date-fns';
import { CalendarDays, Lock, LockOpen, Loader2, Plus } from 'lucide-react';
import { addDays, daysBetween, fromLocalDate, todayInIndia, toLocalDate, type IsoDate } from '@/domain/dates';
import { EmptyState } from '@/web/components/empty-state';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Calendar } from '@/web/components/ui/calendar';
import { Label } from '@/web/components/ui/label';
import { Select } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { hostListingsQuery, listingCalendarQuery, useChangeBlockedDates } from '../api';
import { LoadFailed } from '@/web/components/load-states';
import { calendarFormats, formatNights } from '@/web/i18n/dates';
import { localeOf } from '@/web/i18n/i18n';
import { ownWords } from '@/web/i18n/verbatim';
import { describeRange, formatDay } from '@/web/lib/date-range';

// The Calendar tab (PRODUCT.md section 1): per listing, block and unblock nights (one day or a
// range) and see accepted stays. Its own chunk, with react-day-picker.

type Selection = { from?: IsoDate; to?: IsoDate };

/** A day button's name in English, "Sunday, 22 November 2026": made once, not for each of a month's days. */
const DAY_LABEL = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A day's full name in the page's language, for its button. */
function fullDateIn(i18n: I18n): (date: Date) => string {
  const locale = localeOf(i18n);
  return locale === 'en' ? (date) => DAY_LABEL.format(date) : calendarFormats(locale).fullDate;
}

/** Every date from `from` to `to`, both included. */
function eachDay(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

export default function AvailabilityCalendar({ listingId, onListingChange }: { listingId?: string; onListingChange: (id: string) => void }) {
  const { t } = useLingui();
  const listings = useQuery(hostListingsQuery);

  if (listings.isPending) return <Skeleton className="h-[28rem] rounded-3xl" />;
  if (listings.isError) {
    return <LoadFailed onRetry={() => void listings.refetch()}>
        <Trans>Your listings could not be loaded.</Trans>
      </LoadFailed>;
  }
  if (listings.data.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title={t`No calendar yet`}
        action={
          <Link to="/host/listing/new" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            <Trans>Create Listing</Trans>
          </Link>
        }
      >
        <Trans>Create a listing, then block the nights you're away and see your confirmed stays here.</Trans>
      </EmptyState>
    );
  }
  const current = listings.data.find((l) => l.id === listingId) ?? listings.data[0]!;
  return (
    <ListingCalendar
      key={current.id}
      listingId={current.id}
      listings={listings.data.map((l) => ({ id: l.id, title: l.title, paused: l.status !== 'active' }))}
      onListingChange={onListingChange}
    />
  );
}

const A_GUEST = msg`A guest`;

/** "14–16 Dec · 3 nights selected": the days picked, both ends included. */
function selectionWords(from: IsoDate, to: IsoDate, i18n: I18n): string {
  const days = from === to ? formatDay(from, i18n) : describeRange({ from, to }, i18n)!;
  const nights = daysBetween(from, to) + 1;
  return i18n._(msg`${plural(nights, { one: `${days} · # night selected`, other: `${days} · # nights selected` })}`);
}

function ListingCalendar({
  listingId,
  listings,
  onListingChange,
}: {
  listingId: string;
  listings: { id: string; title: string; paused: boolean }[];
  onListingChange: (id: string) => void;
}) {
  const { i18n, t } = useLingui();
  const today = todayInIndia();
  const wide = useMediaQuery('(min-width: 1024px)');
  const months = wide ? 2 : 1;
  const [month, setMonth] = useState(() => startOfMonth(toLocalDate(today)));
  const [selection, setSelection] = useState<Selection>({});

  const from = fromLocalDate(startOfMonth(month));
  const to = fromLocalDate(endOfMonth(addMonths(month, months - 1)));
  const calendar = useQuery(listingCalendarQuery(listingId, from, to));
  const change = useChangeBlockedDates(listingId);

  const { blocked, stayGuest } = useMemo(() => {
    const blockedSet = new Set(calendar.data?.blocked ?? []);
    const guests = new Map<IsoDate, string>();
    for (const stay of calendar.data?.stays ?? []) {
      // A stay occupies its nights: check-in up to the night before check-out.
      for (const day of eachDay(stay.from, addDays(stay.to, -1))) guests.set(day, stay.guest_name || i18n._(A_GUEST));
    }
    return { blocked: blockedSet, stayGuest: guests };
  }, [calendar.data, i18n]);

  const selFrom = selection.from;
  const selTo = selection.to ?? selection.from;
  const selectedDays = selFrom && selTo ? eachDay(selFrom, selTo) : [];
  const selectedSet = new Set(selectedDays);
  const canBlock = selectedDays.some((d) => !blocked.has(d) && !stayGuest.has(d));
  const canUnblock = selectedDays.some((d) => blocked.has(d));

  const pick = (day: IsoDate) => {
    setSelection((s) => {
      if (!s.from || s.to) return { from: day };
      if (day === s.from) return {};
      return day < s.from ? { from: day, to: s.from } : { from: s.from, to: day };
    });
  };

  const apply = (action: 'block' | 'unblock') => {
    if (!selFrom || !selTo) return;
    change.mutate(
      { action, from: selFrom, to: selTo },
      {
        onSuccess: ({ dates }) => {
          const n = dates.length;
          if (action === 'block') toast.success(n > 0 ? i18n._(msg`${plural(n, { one: '# night blocked', other: '# nights blocked' })}`) : t`Those nights were already blocked`);
          else toast.success(n > 0 ? i18n._(msg`${plural(n, { one: '# night unblocked', other: '# nights unblocked' })}`) : t`Those nights were not blocked`);
          setSelection({});
        },
        onError: (err) =>
          toast.error(
            err instanceof ApiError && err.status >= 400 && err.status < 500 && err.code !== 'http_error'
              ? err.message
              : action === 'block'
                ? t`Failed to block dates`
                : t`Failed to unblock dates`,
          ),
      },
    );
  };

  const asDates = (days: Iterable<IsoDate>) => [...days].map(toLocalDate);
  const upcoming = (calendar.data?.stays ?? []).filter((s) => s.to > today);
  const blockedCount = [...blocked].filter((d) => d >= today).length;
  const fullDate = fullDateIn(i18n);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:gap-8">
      <div className="min-w-0 surface-card p-4 sm:p-7">
        <div className="flex flex-col gap-2 sm:max-w-md">
          <Label htmlFor="calendar-listing">
            <Trans>Listing</Trans>
          </Label>
          <Select id="calendar-listing" value={listingId} onChange={(e) => onListingChange(e.target.value)}>
            {listings.map(({ id, title, paused }) => (
              // The home's own title: a browser's translator leaves it as its host wrote it.
              <option key={id} value={id} translate="no">
                {paused ? t`${title} (Paused)` : title}
              </option>
            ))}
          </Select>
        </div>

        <div className="relative mt-6 flex justify-center" aria-busy={calendar.isFetching}>
          <Calendar
            month={month}
            onMonthChange={setMonth}
            numberOfMonths={months}
            startMonth={startOfMonth(toLocalDate(today))}
            endMonth={addMonths(toLocalDate(today), 18)}
            disabled={{ before: toLocalDate(today) }}
            onDayClick={(day, modifiers) => {
              if (!modifiers.disabled) pick(fromLocalDate(day));
            }}
            modifiers={{
              blocked: asDates(blocked),
              stay: asDates(stayGuest.keys()),
              picked: asDates(selectedSet),
              pickedStart: selFrom ? toLocalDate(selFrom) : [],
              pickedEnd: selTo ? toLocalDate(selTo) : [],
            }}
            modifiersClassNames={{
              blocked:
                '[&>button]:bg-[repeating-linear-gradient(135deg,var(--color-stone-200)_0_4px,var(--color-stone-100)_4px_8px)] [&>button]:text-stone-700 [&>button]:line-through [&>button]:decoration-stone-500',
              stay: '[&>button]:bg-emerald-100 [&>button]:font-semibold [&>button]:text-emerald-900 [&>button]:hover:bg-emerald-200',
              picked: '[&>button]:bg-primary-600! [&>button]:text-white! [&>button]:no-underline! [&>button]:hover:bg-primary-700!',
              pickedStart: '',
              pickedEnd: '',
            }}
            labels={{
              labelDayButton: (date, modifiers) => {
                const iso = fromLocalDate(date);
                const day = fullDate(date);
                let named = modifiers.today ? t`Today, ${day}` : day;
                const guest = stayGuest.get(iso);
                if (guest) named = t`${named}, booked by ${guest}`;
                else if (blocked.has(iso)) named = t`${named}, blocked`;
                else if (!modifiers.disabled) named = t`${named}, available`;
                return selectedSet.has(iso) ? t`${named}, selected` : named;
              },
            }}
          />
          {calendar.isPending && (
            <div className="absolute inset-0 flex items-center justify-center bg-white/60" role="status" aria-label={t`Loading the calendar`}>
              <Loader2 className="size-6 animate-spin text-primary-600" aria-hidden="true" />
            </div>
          )}
        </div>

        <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 border-t border-stone-200 pt-5 text-sm text-stone-700" aria-label={t`Legend`}>
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="size-4 rounded-full border border-stone-300 bg-white" />
            <Trans>Available</Trans>
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="size-4 rounded-full bg-[repeating-linear-gradient(135deg,var(--color-stone-300)_0_3px,var(--color-stone-100)_3px_6px)]" />
            <Trans>Blocked</Trans>
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="size-4 rounded-full bg-emerald-200" />
            <Trans>Booked stay</Trans>
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="size-4 rounded-full bg-primary-600" />
            <Trans>Selected</Trans>
          </li>
        </ul>
      </div>

      <div className="flex flex-col gap-6">
        <section aria-labelledby="selection-title" className="rounded-3xl bg-sand-50 p-5 ring-1 ring-sand-200 sm:p-6">
          <h2 id="selection-title" className="font-bold text-stone-900">
            <Trans>Block or unblock nights</Trans>
          </h2>
          <p className="mt-1 text-sm text-stone-700" aria-live="polite" data-testid="calendar-selection">
            {selFrom && selTo
              ? selectionWords(selFrom, selTo, i18n)
              : selFrom
                ? t`Pick another day for a range, or act on this one.`
                : t`Tap a day, or tap two days for a range.`}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => apply('block')} disabled={!canBlock || change.isPending}>
              <Lock aria-hidden="true" />
              <Trans>Block</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => apply('unblock')} disabled={!canUnblock || change.isPending}>
              <LockOpen aria-hidden="true" />
              <Trans>Unblock</Trans>
            </Button>
            {selFrom && (
              <Button size="sm" variant="ghost" onClick={() => setSelection({})}>
                <Trans>Clear</Trans>
              </Button>
            )}
          </div>
          <p className="mt-4 text-xs leading-relaxed text-stone-600">
            <Trans>Blocked nights disappear from search and can't be requested. Booked stays, paid or held while the guest pays, can't be blocked.</Trans>
          </p>
        </section>

        <section aria-labelledby="stays-title" className="rounded-3xl border border-stone-200/80 bg-white p-5 sm:p-6">
          <h2 id="stays-title" className="font-bold text-stone-900">
            <Trans>Booked stays</Trans>
          </h2>
          {upcoming.length === 0 ? (
            <p className="mt-1 text-sm text-stone-600">
              <Trans>No booked stays in these months.</Trans>
            </p>
          ) : (
            <ul className="mt-3 flex flex-col gap-3">
              {upcoming.map((stay) => (
                <li key={stay.booking_id} className="flex items-center gap-3">
                  <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-sm font-bold text-emerald-900">
                    {(stay.guest_name || 'G')[0]!.toUpperCase()}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-stone-900">{stay.guest_name ? ownWords(stay.guest_name) : i18n._(A_GUEST)}</p>
                    <p className="text-sm text-stone-600">
                      {describeRange({ from: stay.from, to: stay.to }, i18n)} · {formatNights(daysBetween(stay.from, stay.to), i18n)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <p className={cn('mt-4 border-t border-stone-200 pt-4 text-sm text-stone-600')}>
            {blockedCount > 0
              ? i18n._(msg`${plural(blockedCount, { one: '# night blocked in these months.', other: '# nights blocked in these months.' })}`)
              : t`No blocked nights in these months.`}
          </p>
        </section>
      </div>
    </div>
  );
}
