import { z } from 'zod';
import { uuidInput } from './params';
import { REPORT_DETAILS_MAX, REPORT_MESSAGES, REPORT_OUTCOMES, REPORT_REASONS, REPORT_TARGETS } from '../reports';
import type { Contract } from './endpoint';

// Reports (issue 23): anyone signed in reports what they can see; operators read them grouped by
// the thing reported, and dismiss them or act (contracts/ops.ts: hide, remove, suspend).

const targetSchema = {
  target_type: z.enum(REPORT_TARGETS, { error: 'Choose what you are reporting' }),
  target_id: uuidInput('Invalid id'),
};

export const reportInputSchema = z
  .object({
    ...targetSchema,
    reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
    details: z
      .string({ error: 'Details must be text' })
      .trim()
      .max(REPORT_DETAILS_MAX, `Keep the details under ${REPORT_DETAILS_MAX.toLocaleString('en-IN')} characters`)
      .default(''),
  })
  .refine((r) => r.reason !== 'other' || r.details.length >= 10, { message: REPORT_MESSAGES.detailsNeeded, path: ['details'] });

export type ReportInput = z.input<typeof reportInputSchema>;

export const reportAnswerSchema = z.object({ message: z.literal(REPORT_MESSAGES.thanks) });

export const reportEndpoints = {
  'POST /api/reports': { body: reportInputSchema, response: reportAnswerSchema },
} as const satisfies Contract;

// The operator's side

export const reportedThingSchema = z.object({
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.uuid(),
  excerpt: z.string().describe("The listing's title, the review's or message's text, the user's name; empty when it is gone"),
  link: z.string().nullable().describe('Where it is seen in the app, if anywhere'),
  subject: z.object({ id: z.uuid(), email: z.string(), name: z.string(), suspended: z.boolean() }),
  first_at: z.string(),
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), details: z.string(), reporter: z.string(), created_at: z.string() })),
});

export type ReportedThing = z.infer<typeof reportedThingSchema>;

export const dismissInputSchema = z.object({
  ...targetSchema,
  reason: z.string({ error: 'The note must be text' }).trim().max(1000, 'Keep the note under 1,000 characters').default(''),
});

export const reportOpsEndpoints = {
  'GET /api/ops/reports': { response: z.object({ results: z.array(reportedThingSchema) }) },
  'POST /api/ops/reports/dismiss': { body: dismissInputSchema, response: z.object({ closed: z.number().int(), outcome: z.enum(REPORT_OUTCOMES) }) },
} as const satisfies Contract;
