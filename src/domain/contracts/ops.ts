import { z } from 'zod';
import type { Contract } from './endpoint';
import { AUDIT_TARGETS, OPERATOR_ACTIONS } from '../operator-actions';

// The operators' console (issue 23, PRODUCT.md section 8): what every operator action is recorded
// as, and the record's read side. Each part of the console has its own contract beside its
// feature (verification.ts for the queue); this is what they share.

export const historyQuerySchema = z.object({
  target_type: z.enum(AUDIT_TARGETS, { error: 'Unknown kind of target' }),
  target_id: z.uuid({ error: 'Invalid id' }),
});

export const operatorActionSchema = z.object({
  id: z.uuid(),
  action: z.enum(OPERATOR_ACTIONS),
  operator: z.string().describe("The operator's e-mail, or \"server console\" for `npm run operator`"),
  target_type: z.enum(AUDIT_TARGETS),
  target_id: z.uuid(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

export type OperatorActionRecord = z.infer<typeof operatorActionSchema>;

export const opsEndpoints = {
  'GET /api/ops/history': { query: historyQuerySchema, response: z.object({ results: z.array(operatorActionSchema) }) },
} as const satisfies Contract;
