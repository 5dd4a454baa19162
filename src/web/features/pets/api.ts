import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet, PetCreate } from '@/domain/contracts/pet';
import { VACCINES, type Vaccine } from '@/domain/pet-profile';
import { call } from '@/web/lib/api';
import { petsQuery } from './pets-query';

export { petsQuery };

/** What the form does with a file: keep what is stored, send a new one, or remove it. */
export type FileChange = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

export type PetSave = {
  /** The pet being changed; undefined for a new one. */
  id?: string;
  input: PetCreate;
  photo: FileChange;
  certificates: Record<Vaccine, FileChange>;
};

/** Which of a save's files failed, with the server's message; the pet itself was saved. */
export type FileFailures = Partial<Record<'photo' | Vaccine, string>>;

export type PetSaved = { pet: Pet; failed: FileFailures };

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'The file could not be sent. Please try again.');

/**
 * Saves a pet, then its files (they need its id): the photo and each vaccination's certificate.
 * A failed file does not undo the pet: the answer names it, for the form to say so and offer
 * another try on the saved pet.
 */
async function savePet({ id, input, photo, certificates }: PetSave): Promise<PetSaved> {
  let pet = id ? await call('PATCH /api/pets/:id', { params: { id }, body: input }) : await call('POST /api/pets', { body: input });
  const params = { id: pet.id };
  const failed: FileFailures = {};

  // One after the other: each answer is the whole pet, and the last one is the one kept.
  const send = async (key: keyof FileFailures, request: () => Promise<Pet>) => {
    try {
      pet = await request();
    } catch (err) {
      failed[key] = messageOf(err);
    }
  };

  if (photo.kind === 'new') {
    const body = new FormData();
    body.append('photo', photo.file);
    await send('photo', () => call('PUT /api/pets/:id/photo', { params, body }));
  } else if (photo.kind === 'remove' && pet.photo_url) {
    await send('photo', () => call('DELETE /api/pets/:id/photo', { params }));
  }
  for (const vaccine of VACCINES) {
    const change = certificates[vaccine];
    const recorded = pet.vaccinations[vaccine];
    if (change.kind === 'new' && recorded) {
      const body = new FormData();
      body.append('certificate', change.file);
      await send(vaccine, () => call('PUT /api/pets/:id/vaccinations/:vaccine/certificate', { params: { ...params, vaccine }, body }));
    } else if (change.kind === 'remove' && recorded?.has_certificate) {
      await send(vaccine, () => call('DELETE /api/pets/:id/vaccinations/:vaccine/certificate', { params: { ...params, vaccine } }));
    }
  }
  return { pet, failed };
}

function useInvalidatePets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: petsQuery.queryKey });
}

export function useSavePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: savePet,
    // A failed file leaves the pet saved: the list shows it either way.
    onSettled: invalidate,
  });
}

export function useDeletePet() {
  const invalidate = useInvalidatePets();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/pets/:id', { params: { id } }),
    onSuccess: invalidate,
  });
}
