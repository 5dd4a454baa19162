import { eq, sql } from 'drizzle-orm';
import type { Profile } from '../../../domain/contracts/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

// The profiles' SQL: the account (users) behind a sign-in.

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  photo_url: users.photoUrl,
  created_at: users.createdAt,
  operator: users.isOperator,
};

/** A profile as stored: the API's fields, with created_at a Date. */
export type ProfileRow = Omit<Profile, 'created_at'> & { created_at: Date };

export async function selectProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return row;
}

/** Changes the account's name or phone; undefined if there is no such account. */
export async function updateUserProfile(
  db: Db,
  userId: string,
  changes: { name?: string; phone?: string | null },
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(columns);
  return row;
}

/** The id of the account with this address, created if there is none; either way marked verified. */
export async function upsertVerifiedUser(db: Db, email: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email, emailVerified: true })
    .onConflictDoUpdate({ target: users.email, set: { emailVerified: true } })
    .returning({ id: users.id });
  return row!.id;
}
