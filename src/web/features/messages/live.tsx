import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { addToThread, type Message } from './live-cache';
import * as queryKeys from '@/web/lib/query-keys';

/** Waits before reopening a stream the browser gave up on (a 502 or 503 during a deploy). */
const REOPEN_WAITS_MS = [1_000, 3_000, 10_000, 30_000];
/** How long after its session ends a tab asks who is signed in now (see 'session-ended'). */
const SESSION_SETTLES_MS = 1_000;

/**
 * Keeps a signed-in user's messages and notices live (issues 7 and 38): one EventSource per tab.
 * New messages go straight into their thread's cache and refresh the conversation list and the
 * unread count. After a drop the browser reconnects by itself with the last event id (every
 * message, and `ready`, carries one) and the server replays what was missed. A browser gives up
 * for good on an error answer; then the stream is reopened here, after the last id seen, with
 * growing waits. Each (re)connection also refreshes what the page fetched before the stream was
 * open. A `notice` event (data `{}`) says the user's notices changed: the bell's count and the
 * list are asked again.
 */
export function LiveMessages() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let lastId = '';
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    /** The bell's count and the notices' list, asked again (the settings are not notices). */
    const refreshNotices = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unread });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
    };

    const open = () => {
      source = new EventSource(`/api/conversations/stream${lastId ? `?after=${encodeURIComponent(lastId)}` : ''}`);
      source.addEventListener('ready', (event) => {
        failures = 0;
        lastId = (event as MessageEvent).lastEventId || lastId;
        void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });
        refreshNotices();
      });
      // The user's notices changed (issue 38): a new one, or one read here or on another device.
      source.addEventListener('notice', refreshNotices);
      source.addEventListener('message', (event) => {
        const e = event as MessageEvent<string>;
        lastId = e.lastEventId || lastId;
        const message = JSON.parse(e.data) as Message;
        // My own message may arrive before the send's answer: it replaces the copy shown while sending.
        addToThread(queryClient, message, message.client_id ?? undefined);
        void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread });
        void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations });
      });
      // Signed out here, in another tab or on another device, or signed in again in another tab:
      // the session is over, so is the stream. Asking who is signed in again lets the page show
      // it (and a new user gets a stream of their own: this one is keyed by user). A sign-in ends
      // the old session a moment before its answer brings the browser the new cookie, so the
      // question waits that moment: asked at once, it would still carry the old one.
      source.addEventListener('session-ended', () => {
        source?.close();
        timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.session }), SESSION_SETTLES_MS);
      });
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return; // the browser is retrying itself
        source.close();
        const wait = REOPEN_WAITS_MS[Math.min(failures++, REOPEN_WAITS_MS.length - 1)];
        timer = setTimeout(open, wait);
      });
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [queryClient]);
  return null;
}
