import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PetInput } from '@/domain/contracts/pet';
import { call } from '@/web/lib/api';

export const petsQuery = queryOptions({
  queryKey: ['pets'],
  queryFn: async () => (await call('GET /api/pets')).results,
});

function useInvalidatePets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: petsQuery.queryKey });
}

export function useSavePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PetInput }) =>
      id ? call('PATCH /api/pets/:id', { params: { id }, body: input }) : call('POST /api/pets', { body: input }),
    onSuccess: invalidate,
  });
}

export function useDeletePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/pets/:id', { params: { id } }),
    onSuccess: invalidate,
  });
}
