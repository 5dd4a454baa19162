import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet, PetInput } from '@/domain/schemas/pet';
import { api } from '@/web/lib/api';

export const petsQuery = queryOptions({
  queryKey: ['pets'],
  queryFn: async () => (await api.get<{ results: Pet[] }>('/api/pets')).results,
});

function useInvalidatePets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: petsQuery.queryKey });
}

export function useSavePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PetInput }) =>
      id ? api.patch<Pet>(`/api/pets/${id}`, input) : api.post<Pet>('/api/pets', input),
    onSuccess: invalidate,
  });
}

export function useDeletePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/pets/${id}`),
    onSuccess: invalidate,
  });
}
