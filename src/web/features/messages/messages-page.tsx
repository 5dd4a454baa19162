import { awaitingPaymentLine, BOOKING_STATUS_LABELS } from '@/domain/bookings';
import { Fragment, useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft, CircleAlert, Loader2, MessageCircle, Send } from 'lucide-react';
import { MESSAGE_LIMITS } from '@/domain/conversations';
import { formatDateRange, formatDayLabel, formatRecent, formatTimeInIndia } from '@/domain/dates';
import { EmptyState } from '@/web/components/empty-state';
import { PageHeader } from '@/web/components/page-header';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { type Conversation, conversationQuery, conversationsQuery, type Message, threadMessages, threadQuery, useMarkRead, useSendMessage } from './api';
import { INACTIVE_ACCOUNT } from '@/domain/reports';
import { ReportButton } from '@/web/features/reports';
import { LoadFailed } from '@/web/components/load-states';

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

  if (conversations.isPending) {
    return (
      <Shell>
        <div className="mt-8 flex flex-col gap-3" role="status" aria-label="Loading conversations">
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
            title="No messages yet"
            action={
              <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
                Go to my bookings
              </Link>
            }
          >
            Each booking gets its own conversation between guest and host: open it with Message host or Message guest on a booking.
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
                  <p className="font-semibold text-stone-900">Conversation not found</p>
                  <Link to="/messages" className={buttonVariants({ variant: 'link' })}>
                    Back to messages
                  </Link>
                </div>
              </div>
            )
          ) : (
            <div className="flex items-center justify-center rounded-3xl border border-dashed border-stone-300 bg-sand-50 p-8 text-center text-stone-600">
              Choose a conversation to read it.
            </div>
          ))}
      </div>
    </Shell>
  );
}

function Shell({ children, compact = false }: { children: React.ReactNode; compact?: boolean }) {
  return (
    <div className={cn('container-page', compact ? 'py-4' : 'py-10 sm:py-12')}>
      <title>Messages · PawStay</title>
      {compact ? <h1 className="sr-only">Messages</h1> : <PageHeader title="Messages" description="Chat with hosts and guests about your stays." />}
      {children}
    </div>
  );
}

