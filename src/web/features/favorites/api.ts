import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@/domain/contracts/profile';
import { toast } from '@/web/lib/toast';
import { ApiError, call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

/** `GET /api/favorites/ids`: which listings I saved, for the hearts on any page. */
export const favoriteIdsQuery = queryOptions({
  queryKey: queryKeys.favorites.ids,
  queryFn: ({ signal }) => call('GET /api/favorites/ids', { signal }).then((r) => r.ids),
});

/** `GET /api/favorites`: my saved listings as cards, the newest saved first. */
export const favoritesQuery = queryOptions({
  queryKey: queryKeys.favorites.list,
  queryFn: ({ signal }) => call('GET /api/favorites', { signal }).then((r) => r.results),
});

/** What a heart shows: nothing known yet, signed out, or whether I saved its listing. */
export type HeartState = 'unknown' | 'signed-out' | 'saved' | 'not-saved';

/** A heart's state in the query cache: the session's answer, then my saved ids (not saved until they come). */
export function heartState(client: QueryClient, listingId: string): HeartState {
  const session = client.getQueryState<Profile | null>(queryKeys.session);
  if (session?.status !== 'success') return 'unknown';
  if (!session.data) return 'signed-out';
  return client.getQueryData<string[]>(queryKeys.favorites.ids)?.includes(listingId) ? 'saved' : 'not-saved';
}

/**
 * The heart's state, read from the query cache: one listener per heart, where a query observer
 * each for the session and my ids gave a results page 48 to 72 observers, each with its timer, and
 * every change of either query went through all of them (about 50 ms of a phone's main thread as
 * the 24 cards of /search hydrated, and again when the page's answers were asked again; decision
 * 060). A string, so a heart renders again only when its own state changes. Signed in, my ids are
 * fetched once for all the hearts of a page (a fetch on its way is shared).
 */
export function useHeartState(listingId: string): HeartState {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const read = () => heartState(client, listingId);
  const state = useSyncExternalStore(subscribe, read, read);
  const signedIn = state === 'saved' || state === 'not-saved';
  useEffect(() => {
    if (signedIn) void client.prefetchQuery(favoriteIdsQuery);
  }, [client, signedIn]);
  return state;
}

/**
 * Saves or forgets one listing. The heart changes at once (the ids are updated before the request)
 * and changes back with a toast if the request fails. Toggles of one listing run one after another
 * (their shared scope), so a quick double tap ends as the last tap meant, and the server's answer
 * is fetched only once the last of them has settled.
 */
export function useToggleFavorite(listingId: string) {
  const queryClient = useQueryClient();
  const setSaved = (saved: boolean) =>
    queryClient.setQueryData<string[]>(queryKeys.favorites.ids, (ids = []) => {
      const rest = ids.filter((id) => id !== listingId);
      return saved ? [listingId, ...rest] : rest;
    });
  return useMutation({
    mutationKey: queryKeys.favorites.toggle,
    scope: { id: `favorite:${listingId}` },
    mutationFn: (save: boolean) =>
      save
        ? call('PUT /api/favorites/:listingId', { params: { listingId } })
        : call('DELETE /api/favorites/:listingId', { params: { listingId } }),
    onMutate: async (save) => {
      // A fetch already on its way would overwrite the optimistic ids with older ones.
      await queryClient.cancelQueries({ queryKey: queryKeys.favorites.ids });
      setSaved(save);
    },
    onError: (error, save) => {
      // Undo only this listing's change: other hearts may have changed meanwhile.
      setSaved(!save);
      const reason = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : undefined;
      toast.error(save ? 'Could not save this stay' : 'Could not remove this stay', {
        id: `favorite-failed-${listingId}`,
        description: reason ?? 'Please try again in a moment.',
      });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: queryKeys.favorites.toggle }) > 1) return;
      // The hearts read my ids without observing the query (useHeartState), so it is asked again
      // whether or not a page observes it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all, refetchType: 'all' });
    },
  });
}
