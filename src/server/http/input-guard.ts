import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Whether `text` holds a NUL character, which PostgreSQL text cannot store. */
export const hasNul = (text: string) => text.includes('\u0000');

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => hasNul(k) || containsNul(v, depth + 1));
}

/** The answer to text with a NUL character in it. */
export const nulRefused = () => new HttpError(400, 'invalid_text', 'Text must not contain NUL characters');


/**
 * PostgreSQL text cannot hold a NUL character: stored, it fails with a server error. No text in
 * this product needs one, so every request whose body, query or params carries one is refused
 * here, once, before any route runs.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw nulRefused();
    }
  });
}
