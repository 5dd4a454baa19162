// SQLSTATE codes the services answer on purpose (https://www.postgresql.org/docs/current/errcodes-appendix.html).
export const SQLSTATE = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  deadlockDetected: '40P01',
  serializationFailure: '40001',
} as const;

/**
 * The SQLSTATE of a database error, whichever driver raised it: node-postgres throws a
 * DatabaseError, PGlite a plain object, both with `code`; Drizzle may wrap either in `cause`.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Runs a transaction again when PostgreSQL aborted it to break a deadlock or a serialisation
 * conflict: the retry sees the winner's committed work and answers from it (usually a 409).
 */
export async function withRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (err) {
      const state = sqlStateOf(err);
      const retryable = state === SQLSTATE.deadlockDetected || state === SQLSTATE.serializationFailure;
      if (!retryable || i >= attempts) throw err;
    }
  }
}
