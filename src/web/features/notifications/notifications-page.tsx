import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  Bell,
  CalendarCheck,
  CalendarPlus,
  CheckCheck,
  CreditCard,
  Loader2,
  type LucideIcon,
  MessageCircle,
  PawPrint,
  Settings,
  ShieldCheck,
  TriangleAlert,
  Wallet,
} from 'lucide-react';
import { type NoticeTopic, noticeText, topicOf, type Words } from '@/domain/notifications/notices';
import { EmptyState } from '@/web/components/empty-state';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { PageHeader } from '@/web/components/page-header';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { localeOf } from '@/web/i18n/i18n';
import { inPageLanguageWith } from '@/web/i18n/known-words-filled';
import { cn } from '@/web/lib/cn';
import { recentStamp } from '@/web/i18n/recent-times';
import { type NotificationItem, noticesQuery, useOpenNotice, useReadAllNotices } from './api';

/** Each topic's picture beside its notices. */
const TOPIC_ICONS: Record<NoticeTopic, LucideIcon> = {
  requests: CalendarPlus,
  payments: CreditCard,
  bookings: CalendarCheck,
  messages: MessageCircle,
  stay: PawPrint,
  problems: TriangleAlert,
  payouts: Wallet,
  account: ShieldCheck,
};

/** A notice's words in the page's language (domain/notifications/notices.ts). */
const pageWords = (i18n: I18n): Words => ({ locale: localeOf(i18n), say: (text, values) => inPageLanguageWith(i18n, text, values) });

/**
 * /notifications (issue 38): everything PawStay told the user, newest first, each a link to where
 * it can be acted on. Opening one reads it; the bell and this list follow along live.
 */
export function NotificationsPage() {
  const { t } = useLingui();
  const notices = useInfiniteQuery(noticesQuery);
  const readAll = useReadAllNotices();
  const open = useOpenNotice();
  const unread = notices.data?.pages[0]?.unread ?? 0;
  const items = notices.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="container-page max-w-4xl py-10 sm:py-14">
      <title>{t`Notifications · PawStay`}</title>
      <PageHeader
        title={t`Notifications`}
        description={t`Requests, payments, stays and payouts, newest first.`}
        actions={
          <div className="flex shrink-0 items-center gap-2">
            <Button variant="outline" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
              <CheckCheck aria-hidden="true" />
              <Trans>Mark all as read</Trans>
            </Button>
            {/* A round gear on a phone, beside the button; named by the same words. */}
            <Link to="/settings/notifications" className={buttonVariants({ variant: 'outline', className: 'max-sm:w-11 max-sm:px-0' })}>
              <Settings aria-hidden="true" />
              <span className="max-sm:sr-only">
                <Trans>Notification settings</Trans>
              </span>
            </Link>
          </div>
        }
      />
      <div className="mt-8">
        {notices.isPending ? (
          <LoadingBlocks label={t`Loading notifications`} count={4} blockClassName="h-24 rounded-2xl" className="gap-3" />
        ) : notices.isError && !notices.data ? (
          <LoadFailed onRetry={() => void notices.refetch()}>
            <Trans>Your notifications could not be loaded.</Trans>
          </LoadFailed>
        ) : items.length === 0 ? (
          <EmptyState icon={Bell} title={t`No notifications yet`}>
            <Trans>When someone asks to book your home, answers your request or writes about a stay, you will see it here.</Trans>
          </EmptyState>
        ) : (
          <>
            <ul className="flex flex-col gap-3" aria-label={t`Notifications`}>
              {items.map((n) => (
                <li key={n.id}>
                  <Notice notice={n} onOpen={() => open(n)} />
                </li>
              ))}
            </ul>
            {notices.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button variant="outline" disabled={notices.isFetchingNextPage} onClick={() => void notices.fetchNextPage()}>
                  {notices.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
                  <Trans>Show older</Trans>
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** One notice: a link to where it leads (opening it reads it), its title bold while unread, its words and its time. */
function Notice({ notice, onOpen }: { notice: NotificationItem; onOpen: () => void }) {
  const { i18n } = useLingui();
  const { title, body, link } = noticeText(notice.kind, notice.params, pageWords(i18n));
  const Icon = TOPIC_ICONS[topicOf(notice.kind)];
  return (
    <Link
      to={link}
      onClick={onOpen}
      className={cn(
        'flex gap-3 rounded-2xl border p-4 transition-colors sm:gap-4 sm:p-5',
        notice.read ? 'border-stone-200 bg-white hover:bg-stone-50' : 'border-primary-200 bg-primary-50/60 hover:bg-primary-50',
      )}
    >
      <span className={cn('relative flex size-10 shrink-0 items-center justify-center rounded-full', notice.read ? 'bg-stone-100 text-stone-600' : 'bg-white text-primary-700 shadow-sm')}>
        <Icon className="size-5" aria-hidden="true" />
        {!notice.read && (
          <span className="absolute -top-0.5 -right-0.5 size-3 rounded-full bg-primary-600 ring-2 ring-white" data-testid="unread-dot">
            <span className="sr-only">
              <Trans>Unread:</Trans>{' '}
            </span>
          </span>
        )}
      </span>
      <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1">
        <span className={cn('block text-stone-900', notice.read ? 'font-medium' : 'font-bold')}>{title}</span>
        <span className="col-span-2 block text-sm leading-relaxed text-stone-600">{body}</span>
        <time dateTime={notice.at} className="col-start-2 row-start-1 block pt-0.5 text-xs whitespace-nowrap text-stone-600">
          {recentStamp(notice.at, i18n)}
        </time>
      </span>
    </Link>
  );
}
