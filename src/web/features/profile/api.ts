import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@/domain/contracts/profile';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

export const profileQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: () => call('GET /api/me'),
});

/**
 * The profile the server answered, wherever the app holds it (the page's and the signed-in
 * user's); the channels that reach the user follow the number and whether it is verified.
 */
function saved(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData(profileQuery.queryKey, profile);
  queryClient.setQueryData(queryKeys.session, profile);
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.settings });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { name: string; phone: string }) => call('PATCH /api/me', { body: changes }),
    onSuccess: (profile) => saved(queryClient, profile),
  });
}

/** Sends a code by SMS to the profile's saved number (the server limits how often). */
export function useSendPhoneCode() {
  return useMutation({ mutationFn: () => call('POST /api/me/phone/code', { body: {} }) });
}

/** Proves the saved number with the code sent to it: the answer is the profile, verified. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call('POST /api/me/phone/verify', { body: { code } }),
    onSuccess: (profile) => saved(queryClient, profile),
  });
}

/** The profile as the server has it now (a code refused as the number was verified elsewhere). */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
}
