import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db/rows';
import type { Profile } from '../../../domain/contracts/profile';
import type { Locale } from '../../../domain/locales';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

// The profiles' SQL: the account (users) behind a sign-in.

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  phone_verified: sql<boolean>`${users.phoneVerifiedAt} is not null`,
  photo_url: users.photoUrl,
  created_at: users.createdAt,
  operator: users.isOperator,
  locale: sql<Locale | null>`${users.locale}`,
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
    // A new number is not proved by the old one's code.
    .set({ ...changes, ...(changes.phone !== undefined ? { phoneVerifiedAt: sql`case when ${users.phone} is not distinct from ${changes.phone} then ${users.phoneVerifiedAt} end` } : {}), updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(columns);
  return row;
}

/** Keeps the account's choice of language. */
export async function updateUserLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale, updatedAt: sql`now()` }).where(eq(users.id, userId));
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

// Proving a mobile number (issue 38): codes by SMS, by the sign-in codes' rules (phone.ts).

const phoneRow = z.object({ phone: z.string().nullable(), verified: z.boolean() });

/** The account's number and whether it is proved, locking the account's row: one send or check at a time. */
export async function lockUserPhone(db: Db, userId: string) {
  const [row] = await queryRows(db, phoneRow, sql`select phone, phone_verified_at is not null as verified from users where id = ${userId}::uuid for update`);
  return row;
}

/** Sends to `phone` one after another, whichever accounts ask: its hourly count cannot be raced past. */
export async function lockPhoneSends(db: Db, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code ${phone}`}))`);
}

const countRow = z.object({ n: z.coerce.number().int() });

/** Codes sent in the last `ms` to this account, and to this number (whoever asked). */
export async function countPhoneCodeSends(db: Db, userId: string, phone: string, ms: number): Promise<{ user: number; phone: number }> {
  const since = sql`now() - make_interval(secs => ${ms / 1000})`;
  const [byUser] = await queryRows(db, countRow, sql`select count(*) as n from phone_codes where user_id = ${userId}::uuid and created_at > ${since}`);
  const [byPhone] = await queryRows(db, countRow, sql`select count(*) as n from phone_codes where phone = ${phone} and created_at > ${since}`);
  return { user: byUser!.n, phone: byPhone!.n };
}

/** Voids the account's unused codes: asking again never adds guesses. */
export async function voidPhoneCodes(db: Db, userId: string): Promise<void> {
  await db.execute(sql`update phone_codes set consumed_at = now() where user_id = ${userId}::uuid and consumed_at is null`);
}

export async function insertPhoneCode(db: Db, c: { id: string; userId: string; phone: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db.execute(sql`
    insert into phone_codes (id, user_id, phone, code_hash, expires_at) values (${c.id}::uuid, ${c.userId}::uuid, ${c.phone}, ${c.codeHash}, ${c.expiresAt.toISOString()}::timestamptz)
  `);
}

export async function deletePhoneCode(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from phone_codes where id = ${id}::uuid`);
}

const liveCodeRow = z.object({ id: z.string(), phone: z.string(), code_hash: z.string(), attempts: z.number().int() });

/** The account's newest unused, unexpired code, locked. */
export async function lockLivePhoneCode(db: Db, userId: string) {
  const [row] = await queryRows(db, liveCodeRow, sql`
    select id, phone, code_hash, attempts from phone_codes
    where user_id = ${userId}::uuid and consumed_at is null and expires_at > now()
    order by created_at desc limit 1 for update
  `);
  return row;
}

export async function setPhoneCodeAttempts(db: Db, id: string, attempts: number, consumed: boolean): Promise<void> {
  await db.execute(sql`update phone_codes set attempts = ${attempts}, consumed_at = ${consumed ? sql`now()` : sql`consumed_at`} where id = ${id}::uuid`);
}

/**
 * `phone` proved by `userId`: verified on this account, and on no other (whoever proves a number
 * last holds it; the one before has it unverified, and WhatsApp and SMS stop there).
 */
export async function markPhoneVerified(db: Db, userId: string, phone: string): Promise<void> {
  await db.execute(sql`update users set phone_verified_at = null, updated_at = now() where phone = ${phone} and phone_verified_at is not null and id <> ${userId}::uuid`);
  await db.execute(sql`update users set phone_verified_at = now(), updated_at = now() where id = ${userId}::uuid and phone = ${phone}`);
}

/** Deletes codes older than `ms` (they only count sends for an hour). */
export async function deleteOldPhoneCodes(db: Db, ms: number): Promise<number> {
  const rows = await queryRows(db, z.object({ id: z.string() }), sql`delete from phone_codes where created_at < now() - make_interval(secs => ${ms / 1000}) returning id`);
  return rows.length;
}
