import { and, count, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { instantColumn, lockNamed, queryRows } from '../db/rows';
import type { RawQuery } from '../db/transaction-check';
import { authCodes, sessions, signInBrowsers, users } from '../db/schema';
import { AUTH_POLICY } from './policy';

// The sign-in SQL: codes (codes.ts), sessions (sessions.ts), the session watch (session-watch.ts)
// and the clean-up job (expired.ts) call these by name. The decisions (limits, expiries, whether a
// code matches, in constant time) stay with their callers.

// Sign-in codes

/** The start of the send limits' window, which is also a link's lifetime (policy.ts). */
const since = () => sql`now() - make_interval(secs => ${AUTH_POLICY.sendWindowMs / 1000})`;

const countRow = z.object({ n: z.number().int() });

/**
 * Holds, until `tx` ends, the locks on the address's and the IP's sends, so sends made at once are
 * counted one after another and none slips past a limit.
 */
export async function lockCodeSends(tx: Db, email: string, ip: string): Promise<void> {
  await lockNamed(tx, `codes for ${email}`);
  await lockNamed(tx, `codes from ${ip}`);
}

/** Codes `browserHash` asked for `email` in the last hour. */
export async function countBrowserSendsLastHour(db: Db, email: string, browserHash: string): Promise<number> {
  const [mine] = await db
    .select({ n: count() })
    .from(authCodes)
    .where(and(eq(authCodes.email, email), eq(authCodes.browserHash, browserHash), gt(authCodes.createdAt, since())));
  return mine?.n ?? 0;
}

/** Codes asked for from `ip` in the last hour, for any address. */
export async function countIpSendsLastHour(db: Db, ip: string): Promise<number> {
  const [byIp] = await db
    .select({ n: count() })
    .from(authCodes)
    .where(and(eq(authCodes.requesterIp, ip), gt(authCodes.createdAt, since())));
  return byIp?.n ?? 0;
}

/** Whether `browserHash` has signed in to `email` before. */
export async function isKnownBrowser(db: Db, email: string, browserHash: string): Promise<boolean> {
  const [row] = await db
    .select({ email: signInBrowsers.email })
    .from(signInBrowsers)
    .where(and(eq(signInBrowsers.email, email), eq(signInBrowsers.browserHash, browserHash)));
  return Boolean(row);
}

/**
 * Codes `email` was sent in the last hour at the request of browsers that never signed in to it,
 * whose links still work: a sign-in to the address ends its links (spendLinksOf), and with them
 * their place under the ceiling, so that a refusal always leaves a link that works in the inbox.
 */
export async function countStrangerLiveSendsLastHour(db: Db, email: string): Promise<number> {
  const [strangers] = await queryRows(db, countRow, sql`
    select count(*)::int as n from auth_codes a
    where a.email = ${email} and a.created_at > ${since()} and a.link_hash is not null and a.link_spent_at is null
      and not exists (select 1 from sign_in_browsers b where b.email = a.email and b.browser_hash = a.browser_hash)
  `);
  return strangers?.n ?? 0;
}

/** Voids this browser's unused codes for `email` (a new one replaces them); other browsers' stay. */
export async function voidBrowserCodes(tx: Db, email: string, browserHash: string): Promise<void> {
  await tx
    .update(authCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(authCodes.email, email), eq(authCodes.browserHash, browserHash), isNull(authCodes.consumedAt)));
}

export type NewCode = {
  id: string;
  email: string;
  codeHash: string;
  expiresAt: Date;
  requesterIp: string;
  browserHash: string;
  linkHash: string;
};

export async function insertCode(tx: Db, code: NewCode): Promise<void> {
  await tx.insert(authCodes).values(code);
}

/** Withdraws a code (its mail failed). */
export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.delete(authCodes).where(eq(authCodes.id, id));
}

/**
 * The newest unused code this browser asked for `email`, locked until the transaction ends, so two
 * guesses at once cannot both pass or both escape the count.
 */
export async function lockNewestUnusedCode(tx: Db, email: string, browserHash: string) {
  const [row] = await tx
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.email, email), eq(authCodes.browserHash, browserHash), isNull(authCodes.consumedAt)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Other browsers' live (unused, unexpired) codes for `email`, to compare a code against. */
export function selectOtherBrowsersLiveCodes(tx: Db, email: string, browserHash: string) {
  return tx
    .select({ id: authCodes.id, codeHash: authCodes.codeHash })
    .from(authCodes)
    .where(and(eq(authCodes.email, email), ne(authCodes.browserHash, browserHash), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, sql`now()`)));
}

/** Records a code's wrong guesses: `attempts` is the locked row's count plus one. */
export async function setCodeAttempts(tx: Db, id: string, attempts: number): Promise<void> {
  await tx.update(authCodes).set({ attempts }).where(eq(authCodes.id, id));
}

/** Marks a code used. */
export async function consumeCodeRow(tx: Db, id: string): Promise<void> {
  await tx.update(authCodes).set({ consumedAt: sql`now()` }).where(eq(authCodes.id, id));
}

