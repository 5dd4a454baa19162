import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authCodes } from '../db/schema';
import { HttpError } from '../http/errors';
import { AUTH_POLICY } from './policy';
import { codeMatches, hashCode, newCode } from './tokens';

const tooMany = () =>
  new HttpError(429, 'rate_limited', 'Too many codes requested. Please wait a while and try again.');

/**
 * Issues a new code for `email` after the per-address and per-IP limits, and makes every earlier
 * code of that address unusable, so that asking again never adds guesses against an old code.
 * Returns the plain code for the e-mail, and a function that withdraws it if the mail fails.
 */
export async function issueCode(db: Db, email: string, ip: string) {
  const since = sql`now() - interval '1 hour'`;
  const [byEmail] = await db
    .select({ n: count() })
    .from(authCodes)
    .where(and(eq(authCodes.email, email), gt(authCodes.createdAt, since)));
  if ((byEmail?.n ?? 0) >= AUTH_POLICY.sendsPerEmailPerHour) throw tooMany();
  const [byIp] = await db
    .select({ n: count() })
    .from(authCodes)
    .where(and(eq(authCodes.requesterIp, ip), gt(authCodes.createdAt, since)));
  if ((byIp?.n ?? 0) >= AUTH_POLICY.sendsPerIpPerHour) throw tooMany();

  const id = crypto.randomUUID();
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .update(authCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(authCodes.email, email), isNull(authCodes.consumedAt)));
    await tx.insert(authCodes).values({
      id,
      email,
      codeHash: hashCode(id, code),
      expiresAt: new Date(Date.now() + AUTH_POLICY.codeTtlMs),
      requesterIp: ip,
    });
  });
  return {
    code,
    withdraw: async () => {
      await db.delete(authCodes).where(eq(authCodes.id, id));
    },
  };
}

type CheckResult = 'ok' | 'invalid' | 'expired' | 'locked';

/**
 * Checks `code` against the address's newest live code. A wrong guess is counted (and committed)
 * before the answer; after five, even the right code is refused. The row is locked while checked,
 * so two guesses at once cannot both pass or both escape the count.
 */
export async function consumeCode(db: Db, email: string, code: string): Promise<void> {
  const result = await db.transaction(async (tx): Promise<CheckResult> => {
    const [row] = await tx
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.email, email), isNull(authCodes.consumedAt)))
      .orderBy(desc(authCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return 'invalid';
    if (row.expiresAt.getTime() <= Date.now()) return 'expired';
    if (row.attempts >= AUTH_POLICY.maxWrongAttempts) return 'locked';
    if (!codeMatches(row.id, code, row.codeHash)) {
      await tx.update(authCodes).set({ attempts: row.attempts + 1 }).where(eq(authCodes.id, row.id));
      return 'invalid';
    }
    await tx.update(authCodes).set({ consumedAt: sql`now()` }).where(eq(authCodes.id, row.id));
    return 'ok';
  });
  if (result === 'ok') return;
  // SPEC.md's toast for a failed verify is "Invalid OTP"; the message says what to do next.
  const answers = {
    invalid: ['invalid_code', 'Invalid OTP'],
    expired: ['code_expired', 'Invalid OTP: this code has expired. Please request a new one.'],
    locked: ['too_many_attempts', 'Invalid OTP: too many wrong tries. Please request a new code.'],
  } as const;
  const [errorCode, message] = answers[result];
  throw new HttpError(400, errorCode, message);
}
