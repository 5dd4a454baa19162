import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { AUTH_POLICY } from './policy';
import { deleteSessionById, deleteSessionsOfUser, insertSession, renewSession, selectLiveSessionByTokenHash } from './queries';
import { announceSessionEnded } from './session-watch';
import { hashSessionToken, newSessionToken } from './tokens';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  /** Read with the session on every request: a revoked role ends at the next request, everywhere. */
  operator: boolean;
};

export type ResolvedSession = {
  sessionId: string;
  user: SessionUser;
  /** A new expiry when this request renewed the session, so the cookie is sent again. */
  renewedUntil?: Date;
};

/** Creates a session with a fresh token: a token is never reused across sign-ins. */
export async function createSession(db: Db, userId: string, userAgent: string | undefined) {
  const token = newSessionToken();
  const now = Date.now();
  const expiresAt = new Date(now + AUTH_POLICY.sessionIdleMs);
  await insertSession(db, {
    tokenHash: hashSessionToken(token),
    userId,
    expiresAt,
    absoluteExpiresAt: new Date(now + AUTH_POLICY.sessionAbsoluteMs),
    userAgent: userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/** The live session for a cookie token, renewed when it was last renewed over an hour ago. */
export async function resolveSession(db: Db, token: string): Promise<ResolvedSession | null> {
  const row = await selectLiveSessionByTokenHash(db, hashSessionToken(token));
  if (!row) return null;
  const resolved: ResolvedSession = {
    sessionId: row.sessionId,
    user: { id: row.id, email: row.email, name: row.name, operator: row.operator },
  };
  const now = Date.now();
  if (now - row.lastSeenAt.getTime() > AUTH_POLICY.renewAfterMs) {
    const expiresAt = new Date(Math.min(now + AUTH_POLICY.sessionIdleMs, row.absoluteExpiresAt.getTime()));
    await renewSession(db, row.sessionId, expiresAt, new Date(now));
    resolved.renewedUntil = expiresAt;
  }
  return resolved;
}

/** Ends a session; its live streams, in every app process, end with it (auth/session-watch.ts). */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSessionById(tx, sessionId);
    await announceSessionEnded(tx, sessionId);
  });
}

/**
 * Within `tx`: ends every session of `userId` (a suspension), each announced as deleteSession's
 * are, so that the account's live streams end in every process once `tx` commits.
 */
export async function endSessionsOf(tx: Db, userId: string): Promise<number> {
  const ended = await deleteSessionsOfUser(tx, userId);
  for (const sessionId of ended) await announceSessionEnded(tx, sessionId);
  return ended.length;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(AUTH_POLICY.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(AUTH_POLICY.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The browser's sign-in token (auth/codes.ts), sent only to the sign-in routes, for a year. */
export function setBrowserCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(AUTH_POLICY.browserCookieName, token, {
    path: '/api/auth/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: AUTH_POLICY.browserCookieMaxAgeS,
  });
}
