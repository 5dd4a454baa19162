import { and, asc, eq, sql } from 'drizzle-orm';
import type { Pet } from '../../../domain/contracts/pet';
import type { Db } from '../../db/client';
import { pets } from '../../db/schema';
import { notFound } from '../../http/errors';

// Every query names the owner: another user's pet is indistinguishable from a missing one.
const columns = {
  id: pets.id,
  name: pets.name,
  type: pets.type,
  breed: pets.breed,
  size: pets.size,
  notes: pets.notes,
  created_at: pets.createdAt,
};
type Row = Omit<Pet, 'created_at'> & { created_at: Date };
const toPet = (row: Row): Pet => ({ ...row, created_at: row.created_at.toISOString() });
const petNotFound = () => notFound('Pet not found');

export async function listPets(db: Db, ownerId: string): Promise<Pet[]> {
  const rows = await db.select(columns).from(pets).where(eq(pets.ownerId, ownerId)).orderBy(asc(pets.createdAt), asc(pets.id));
  return rows.map(toPet);
}

export async function getPet(db: Db, ownerId: string, id: string): Promise<Pet> {
  const [row] = await db.select(columns).from(pets).where(and(eq(pets.id, id), eq(pets.ownerId, ownerId)));
  if (!row) throw petNotFound();
  return toPet(row);
}

export async function createPet(db: Db, ownerId: string, input: Omit<Pet, 'id' | 'created_at'>): Promise<Pet> {
  const [row] = await db.insert(pets).values({ ...input, ownerId }).returning(columns);
  return toPet(row!);
}

export async function updatePet(db: Db, ownerId: string, id: string, changes: Partial<Omit<Pet, 'id' | 'created_at'>>): Promise<Pet> {
  const [row] = await db
    .update(pets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(pets.id, id), eq(pets.ownerId, ownerId)))
    .returning(columns);
  if (!row) throw petNotFound();
  return toPet(row);
}

export async function deletePet(db: Db, ownerId: string, id: string): Promise<void> {
  const deleted = await db.delete(pets).where(and(eq(pets.id, id), eq(pets.ownerId, ownerId))).returning({ id: pets.id });
  if (deleted.length === 0) throw petNotFound();
}
