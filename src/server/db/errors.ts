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
