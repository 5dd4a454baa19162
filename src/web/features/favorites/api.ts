import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { useSession } from '@/web/features/auth';
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

/** Whether I saved the listing; false while signed out (no request is made then). */
export function useIsFavorite(listingId: string): boolean {
  const { user } = useSession();
  const ids = useQuery({ ...favoriteIdsQuery, enabled: Boolean(user) });
  return Boolean(user) && (ids.data?.includes(listingId) ?? false);
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
      void queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all });
    },
  });
}
