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

// Changes of an account made by other modules (decision 044: the users table is the profiles'):
// the operators' console and commands, and the verification of a host.

/** Makes the account an operator, or no longer one. */
export async function setUserOperator(db: Db, userId: string, operator: boolean): Promise<void> {
  await db.update(users).set({ isOperator: operator, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** An account for `email` unless there is one (its owner signs in with a code sent there). */
export async function insertUserIfMissing(db: Db, email: string): Promise<void> {
  await db.insert(users).values({ email }).onConflictDoNothing();
}

/** Suspends (`true`) or restores an account; its listings follow (a trigger, migration 0019). */
export async function setUserSuspended(tx: Db, userId: string, suspended: boolean): Promise<void> {
  await tx.execute(sql`update users set suspended_at = ${suspended ? sql`now()` : sql`null`}, updated_at = now() where id = ${userId}`);
}

/** Marks the account a verified host. */
export async function markUserVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ verifiedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Every operator's address, to alert them (an urgent problem on a stay); suspended accounts left out. */
export async function selectOperatorEmails(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(sql`${users.isOperator} and ${users.suspendedAt} is null`).orderBy(users.email);
  return rows.map((r) => r.email);
}
