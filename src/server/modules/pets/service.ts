import type { Pet } from '../../../domain/contracts/pet';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { deleteOwnerPet, insertPet, type PetRow, selectOwnerPet, selectOwnerPets, updateOwnerPet } from './queries';

// Another user's pet is indistinguishable from a missing one (every query names the owner).
const toPet = (row: PetRow): Pet => ({ ...row, created_at: row.created_at.toISOString() });
const petNotFound = () => notFound('Pet not found');

export async function listPets(db: Db, ownerId: string): Promise<Pet[]> {
  const rows = await selectOwnerPets(db, ownerId);
  return rows.map(toPet);
}

export async function getPet(db: Db, ownerId: string, id: string): Promise<Pet> {
  const row = await selectOwnerPet(db, ownerId, id);
  if (!row) throw petNotFound();
  return toPet(row);
}

export async function createPet(db: Db, ownerId: string, input: Omit<Pet, 'id' | 'created_at'>): Promise<Pet> {
  return toPet(await insertPet(db, ownerId, input));
}

export async function updatePet(db: Db, ownerId: string, id: string, changes: Partial<Omit<Pet, 'id' | 'created_at'>>): Promise<Pet> {
  const row = await updateOwnerPet(db, ownerId, id, changes);
  if (!row) throw petNotFound();
  return toPet(row);
}

export async function deletePet(db: Db, ownerId: string, id: string): Promise<void> {
  if (!(await deleteOwnerPet(db, ownerId, id))) throw petNotFound();
}
