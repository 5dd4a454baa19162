import type { Profile } from '../../../domain/contracts/profile';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { type ProfileRow, selectProfile, updateUserProfile, upsertVerifiedUser } from './queries';

const toProfile = (row: ProfileRow): Profile => ({ ...row, created_at: row.created_at.toISOString() });

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const row = await selectProfile(db, userId);
  if (!row) throw notFound('Account not found');
  return toProfile(row);
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: { name?: string; phone?: string | null },
): Promise<Profile> {
  const row = await updateUserProfile(db, userId, changes);
  if (!row) throw notFound('Account not found');
  return toProfile(row);
}

/** The account for a verified address, created on its first sign-in. */
export function findOrCreateUser(db: Db, email: string): Promise<string> {
  return upsertVerifiedUser(db, email);
}
