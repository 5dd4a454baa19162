import { z } from 'zod';
import { errorSchema } from '../../http/openapi';

/** The API's error shape (http/openapi.ts), with nothing beside it. */
const exactErrorShape = z.strictObject({ error: errorSchema.shape.error.strict() });

/** Why a 4xx body is not `{ error: { code, message, fields? } }`, or null when it is. */
export function errorShapeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  const checked = exactErrorShape.safeParse(parsed);
  if (!checked.success) return checked.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  if (!checked.data.error.code || !checked.data.error.message) return 'error.code and error.message must not be empty';
  return null;
}
