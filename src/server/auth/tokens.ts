import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../domain/contracts/auth';

/** A uniformly random numeric code from the OS's secure source, e.g. "049201". */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** The stored form of a code: salted with its row id so equal codes hash differently. */
export function hashCode(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code}`).digest('hex');
}

export function codeMatches(codeId: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(codeId, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A random 256-bit token: a session's, a browser's sign-in token, or a sign-in link's. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token: its SHA-256, so the table alone signs nobody in. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What newSessionToken makes: anything else in a cookie is ignored. */
export const isToken = (value: string | undefined): value is string => value !== undefined && /^[\w-]{43}$/.test(value);

/** Whether a secret given in a request is the configured one, in constant time whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
