import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet, PetCreate } from '@/domain/contracts/pet';
import { VACCINES, type Vaccine } from '@/domain/pet-profile';
import { ApiError, call } from '@/web/lib/api';
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

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'The files could not be sent. Please try again.');

/**
 * Saves a pet, then its files (they need its id) by one more request: the photo and each
 * vaccination's certificate, all or nothing. A failed files request does not undo the pet: the
 * answer names the files that were not saved, for the form to say so and offer another try on
 * the saved pet.
 */
async function savePet({ id, input, photo, certificates }: PetSave): Promise<PetSaved> {
  const pet = id ? await call('PATCH /api/pets/:id', { params: { id }, body: input }) : await call('POST /api/pets', { body: input });
  const body = new FormData();
  const changed: (keyof FileFailures)[] = [];
  const add = (slot: keyof FileFailures, change: FileChange, stored: boolean) => {
    if (change.kind === 'new') body.append(slot, change.file);
    else if (change.kind === 'remove' && stored) body.append('remove', slot);
    else return;
    changed.push(slot);
  };
  add('photo', photo, pet.photo_url !== null);
  for (const vaccine of VACCINES) {
    const recorded = pet.vaccinations[vaccine];
    // A certificate waits for its vaccination's date.
    if (recorded) add(vaccine, certificates[vaccine], recorded.has_certificate);
  }
  if (changed.length === 0) return { pet, failed: {} };
  try {
    return { pet: await call('PUT /api/pets/:id/files', { params: { id: pet.id }, body }), failed: {} };
  } catch (err) {
    // None of them was saved; the server names the one it refused when it can.
    const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
    const failed: FileFailures = {};
    const named = changed.some((slot) => fields[slot]);
    for (const slot of changed) failed[slot] = fields[slot] ?? (named ? 'Not sent: it goes with the other files once those are fixed.' : messageOf(err));
    return { pet, failed };
  }
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
