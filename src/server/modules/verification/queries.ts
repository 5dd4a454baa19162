import { and, asc, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hostVerifications, listingPhotos, listings, users } from '../../db/schema';

// The SQL of host verification: the host's attempts, the operators' queue, and the ID files due
// for deletion.

export type VerificationRow = typeof hostVerifications.$inferSelect;

/** The host's latest attempt (the current one), locked when `forUpdate`. */
export async function selectLatestAttempt(db: Db, hostId: string, forUpdate = false): Promise<VerificationRow | undefined> {
  const query = db.select().from(hostVerifications).where(eq(hostVerifications.hostId, hostId)).orderBy(desc(hostVerifications.createdAt), desc(hostVerifications.id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertDraft(db: Db, hostId: string): Promise<VerificationRow | undefined> {
  // Two first steps at once: the partial unique index lets one draft in, the other reads it.
  const [row] = await db.insert(hostVerifications).values({ hostId }).onConflictDoNothing().returning();
  return row;
}

export async function updateAttempt(db: Db, id: string, values: Partial<typeof hostVerifications.$inferInsert>): Promise<VerificationRow> {
  const [row] = await db.update(hostVerifications).set({ ...values, updatedAt: sql`now()` }).where(eq(hostVerifications.id, id)).returning();
  return row!;
}

/** When the host was verified, or null. */
export async function selectHostVerifiedAt(db: Db, hostId: string): Promise<Date | null> {
  const [row] = await db.select({ verifiedAt: users.verifiedAt }).from(users).where(eq(users.id, hostId));
  return row?.verifiedAt ?? null;
}

/** How many photos the host's listings have. */
export async function countHostPhotos(db: Db, hostId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingPhotos)
    .innerJoin(listings, eq(listings.id, listingPhotos.listingId))
    .where(eq(listings.hostId, hostId));
  return row?.n ?? 0;
}

/** The call slots that requests under review hold from `from` on (ISO instants). */
export async function selectTakenCallSlots(db: Db, from: Date): Promise<Set<string>> {
  const rows = await db
    .select({ callAt: hostVerifications.callAt })
    .from(hostVerifications)
    .where(and(eq(hostVerifications.status, 'submitted'), sql`${hostVerifications.callAt} >= ${from}`));
  return new Set(rows.map((r) => r.callAt!.toISOString()));
}

/** The operators' queue: every request under review, the oldest first, with its host. */
export async function selectQueue(db: Db) {
  return db
    .select({
      id: hostVerifications.id,
      hostId: users.id,
      name: users.name,
      email: users.email,
      joinedAt: users.createdAt,
      idType: hostVerifications.idType,
      idFileKey: hostVerifications.idFileKey,
      callAt: hostVerifications.callAt,
      submittedAt: hostVerifications.submittedAt,
    })
    .from(hostVerifications)
    .innerJoin(users, eq(users.id, hostVerifications.hostId))
    .where(eq(hostVerifications.status, 'submitted'))
    .orderBy(asc(hostVerifications.submittedAt), asc(hostVerifications.id))
    .limit(200);
}

/** The listings of these hosts with their photos in order, in one query for the whole queue. */
export async function selectHostsListingPhotos(db: Db, hostIds: string[]) {
  if (hostIds.length === 0) return [];
  return db
    .select({
      hostId: listings.hostId,
      listingId: listings.id,
      title: listings.title,
      city: listings.city,
      url: listingPhotos.url,
      alt: listingPhotos.alt,
    })
    .from(listings)
    .leftJoin(listingPhotos, eq(listingPhotos.listingId, listings.id))
    .where(inArray(listings.hostId, hostIds))
    .orderBy(asc(listings.createdAt), asc(listings.id), asc(listingPhotos.sortOrder), asc(listingPhotos.createdAt));
}

export async function selectAttempt(db: Db, id: string, forUpdate = false): Promise<VerificationRow | undefined> {
  const query = db.select().from(hostVerifications).where(eq(hostVerifications.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * Whether an attempt's ID file is due for deletion: 30 days after the decision, or a draft left
 * untouched for 30 days (a file sent and never submitted is not kept either).
 */
const idFileDue = (before: Date) =>
  and(
    isNotNull(hostVerifications.idFileKey),
    or(
      and(inArray(hostVerifications.status, ['approved', 'rejected']), lt(hostVerifications.decidedAt, before)),
      and(eq(hostVerifications.status, 'draft'), lt(hostVerifications.updatedAt, before)),
    ),
  );

/** The attempts whose ID file is due (`before`: 30 days ago). */
export async function selectIdFilesDue(db: Db, before: Date) {
  return db.select({ id: hostVerifications.id }).from(hostVerifications).where(idFileDue(before)).limit(500);
}

/**
 * The attempt's file key, locked, if it is still due: a draft sent for review meanwhile is not,
 * and the host's step waits for the lock rather than lose its file. Another run holding the row skips it.
 */
export async function lockIdFileIfDue(db: Db, id: string, before: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ key: hostVerifications.idFileKey })
    .from(hostVerifications)
    .where(and(eq(hostVerifications.id, id), idFileDue(before)))
    .for('update', { skipLocked: true });
  return row?.key ?? undefined;
}

/** Forgets the file of an attempt, once it is deleted (only if it is still that file). */
export async function clearIdFile(db: Db, id: string, key: string): Promise<void> {
  await db
    .update(hostVerifications)
    .set({ idFileKey: null, idFileDeletedAt: sql`now()` })
    .where(and(eq(hostVerifications.id, id), eq(hostVerifications.idFileKey, key)));
}

export async function selectUserEmail(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}
