import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@/domain/schemas/profile';
import { api } from '@/web/lib/api';

export const sessionQueryKey = ['session'] as const;

/** Who is signed in: the profile, or null. The cookie is HttpOnly, so the server is asked. */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async () => (await api.get<{ user: Profile | null }>('/api/auth/session')).user,
  staleTime: 5 * 60_000,
});

export function useSession() {
  const query = useQuery(sessionQuery);
  return { user: query.data ?? null, isLoading: query.isPending };
}

export function useSendCode() {
  return useMutation({
    mutationFn: (email: string) => api.post<{ ok: true }>('/api/auth/otp/send', { email }),
  });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) => api.post<{ user: Profile }>('/api/auth/otp/verify', input),
    onSuccess: ({ user }) => {
      // Anything cached while signed out (or as someone else) is stale now.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/auth/sign-out'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
