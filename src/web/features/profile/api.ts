import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

export const profileQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: () => call('GET /api/me'),
});

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { name: string; phone: string }) => call('PATCH /api/me', { body: changes }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      queryClient.setQueryData(queryKeys.session, profile);
    },
  });
}
