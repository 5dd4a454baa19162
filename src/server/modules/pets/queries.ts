import { and, asc, eq, sql } from 'drizzle-orm';
import type { Pet } from '../../../domain/contracts/pet';
import type { Db } from '../../db/client';
import { pets } from '../../db/schema';

// The pets' SQL. Every query names the owner: another user's pet is indistinguishable from a
// missing one.

const columns = {
  id: pets.id,
  name: pets.name,
  type: pets.type,
  breed: pets.breed,
  size: pets.size,
  notes: pets.notes,
  created_at: pets.createdAt,
};

/** A pet as stored: the API's fields, with created_at a Date. */
export type PetRow = Omit<Pet, 'created_at'> & { created_at: Date };

type PetFields = Omit<Pet, 'id' | 'created_at'>;

/** The owner's pets, oldest first. */
export function selectOwnerPets(db: Db, ownerId: string): Promise<PetRow[]> {
  return db.select(columns).from(pets).where(eq(pets.ownerId, ownerId)).orderBy(asc(pets.createdAt), asc(pets.id));
}

/** The owner's pet `id`, if it is theirs. */
export async function selectOwnerPet(db: Db, ownerId: string, id: string): Promise<PetRow | undefined> {
  const [row] = await db.select(columns).from(pets).where(and(eq(pets.id, id), eq(pets.ownerId, ownerId)));
  return row;
}

export async function insertPet(db: Db, ownerId: string, input: PetFields): Promise<PetRow> {
  const [row] = await db.insert(pets).values({ ...input, ownerId }).returning(columns);
  return row!;
}

/** Changes the owner's pet `id`; undefined if it is not theirs. */
export async function updateOwnerPet(db: Db, ownerId: string, id: string, changes: Partial<PetFields>): Promise<PetRow | undefined> {
  const [row] = await db
    .update(pets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(pets.id, id), eq(pets.ownerId, ownerId)))
    .returning(columns);
  return row;
}

/** Deletes the owner's pet `id`; answers whether there was one. */
export async function deleteOwnerPet(db: Db, ownerId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(pets).where(and(eq(pets.id, id), eq(pets.ownerId, ownerId))).returning({ id: pets.id });
  return deleted.length > 0;
}
