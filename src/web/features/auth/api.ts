import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@/domain/contracts/profile';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';


/** Who is signed in: the profile, or null. The cookie is HttpOnly, so the server is asked. */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: async () => (await call('GET /api/auth/session')).user,
  staleTime: 5 * 60_000,
});

export function useSession() {
  const query = useQuery(sessionQuery);
  return { user: query.data ?? null, isLoading: query.isPending };
}

/**
 * For an action that depends on who is signed in: runs it with the user (or null) at once when the
 * session is known, and otherwise as soon as it is. A press made just as the page's code has run
 * (or held for it, decision 018) comes before the session's answer, and must not take "not known
 * yet" for "signed out" and open the sign-in dialog to someone signed in.
 */
export function useWithSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (act: (user: Profile | null) => void) => {
      if (queryClient.getQueryState(queryKeys.session)?.status === 'success') {
        act(queryClient.getQueryData<Profile | null>(queryKeys.session) ?? null);
        return;
      }
      queryClient.ensureQueryData(sessionQuery).then(act, () => act(null));
    },
    [queryClient],
  );
}

export function useSendCode() {
  return useMutation({
    mutationFn: (email: string) => call('POST /api/auth/otp/send', { body: { email } }),
  });
}

/** After a sign-in, by code or link: anything cached while signed out (or as someone else) is stale now. */
function useOnSignedIn() {
  const queryClient = useQueryClient();
  return ({ user }: { user: Profile }) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
    queryClient.setQueryData(queryKeys.session, user);
  };
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (input: { email: string; code: string }) => call('POST /api/auth/otp/verify', { body: input }),
    onSuccess: useOnSignedIn(),
  });
}

/**
 * The address a sign-in link (the token after its `#`) signs in to: asked, never used, so the
 * page can show it before the visitor confirms. Not retried: a link that no longer works says so.
 */
export function useSignInLink(token: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.signInLink(token),
    queryFn: () => call('POST /api/auth/link/preview', { body: { token } }),
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Signs this browser in with the link, once its visitor has confirmed. */
export function useLinkSignIn() {
  return useMutation({
    mutationFn: (token: string) => call('POST /api/auth/link/sign-in', { body: { token } }),
    onSuccess: useOnSignedIn(),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/auth/sign-out'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}
