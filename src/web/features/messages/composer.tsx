import { useEffect, useEffectEvent, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Loader2, Send } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGE_LIMITS } from '@/domain/conversations';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { type Message, useSendMessage } from './api';

export function Composer({
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
  const { t } = useLingui();

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
          <Trans>Message {otherName}</Trans>
        </label>
        <textarea
          id={inputId}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={onKeyDown}
          readOnly={queued !== null}
          maxLength={MESSAGE_LIMITS.bodyMax}
          rows={1}
          placeholder={t`Message ${otherName}`}
          aria-describedby={near ? counterId : undefined}
          className="field-sizing-content max-h-40 min-h-11 w-full resize-none rounded-2xl border border-stone-300 bg-white px-4 py-2.5 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600/30"
        />
        {near && (
          <p id={counterId} className="mt-1 px-1 text-xs text-stone-600" aria-live="polite">
            {body.length.toLocaleString('en-IN')} / {MESSAGE_LIMITS.bodyMax.toLocaleString('en-IN')}
          </p>
        )}
        <p role="status" className={cn('px-1 text-xs text-stone-600', queued !== null && 'mt-1')}>
          {queued !== null && t`Sending as soon as the conversation has loaded…`}
        </p>
      </div>
      <Button type="submit" size="icon" disabled={!trimmed || thread === 'failed'} aria-label={t`Send message`}>
        {send.isPending || queued !== null ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
      </Button>
    </form>
  );
}