function ConversationList({ conversations, activeId }: { conversations: Conversation[]; activeId?: string }) {
  return (
    <nav aria-label="Conversations" className="min-h-0 overflow-y-auto">
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
                  <span className={cn('truncate text-stone-900', c.unread > 0 ? 'font-bold' : 'font-semibold')}>{c.other_name}</span>
                  {c.last_message && <span className="shrink-0 text-xs text-stone-600">{formatRecent(c.last_message.created_at)}</span>}
                </span>
                <span className="block truncate text-sm text-stone-600">{c.listing.title}</span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', c.unread > 0 ? 'font-medium text-stone-900' : 'text-stone-600')}>
                    {c.last_message ? `${c.last_message.mine ? 'You: ' : ''}${c.last_message.body}` : 'No messages yet'}
                  </span>
                  {c.unread > 0 && (
                    <span className="shrink-0 rounded-full bg-primary-600 px-2 py-0.5 text-xs font-bold text-white">
                      {c.unread}
                      <span className="sr-only"> unread</span>
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

function ThreadView({ conversation, showBack }: { conversation: Conversation; showBack: boolean }) {
  const thread = useInfiniteQuery(threadQuery(conversation.id));
  const messages = threadMessages(thread.data);
  const markRead = useMarkRead(conversation.id);
  const scroller = useRef<HTMLDivElement>(null);
  const headingId = useId();

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

  const role = conversation.role === 'guest' ? 'Host' : 'Guest';
  // An accepted stay waiting for the guest's payment says until when, as the dashboard does.
  const due = conversation.booking.status === 'awaiting_payment' ? conversation.booking.payment_due_at : null;
  return (
    <section aria-labelledby={headingId} className="flex min-h-[70dvh] flex-col overflow-hidden rounded-3xl border border-stone-200 bg-white lg:min-h-0">
      <header className="flex items-center gap-3 border-b border-stone-200 px-4 py-3 sm:px-5">
        {showBack && (
          <Link to="/messages" className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })} aria-label="Back to conversations">
            <ArrowLeft aria-hidden="true" />
          </Link>
        )}
        <div className="min-w-0">
          <h2 id={headingId} className="truncate font-bold text-stone-900">
            {conversation.other_name} <span className="font-normal text-stone-600">· {role}</span>
          </h2>
          <p className="truncate text-sm text-stone-600">
            <Link to={`/listing/${conversation.listing.id}`} className="underline-offset-4 hover:text-primary-700 hover:underline">
              {conversation.listing.title}
            </Link>
          </p>
          {/* A line of its own, never cut short by a long title: the dates and where the stay stands. */}
          <p className="text-sm text-stone-600">
            {formatDateRange(conversation.booking.start_date, conversation.booking.end_date)} ·{' '}
            {due ? (
              <span className="font-medium text-orange-900" data-testid="payment-due">
                {awaitingPaymentLine(due)}
              </span>
            ) : (
              BOOKING_STATUS_LABELS[conversation.booking.status]
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
          <div className="flex flex-col gap-3" role="status" aria-label="Loading messages">
            <Skeleton className="h-12 w-2/3 rounded-2xl" />
            <Skeleton className="ml-auto h-12 w-1/2 rounded-2xl" />
          </div>
        ) : thread.isError && !thread.data ? (
          <LoadFailed onRetry={() => void thread.refetch()}>Messages could not be loaded.</LoadFailed>
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-4 text-center">
                <Button variant="outline" size="sm" disabled={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
                  {thread.isFetchingNextPage ? 'Loading…' : 'Show earlier messages'}
                </Button>
              </div>
            )}
            {messages.length === 0 ? (
              <p className="py-10 text-center text-stone-600">No messages yet. Say hello to {conversation.other_name}.</p>
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
          {INACTIVE_ACCOUNT}
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
  const text = newest && newest.id !== first.current ? `New message from ${newest.sender_name}: ${newest.body}` : '';
  return (
    <p className="sr-only" role="status">
      {text}
    </p>
  );
}

function MessageList({ messages, conversationId }: { messages: Message[]; conversationId: string }) {
  const send = useSendMessage(conversationId);
  let lastDay = '';
  return (
    <ol aria-label="Messages" className="flex flex-col gap-2">
      {messages.map((m) => {
        const day = formatDayLabel(m.created_at);
        const separator = day !== lastDay;
        lastDay = day;
        return (
          <Fragment key={m.id}>
            {separator && (
              <li className="my-2 flex items-center gap-3 text-xs font-semibold text-stone-600">
                <span className="h-px flex-1 bg-stone-200" aria-hidden="true" />
                {day}
                <span className="h-px flex-1 bg-stone-200" aria-hidden="true" />
              </li>
            )}
            <li className={cn('flex flex-col', m.mine ? 'items-end' : 'items-start')} data-testid="message">
              <div
                className={cn(
                  'max-w-[80%] rounded-2xl px-4 py-2 text-[0.9375rem] break-words whitespace-pre-wrap',
                  m.mine ? 'rounded-br-md bg-primary-700 text-white' : 'rounded-bl-md bg-stone-100 text-stone-900',
                  m.local?.state === 'sending' && 'opacity-70',
                )}
              >
                <span className="sr-only">{m.mine ? 'You' : m.sender_name}: </span>
                {m.body}
              </div>
              <span className="mt-1 px-1 text-xs text-stone-600">
                {m.local?.state === 'failed' ? (
                  <span className="flex items-center gap-1 text-red-700">
                    <CircleAlert className="size-3.5" aria-hidden="true" />
                    Not sent.
                    <button type="button" className="font-semibold underline" onClick={() => send.mutate({ body: m.body, clientId: m.local!.clientId })}>
                      Retry
                    </button>
                  </span>
                ) : m.local ? (
                  'Sending…'
                ) : (
                  <>
                    <time dateTime={m.created_at}>{formatTimeInIndia(m.created_at)}</time>
                    {!m.mine && (
                      <>
                        {' · '}
                        <ReportButton type="message" id={m.id} label={`Report this message from ${m.sender_name}`} className="text-xs" />
                      </>
                    )}
                  </>
                )}
              </span>
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}

function Composer({
  conversationId,
  otherName,
  thread,
  onSent,
}: {
  conversationId: string;
  otherName: string;
  /** Whether the thread is there to show a sent message in. */
  thread: 'loading' | 'loaded' | 'failed';
  onSent: () => void;
}) {
  const [body, setBody] = useState('');
  // A message sent before the thread has loaded (a quick writer on a slow connection) waits for
  // it, read-only, and goes once it is there; if the thread fails to load it stays, unsent.
  const [queued, setQueued] = useState<string | null>(null);
  const send = useSendMessage(conversationId);
  const inputId = useId();
  const counterId = useId();
  const trimmed = body.trim();
  const near = body.length > MESSAGE_LIMITS.bodyMax - 200;

  const sendNow = (text: string) => {
    send.mutate({ body: text, clientId: crypto.randomUUID() });
    setBody('');
    onSent();
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (queued !== null || !trimmed || body.length > MESSAGE_LIMITS.bodyMax) return;
    if (thread === 'loaded') sendNow(trimmed);
    else if (thread === 'loading') setQueued(trimmed);
  };
  const settleQueued = useEffectEvent(() => {
    if (queued === null) return;
    setQueued(null);
    if (thread === 'loaded') sendNow(queued);
  });
  useEffect(() => {
    if (thread !== 'loading') settleQueued();
  }, [thread]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line (and Enter while an IME composes is the IME's).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-stone-200 p-3 sm:p-4">
      <div className="flex-1">
        <label htmlFor={inputId} className="sr-only">
          Message {otherName}
        </label>
        <textarea
          id={inputId}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={onKeyDown}
          readOnly={queued !== null}
          maxLength={MESSAGE_LIMITS.bodyMax}
          rows={1}
          placeholder={`Message ${otherName}`}
          aria-describedby={near ? counterId : undefined}
          className="field-sizing-content max-h-40 min-h-11 w-full resize-none rounded-2xl border border-stone-300 bg-white px-4 py-2.5 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600/30"
        />
        {near && (
          <p id={counterId} className="mt-1 px-1 text-xs text-stone-600" aria-live="polite">
            {body.length.toLocaleString('en-IN')} / {MESSAGE_LIMITS.bodyMax.toLocaleString('en-IN')}
          </p>
        )}
        <p role="status" className={cn('px-1 text-xs text-stone-600', queued !== null && 'mt-1')}>
          {queued !== null && 'Sending as soon as the conversation has loaded…'}
        </p>
      </div>
      <Button type="submit" size="icon" disabled={!trimmed || thread === 'failed'} aria-label="Send message">
        {send.isPending || queued !== null ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
      </Button>
    </form>
  );
}