/** Makes `browserHash` one of the address's own browsers (or renews when it last signed in). */
export async function rememberBrowser(tx: Db, email: string, browserHash: string): Promise<void> {
  await tx
    .insert(signInBrowsers)
    .values({ email, browserHash })
    .onConflictDoUpdate({ target: [signInBrowsers.email, signInBrowsers.browserHash], set: { signedInAt: sql`now()` } });
}

// Sign-in links (links.ts): the link mailed with a code, by the SHA-256 of its token.

/** A link that still works: not used, not ended by a newer sign-in, mailed within the window. */
const liveLink = (linkHash: string) => and(eq(authCodes.linkHash, linkHash), isNull(authCodes.linkSpentAt), gt(authCodes.createdAt, since()));

/** The address a live link signs in to, if it is one. */
export async function selectLiveLink(db: Db, linkHash: string) {
  const [row] = await db.select({ id: authCodes.id, email: authCodes.email }).from(authCodes).where(liveLink(linkHash));
  return row;
}

/** The same, locked until the transaction ends, so that a link used twice at once works once. */
export async function lockLiveLink(tx: Db, linkHash: string) {
  const [row] = await tx.select({ id: authCodes.id, email: authCodes.email }).from(authCodes).where(liveLink(linkHash)).for('update');
  return row;
}

/** Ends every link mailed to `email` that still works: a sign-in to the address was made. */
export async function spendLinksOf(tx: Db, email: string): Promise<void> {
  await tx
    .update(authCodes)
    .set({ linkSpentAt: sql`now()` })
    .where(and(eq(authCodes.email, email), isNotNull(authCodes.linkHash), isNull(authCodes.linkSpentAt)));
}

// Sessions

export type NewSession = {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  userAgent: string | undefined;
};

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The unexpired session whose token hashes to `tokenHash`, with its user. */
export async function selectLiveSessionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      operator: users.isOperator,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
        // A suspension deletes the account's sessions; this holds should one be made in a race.
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Pushes a session's idle expiry forward (the caller keeps it within the absolute one). */
export async function renewSession(db: Db, sessionId: string, expiresAt: Date, lastSeenAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ expiresAt, lastSeenAt })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSessionById(tx: Db, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

/** `ends`, a timestamptz: text on both drivers (drizzle turns their date parsing off), or a Date (decision 023). */
const liveSessionRow = z.object({ id: z.string(), ends: instantColumn });

/** Deletes every session of `userId`; answers their ids. */
export async function deleteSessionsOfUser(tx: Db, userId: string): Promise<string[]> {
  const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Whether the account of `email` is suspended (false when there is none). */
export async function isSuspendedAddress(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), isNotNull(users.suspendedAt)));
  return row !== undefined;
}

/** Which of `ids` are live sessions, each with the moment it ends unless renewed. */
export const selectLiveSessions = (db: Db, ids: string[]) =>
  queryRows(db, liveSessionRow, sql`
    select id, least(expires_at, absolute_expires_at) as ends from sessions
    where id = any(${sql.param(ids)}::uuid[]) -- one parameter: a list of them stops at 65,535
      and expires_at > now() and absolute_expires_at > now()
  `);

/** NOTIFY `channel` with `payload`, with `tx`: sent when the transaction commits. */
export const notifyOnCommit = (tx: Db, channel: string, payload: string) =>
  tx.execute(sql`select pg_notify(${channel}, ${payload})`);

// Clean-up (expired.ts)

const deletedRow = z.object({ n: z.number().int() });

/** Deletes the sessions past their (idle, never later than absolute) expiry; returns how many. */
export async function deleteExpiredSessions(db: Db): Promise<number> {
  const [gone] = await queryRows(db, deletedRow, sql`
    with gone as (delete from sessions where expires_at < now() returning 1)
    select count(*)::int as n from gone
  `);
  return gone?.n ?? 0;
}

/** Deletes the codes asked for more than `keepMs` ago; returns how many. */
export async function deleteCodesOlderThan(db: Db, keepMs: number): Promise<number> {
  const [gone] = await queryRows(db, deletedRow, sql`
    with gone as (delete from auth_codes where created_at < now() - make_interval(secs => ${keepMs / 1000}) returning 1)
    select count(*)::int as n from gone
  `);
  return gone?.n ?? 0;
}

/**
 * Run first in each transaction of a state-changing request (auth/guard.ts): whether its session
 * still stands (not ended, not expired, its account not suspended), with the session's row locked
 * against deletion until the transaction ends, so a sign-out or a suspension waits for a write
 * already judged and every later write finds the session gone. Raw text on the transaction's own
 * connection (db/transaction-check.ts), not through Drizzle, which is what is being checked.
 */
export async function holdLiveSession(query: RawQuery, sessionId: string): Promise<boolean> {
  const { rows } = await query(
    `select 1 from sessions s join users u on u.id = s.user_id
     where s.id = $1 and s.expires_at > now() and s.absolute_expires_at > now() and u.suspended_at is null
     for key share of s`,
    [sessionId],
  );
  return rows.length === 1;
}
