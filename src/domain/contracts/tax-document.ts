import { z } from 'zod';
import { uuidInput } from './params';
import type { Contract } from './endpoint';

// The guest's GST documents of a paid stay (issue 22): its invoice and, after a refund, its credit
// note, as PDFs. The stay's guest and its host may download them; anyone else is told there is none.

export const taxDocumentParamsSchema = z.object({ id: uuidInput('Not a document id') });

/** A document of a stay, as a booking's answer lists it. */
export const taxDocumentSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string().describe('"PS/26-27/000001" (invoices) or "CN/26-27/000001" (credit notes); "TEST-PS/…", "TEST-CN/…" in test mode'),
  test_mode: z.boolean().describe('Issued for money that moved through the test gateway: a test document, not a tax document (decision 040)'),
});

export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;

export const taxDocumentEndpoints = {
  'GET /api/tax-documents/:id': { params: taxDocumentParamsSchema, response: null },
} as const satisfies Contract;
