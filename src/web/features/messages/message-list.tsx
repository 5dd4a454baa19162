import { Fragment } from 'react';
import { CircleAlert } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatTimeInIndia } from '@/web/i18n/times';
import { dayLabel } from '@/web/i18n/recent-times';
import { cn } from '@/web/lib/cn';
import { type Message, useSendMessage } from './api';
import { ReportButton } from '@/web/features/reports';

// A thread's messages, a day label wherever the day changes; one not sent offers a retry.

export function MessageList({ messages, conversationId }: { messages: Message[]; conversationId: string }) {
  const send = useSendMessage(conversationId);
  const { t, i18n } = useLingui();
  let lastDay = '';
  return (
    <ol aria-label={t`Messages`} className="flex flex-col gap-2">
      {messages.map((m) => {
        const day = dayLabel(m.created_at, i18n);
        const sender = m.sender_name;
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
                <span className="sr-only">{m.mine ? t`You:` : `${sender}:`} </span>
                <span translate="no">{m.body}</span>
              </div>
              <span className="mt-1 px-1 text-xs text-stone-600">
                {m.local?.state === 'failed' ? (
                  <span className="flex items-center gap-1 text-red-700">
                    <CircleAlert className="size-3.5" aria-hidden="true" />
                    <Trans>Not sent.</Trans>
                    <button type="button" className="font-semibold underline" onClick={() => send.mutate({ body: m.body, clientId: m.local!.clientId })}>
                      <Trans>Retry</Trans>
                    </button>
                  </span>
                ) : m.local ? (
                  t`Sending…`
                ) : (
                  <>
                    <time dateTime={m.created_at}>{formatTimeInIndia(m.created_at, i18n)}</time>
                    {!m.mine && (
                      <>
                        {' · '}
                        <ReportButton type="message" id={m.id} label={t`Report this message from ${sender}`} className="text-xs" />
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
