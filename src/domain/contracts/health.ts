import { z } from 'zod';
import type { Contract } from './endpoint';

const database = z.enum(['pglite', 'postgres']);

export const healthSchema = z.object({ status: z.literal('ok'), database });

/** The 503 of a health check whose database cannot be reached. */
export const healthUnavailableSchema = z.object({ status: z.literal('unavailable'), database });

export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  'GET /api/health': { response: healthSchema, failures: { 503: healthUnavailableSchema } },
  /** The OpenAPI document of the API, as @fastify/swagger makes it: passed through untouched. */
  'GET /api/openapi.json': { response: z.unknown() },
} as const satisfies Contract;
