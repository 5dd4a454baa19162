import { infiniteQueryOptions, queryOptions, type QueryClient, replaceEqualDeep, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@/domain/contracts/message';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';
import { addToThread, type Message, type MessagePage, type Thread } from './live-cache';

// Conversations and messages (src/server/modules/messages). The live stream (live.tsx) writes new
// messages into these same caches (live-cache.ts), so a thread on screen grows without a refetch.

export type { Conversation };

export type { Message, Thread };

export const conversationsQuery = queryOptions({
  queryKey: queryKeys.messages.conversations,
  queryFn: ({ signal }) => call('GET /api/conversations', { signal }).then((r) => r.results),
});

/** One conversation, for a thread opened by link (it may not be in the list yet). */
export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.messages.conversation(id),
    queryFn: ({ signal }) => call('GET /api/conversations/:id', { params: { id }, signal }),
    retry: false,
  });

/** A conversation's messages: pages[0] is the newest page; older pages follow. */
export const threadQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.messages.thread(id),
    queryFn: ({ signal, pageParam }): Promise<MessagePage> =>
      call('GET /api/conversations/:id/messages', { params: { id }, query: { before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.results[0]?.seq : undefined),
    // A refetch (the live stream refreshes on every reconnect) must not drop what only this device
    // has; what did not change keeps its identity, as with the default structural sharing.
    structuralSharing: (old, fresh) => replaceEqualDeep(old, keepLocalMessages(old as Thread | undefined, fresh as Thread)),
  });

/**
 * The thread as fetched, plus the messages still sending or not sent from before the fetch: they
 * exist only here, and a failed one must stay on screen to be sent again. One the server now has
 * (by its client id) is the server's copy.
 */
export function keepLocalMessages(old: Thread | undefined, fresh: Thread): Thread {
  const local = threadMessages(old).filter((m) => m.local);
  const [newest, ...older] = fresh.pages;
  if (local.length === 0 || !newest) return fresh;
  const stored = new Set(threadMessages(fresh).map((m) => m.client_id));
  const keep = local.filter((m) => !stored.has(m.local!.clientId));
  if (keep.length === 0) return fresh;
  return { ...fresh, pages: [{ ...newest, results: [...newest.results, ...keep] }, ...older] };
}

/** Every message of a thread, oldest first. */
export function threadMessages(thread: Thread | undefined): Message[] {
  if (!thread) return [];
  return [...thread.pages].reverse().flatMap((p) => p.results);
}

function setLocalState(queryClient: QueryClient, conversationId: string, clientId: string, state: 'sending' | 'failed') {
  queryClient.setQueryData<Thread>(queryKeys.messages.thread(conversationId), (thread) =>
    thread && {
      ...thread,
      pages: thread.pages.map((p) => ({ ...p, results: p.results.map((m) => (m.local?.clientId === clientId ? { ...m, local: { clientId, state } } : m)) })),
    },
  );
}

/**
 * Sends with a client id, showing the message at once; a failed one stays in the thread marked
 * "Not sent" and can be sent again with the same id (the server stores it once).
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, clientId }: { body: string; clientId: string }) =>
      call('POST /api/conversations/:id/messages', { params: { id: conversationId }, body: { body, clientId } }),
    onMutate: ({ body, clientId }) => {
      const existing = threadMessages(queryClient.getQueryData<Thread>(queryKeys.messages.thread(conversationId))).some((m) => m.local?.clientId === clientId);
      if (existing) {
        setLocalState(queryClient, conversationId, clientId, 'sending');
        return;
      }
      addToThread(queryClient, {
        id: `local-${clientId}`,
        seq: Number.MAX_SAFE_INTEGER,
        conversation_id: conversationId,
        body,
        created_at: new Date().toISOString(),
        mine: true,
        sender_name: '',
        client_id: clientId,
        local: { clientId, state: 'sending' },
      });
    },
    onSuccess: (message, { clientId }) => {
      addToThread(queryClient, message, clientId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations });
    },
    onError: (_err, { clientId }) => setLocalState(queryClient, conversationId, clientId, 'failed'),
  });
}

export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) => call('POST /api/conversations/:id/read', { params: { id: conversationId }, body: { seq } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations });
    },
  });
}
