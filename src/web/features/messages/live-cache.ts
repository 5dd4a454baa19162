import { type InfiniteData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Message as ApiMessage, MessagePage as ApiMessagePage } from '@/domain/contracts/message';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// What the header needs of messages in every page's first view: the unread count, and the thread
// cache that the live stream (live.tsx) writes new messages into. The rest of the conversations'
// queries and mutations (api.ts) load with the pages that use them.

/** A message, and on this device only, its sending state. */
export type Message = ApiMessage & {
  /** Only on this device, while sending or after a failed send. */
  local?: { clientId: string; state: 'sending' | 'failed' };
};

export type MessagePage = Omit<ApiMessagePage, 'results'> & { results: Message[] };
export type Thread = InfiniteData<MessagePage, unknown>;

export const unreadQuery = queryOptions({
  queryKey: queryKeys.messages.unread,
  queryFn: ({ signal }) => call('GET /api/conversations/unread', { signal }).then((r) => r.count),
  // The live stream refreshes it; this is only the fallback when the stream is down.
  staleTime: 60_000,
});

/**
 * Puts a message into its thread's cache (if that thread is loaded), replacing a local copy with
 * the same client id or a copy already there: the live stream and the send's own answer may both
 * bring it.
 */
export function addToThread(queryClient: QueryClient, message: Message, clientId?: string): void {
  queryClient.setQueryData<Thread>(queryKeys.messages.thread(message.conversation_id), (thread) => {
    if (!thread) return thread;
    const pages = thread.pages.map((p) => ({
      ...p,
      results: p.results.filter((m) => m.id !== message.id && (!clientId || m.local?.clientId !== clientId)),
    }));
    const [newest, ...older] = pages;
    const results = [...(newest?.results ?? []), message].sort((a, b) => (a.local ? 1 : 0) - (b.local ? 1 : 0) || a.seq - b.seq);
    return { ...thread, pages: [{ has_more: newest?.has_more ?? false, results }, ...older] };
  });
}
