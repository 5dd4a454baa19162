import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationItem, NotificationSettingsInput } from '@/domain/contracts/notification';
import type { Answer } from '@/domain/contracts/endpoint';
import type { ApiEndpoints } from '@/domain/contracts';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// The user's notices and their channels (src/server/modules/notifications). The live stream
// (features/messages/live.tsx) asks for the list and the bell's count again whenever they change,
// here or on another device; what this device does shows at once, before the server's answer.

export type { NotificationItem };
type NoticePage = Answer<ApiEndpoints['GET /api/notifications']>;
type NoticePages = InfiniteData<NoticePage, string | undefined>;

/** Newest first, 20 a page; the next page starts after the last notice of the one before. */
export const noticesQuery = infiniteQueryOptions({
  queryKey: queryKeys.notifications.list,
  queryFn: ({ signal, pageParam }): Promise<NoticePage> => call('GET /api/notifications', { query: { before: pageParam }, signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.next ?? undefined,
});

export const notificationSettingsQuery = queryOptions({
  queryKey: queryKeys.notifications.settings,
  queryFn: ({ signal }) => call('GET /api/notifications/settings', { signal }),
});

/**
 * Marks the notices that `which` picks read in the cache, and takes as many off the unread counts
 * (the bell's and the list's): the page and the bell change as the user acts, not a round trip later.
 */
function markReadHere(queryClient: QueryClient, which: (n: NotificationItem) => boolean, all = false) {
  let cleared = 0;
  queryClient.setQueryData<NoticePages>(queryKeys.notifications.list, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((n) => {
        if (n.read || !which(n)) return n;
        cleared++;
        return { ...n, read: true };
      }),
    }));
    const unread = (n: number) => (all ? 0 : Math.max(0, n - cleared));
    return { ...data, pages: pages.map((page) => ({ ...page, unread: unread(page.unread) })) };
  });
  if (all || cleared > 0) queryClient.setQueryData<number>(queryKeys.notifications.unread, (n) => (n === undefined ? n : all ? 0 : Math.max(0, n - cleared)));
}

const refresh = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unread });
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
};

/** Opening a notice reads it. Its callbacks are the mutation's own: they run after the page has moved on. */
function useReadNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/notifications/:id/read', { params: { id } }),
    onMutate: (id) => markReadHere(queryClient, (n) => n.id === id),
    onSettled: () => refresh(queryClient),
  });
}

/** Who is signed in and the server's settings: what opening a notice leaves as it is. */
const LASTING = new Set<unknown>([queryKeys.session[0], queryKeys.config[0]]);

/**
 * Opening a notice: it is read (without waiting for the answer: the page moves on), and what the
 * app holds is marked out of date, so that the page it leads to asks again for what it shows. A
 * host who saw their requests a moment before the bell rang would otherwise be shown the list
 * without the request the notice is about, for up to the 30 s its answer counts as fresh.
 */
export function useOpenNotice() {
  const queryClient = useQueryClient();
  const read = useReadNotice();
  return (notice: NotificationItem) => {
    void queryClient.invalidateQueries({ predicate: (q) => !LASTING.has(q.queryKey[0]), refetchType: 'none' });
    if (!notice.read) read.mutate(notice.id);
  };
}

export function useReadAllNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/notifications/read-all'),
    onMutate: () => markReadHere(queryClient, () => true, true),
    onSettled: () => refresh(queryClient),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettingsInput) => call('PUT /api/notifications/settings', { body: settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.settings }),
  });
}
