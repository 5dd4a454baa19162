import { z } from 'zod';
import type { Contract } from './endpoint';

const database = z.enum(['pglite', 'postgres']);

export const healthSchema = z.object({ status: z.literal('ok'), database });

/**
 * The 503 of a readiness check: the database cannot be reached, or the process is draining
 * (stopping: it finishes what it has and should be sent nothing new).
 */
export const healthUnavailableSchema = z.object({ status: z.literal('unavailable'), database, reason: z.enum(['database', 'draining']) });

export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  /** Readiness: send this process requests (a load balancer's check). */
  'GET /api/health': { response: healthSchema, failures: { 503: healthUnavailableSchema } },
  'GET /api/health/ready': { response: healthSchema, failures: { 503: healthUnavailableSchema } },
  /** Liveness: the process answers at all (restart it otherwise); asks nothing of the database. */
  'GET /api/health/live': { response: z.object({ status: z.literal('ok') }) },
  /** The OpenAPI document of the API, as @fastify/swagger makes it: passed through untouched. */
  'GET /api/openapi.json': { response: z.unknown() },
} as const satisfies Contract;
