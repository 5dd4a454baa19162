import { eq, sql } from 'drizzle-orm';
import type { Profile } from '../../../domain/contracts/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../http/errors';

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  photo_url: users.photoUrl,
  created_at: users.createdAt,
};

type Row = Omit<Profile, 'created_at'> & { created_at: Date };
const toProfile = (row: Row): Profile => ({ ...row, created_at: row.created_at.toISOString() });

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('Account not found');
  return toProfile(row);
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: { name?: string; phone?: string | null },
): Promise<Profile> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(columns);
  if (!row) throw notFound('Account not found');
  return toProfile(row);
}

/** The account for a verified address, created on its first sign-in. */
export async function findOrCreateUser(db: Db, email: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email, emailVerified: true })
    .onConflictDoUpdate({ target: users.email, set: { emailVerified: true } })
    .returning({ id: users.id });
  return row!.id;
}
