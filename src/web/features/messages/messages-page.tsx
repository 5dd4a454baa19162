import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/web/components/empty-state';
import { PageHeader } from '@/web/components/page-header';
import { buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { type Conversation, conversationQuery, conversationsQuery, type Message } from './api';
import { ThreadView } from './thread-view';
import { recentStamp } from '@/web/i18n/recent-times';

/**
 * /messages and /messages/:id: the conversation list beside the open thread on wide screens;
 * on a phone, the list, or the thread with a way back.
 */
export function MessagesPage() {
  const { id } = useParams();
  const wide = useMediaQuery('(min-width: 1024px)');
  const conversations = useQuery(conversationsQuery);
  const list = conversations.data ?? [];
  // The open one comes from the list when it is there; a link to one beyond it asks for it alone.
  const inList = list.find((c) => c.id === id);
  const single = useQuery({ ...conversationQuery(id ?? ''), enabled: Boolean(id) && conversations.isSuccess && !inList });
  const open = inList ?? single.data;
  const { t } = useLingui();

  if (conversations.isPending) {
    return (
      <Shell>
        <div className="mt-8 flex flex-col gap-3" role="status" aria-label={t`Loading conversations`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-2xl" />
          ))}
        </div>
      </Shell>
    );
  }

  if (list.length === 0 && !id) {
    return (
      <Shell>
        <div className="mt-8">
          <EmptyState
            icon={MessageCircle}
            title={t`No messages yet`}
            action={
              <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
                <Trans>Go to my bookings</Trans>
              </Link>
            }
          >
            <Trans>Each booking gets its own conversation between guest and host: open it with Message host or Message guest on a booking.</Trans>
          </EmptyState>
        </div>
      </Shell>
    );
  }

  const showList = wide || !id;
  const showThread = wide || Boolean(id);
  return (
    <Shell compact={Boolean(id) && !wide}>
      <div className={cn('mt-6 grid min-h-0 gap-6', wide && 'h-[calc(var(--view-height)-15rem)] min-h-[28rem] grid-cols-[20rem_1fr]')}>
        {showList && <ConversationList conversations={list} activeId={id} />}
        {showThread &&
          (id ? (
            open ? (
              <ThreadView key={open.id} conversation={open} showBack={!wide} />
            ) : single.isPending ? (
              <Skeleton className="min-h-[60dvh] rounded-3xl" />
            ) : (
              <div className="flex items-center justify-center rounded-3xl border border-stone-200 p-8 text-center">
                <div>
                  <p className="font-semibold text-stone-900">
                    <Trans>Conversation not found</Trans>
                  </p>
                  <Link to="/messages" className={buttonVariants({ variant: 'link' })}>
                    <Trans>Back to messages</Trans>
                  </Link>
                </div>
              </div>
            )
          ) : (
            <div className="flex items-center justify-center rounded-3xl border border-dashed border-stone-300 bg-sand-50 p-8 text-center text-stone-600">
              <Trans>Choose a conversation to read it.</Trans>
            </div>
          ))}
      </div>
    </Shell>
  );
}

function Shell({ children, compact = false }: { children: React.ReactNode; compact?: boolean }) {
  const { t } = useLingui();
  const title = t`Messages`;
  return (
    <div className={cn('container-page', compact ? 'py-4' : 'py-10 sm:py-12')}>
      <title>{`${title} · PawStay`}</title>
      {compact ? <h1 className="sr-only">{title}</h1> : <PageHeader title={title} description={t`Chat with hosts and guests about your stays.`} />}
      {children}
    </div>
  );
}

function ConversationList({ conversations, activeId }: { conversations: Conversation[]; activeId?: string }) {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Conversations`} className="min-h-0 overflow-y-auto">
      <ul className="flex flex-col gap-2">
        {conversations.map((c) => (
          <li key={c.id}>
            <Link
              to={`/messages/${c.id}`}
              aria-current={c.id === activeId ? 'page' : undefined}
              className={cn(
                'flex gap-3 rounded-2xl border p-3 transition-colors hover:bg-stone-50',
                c.id === activeId ? 'border-primary-600 bg-primary-50/60' : 'border-stone-200',
              )}
            >
              <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-600 font-bold text-white">
                {c.other_name.charAt(0).toUpperCase()}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={cn('truncate text-stone-900', c.unread > 0 ? 'font-bold' : 'font-semibold')} translate="no">
                    {c.other_name}
                  </span>
                  {c.last_message && <span className="shrink-0 text-xs text-stone-600">{recentStamp(c.last_message.created_at, i18n)}</span>}
                </span>
                <span className="block truncate text-sm text-stone-600" translate="no">
                  {c.listing.title}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', c.unread > 0 ? 'font-medium text-stone-900' : 'text-stone-600')}>
                    {c.last_message ? (
                      <>
                        {c.last_message.mine && `${t`You:`} `}
                        <span translate="no">{c.last_message.body}</span>
                      </>
                    ) : (
                      t`No messages yet`
                    )}
                  </span>
                  {c.unread > 0 && (
                    <span className="shrink-0 rounded-full bg-primary-600 px-2 py-0.5 text-xs font-bold text-white">
                      {c.unread}
                      <span className="sr-only">
                        {' '}
                        <Trans>unread</Trans>
                      </span>
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
