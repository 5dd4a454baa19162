import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/web/lib/api';
import { sessionQueryKey } from '@/web/features/auth';

export const profileQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => call('GET /api/me'),
});

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { name: string; phone: string }) => call('PATCH /api/me', { body: changes }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      queryClient.setQueryData(sessionQueryKey, profile);
    },
  });
}
