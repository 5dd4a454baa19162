import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@/domain/schemas/profile';
import { api } from '@/web/lib/api';
import { sessionQueryKey } from '@/web/features/auth/api';

export const profileQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => api.get<Profile>('/api/me'),
});

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { name: string; phone: string }) => api.patch<Profile>('/api/me', changes),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      queryClient.setQueryData(sessionQueryKey, profile);
    },
  });
}
