import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BOOKING_STATUS_NAME } from '@/web/i18n/booking-status';
import { inPageLanguage } from '@/web/i18n/known-words';
import { formatInstant } from '@/web/i18n/times';
import { ownWords } from '@/web/i18n/verbatim';
import { describeRange } from '@/web/lib/date-range';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { type Conversation, type Message, threadMessages, threadQuery, useMarkRead } from './api';
import { INACTIVE_ACCOUNT } from '@/domain/reports';
import { LoadFailed } from '@/web/components/load-states';
import { Composer } from './composer';
import { MessageList } from './message-list';

// An open conversation: its stay, its messages (older pages on request) and the composer.

export function ThreadView({ conversation, showBack }: { conversation: Conversation; showBack: boolean }) {
  const thread = useInfiniteQuery(threadQuery(conversation.id));
  const messages = threadMessages(thread.data);
  const markRead = useMarkRead(conversation.id);
  const scroller = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const { t, i18n } = useLingui();

  // Stay at the bottom as messages arrive (unless the reader scrolled up to older ones).
  const lastId = messages.at(-1)?.id;
  const pinned = useRef(true);

  // What the reader can see counts as read: the newest message from the other side, once the
  // tab is visible and the thread is at the bottom. A thread left open in a background tab
  // leaves messages unread (the badge and the e-mail reminder still work).
  const newestTheirs = messages.filter((m) => !m.mine && !m.local).at(-1)?.seq;
  const readUpTo = useRef(0);
  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    const mark = () => {
      if (!newestTheirs || newestTheirs <= readUpTo.current || document.visibilityState !== 'visible' || !pinned.current) return;
      readUpTo.current = newestTheirs;
      markReadUpTo(newestTheirs);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    scroller.current?.addEventListener('scroll', mark, { passive: true });
    const el = scroller.current;
    return () => {
      document.removeEventListener('visibilitychange', mark);
      el?.removeEventListener('scroll', mark);
    };
  }, [newestTheirs, markReadUpTo]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const role = conversation.role === 'guest' ? t`Host` : t`Guest`;
  // An accepted stay waiting for the guest's payment says until when, as the dashboard does.
  const dueAt = conversation.booking.status === 'awaiting_payment' ? conversation.booking.payment_due_at : null;
  const due = dueAt && formatInstant(dueAt, i18n);
  return (
    <section aria-labelledby={headingId} className="flex min-h-[70dvh] flex-col overflow-hidden rounded-3xl border border-stone-200 bg-white lg:min-h-0">
      <header className="flex items-center gap-3 border-b border-stone-200 px-4 py-3 sm:px-5">
        {showBack && (
          <Link to="/messages" className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })} aria-label={t`Back to conversations`}>
            <ArrowLeft aria-hidden="true" />
          </Link>
        )}
        <div className="min-w-0">
          <h2 id={headingId} className="truncate font-bold text-stone-900">
            <span translate="no">{conversation.other_name}</span> <span className="font-normal text-stone-600">· {role}</span>
          </h2>
          <p className="truncate text-sm text-stone-600">
            <Link to={`/listing/${conversation.listing.id}`} className="underline-offset-4 hover:text-primary-700 hover:underline" translate="no">
              {conversation.listing.title}
            </Link>
          </p>
          {/* A line of its own, never cut short by a long title: the dates and where the stay stands. */}
          <p className="text-sm text-stone-600">
            {describeRange({ from: conversation.booking.start_date, to: conversation.booking.end_date }, i18n)} ·{' '}
            {due ? (
              <span className="font-medium text-orange-900" data-testid="payment-due">
                {t`Awaiting payment: pay by ${due}`}
              </span>
            ) : (
              i18n._(BOOKING_STATUS_NAME[conversation.booking.status])
            )}
          </p>
        </div>
      </header>

      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="flex-1 overflow-y-auto px-4 py-4 sm:px-5"
      >
        {thread.isPending ? (
          <div className="flex flex-col gap-3" role="status" aria-label={t`Loading messages`}>
            <Skeleton className="h-12 w-2/3 rounded-2xl" />
            <Skeleton className="ml-auto h-12 w-1/2 rounded-2xl" />
          </div>
        ) : thread.isError && !thread.data ? (
          <LoadFailed onRetry={() => void thread.refetch()}>
            <Trans>Messages could not be loaded.</Trans>
          </LoadFailed>
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-4 text-center">
                <Button variant="outline" size="sm" disabled={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
                  {thread.isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Show earlier messages</Trans>}
                </Button>
              </div>
            )}
            {messages.length === 0 ? (
              <p className="py-10 text-center text-stone-600">
                <Trans>No messages yet. Say hello to {ownWords(conversation.other_name)}.</Trans>
              </p>
            ) : (
              <MessageList messages={messages} conversationId={conversation.id} />
            )}
            <Arrivals messages={messages} />
          </>
        )}
      </div>
      {conversation.other_active ? (
        // Sending waits for the thread: a message must have a place to show, and to show failing.
        <Composer
          conversationId={conversation.id}
          otherName={conversation.other_name}
          thread={thread.data ? 'loaded' : thread.isError ? 'failed' : 'loading'}
          onSent={() => (pinned.current = true)}
        />
      ) : (
        <p role="status" className="border-t border-stone-200 bg-stone-50 px-4 py-4 text-center text-[0.9375rem] text-stone-700 sm:px-5">
          {inPageLanguage(i18n, INACTIVE_ACCOUNT)}
        </p>
      )}
    </section>
  );
}

/**
 * Announces messages from the other side that arrive while the thread is open (not the ones
 * loaded with it, nor earlier pages fetched on request).
 */
function Arrivals({ messages }: { messages: Message[] }) {
  const newest = messages.filter((m) => !m.mine && !m.local).at(-1);
  const first = useRef(newest?.id);
  const { t } = useLingui();
  const sender = newest?.sender_name;
  const body = newest?.body;
  const text = newest && newest.id !== first.current ? t`New message from ${sender}: ${body}` : '';
  return (
    <p className="sr-only" role="status">
      {text}
    </p>
  );
}
