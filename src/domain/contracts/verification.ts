import { z } from 'zod';
import { ID_DOCUMENT_TYPES, VERIFICATION_MESSAGES, VERIFICATION_STATUSES } from '../verification';
import type { Contract } from './endpoint';
import { idParams } from './params';

// Host verification (issue 23): the host's three steps on /host, and the operator's queue on
// /ops. The ID file itself never appears in an answer: the host reads only its type and when it
// was sent, and an operator opens it through its own route.


export const verificationStatusSchema = z.enum(['none', ...VERIFICATION_STATUSES]);
export const idDocumentTypeSchema = z.enum(ID_DOCUMENT_TYPES, { error: VERIFICATION_MESSAGES.idType });

export const verificationAnswerSchema = z.object({
  status: verificationStatusSchema.describe('none: never applied; draft: steps under way; submitted: under review; approved or rejected: decided'),
  verified: z.boolean().describe('Whether my listings carry the Verified badge'),
  id_document: z.object({ type: idDocumentTypeSchema, uploaded_at: z.string() }).nullable(),
  photos_confirmed: z.boolean(),
  photo_count: z.number().int().describe('Photos on my listings, which the call checks against my home'),
  call_at: z.string().nullable().describe('The chosen video-call slot, an ISO instant'),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable().describe("The operator's reason, when rejected"),
  slots: z.array(z.object({ date: z.string(), starts: z.array(z.string()) })).describe('Call slots on offer: each half hour of the next 5 business days'),
});

export type VerificationAnswer = z.infer<typeof verificationAnswerSchema>;

export const photosConfirmationSchema = z.object({ confirmed: z.literal(true, { error: VERIFICATION_MESSAGES.photos }) });
export const callSlotSchema = z.object({ starts_at: z.string({ error: VERIFICATION_MESSAGES.slot }).max(40, VERIFICATION_MESSAGES.slot) });

export const verificationEndpoints = {
  'GET /api/host/verification': { response: verificationAnswerSchema },
  'PUT /api/host/verification/id-document': { upload: true, response: verificationAnswerSchema },
  'PUT /api/host/verification/photos': { body: photosConfirmationSchema, response: verificationAnswerSchema },
  'PUT /api/host/verification/call': { body: callSlotSchema, response: verificationAnswerSchema },
  'POST /api/host/verification/submit': { response: verificationAnswerSchema },
} as const satisfies Contract;

// ---------------------------------------------------------------------------------------------
// The operator's side

export const decisionReasonSchema = z.object({
  reason: z.string({ error: VERIFICATION_MESSAGES.reason }).trim().min(10, VERIFICATION_MESSAGES.reason).max(1000, 'Keep the reason under 1,000 characters'),
});

export const queuedVerificationSchema = z.object({
  id: z.uuid(),
  host: z.object({ id: z.uuid(), name: z.string(), email: z.string(), joined_at: z.string() }),
  id_document_type: idDocumentTypeSchema.nullable(),
  id_document_available: z.boolean().describe('False once the file was deleted, 30 days after the decision'),
  call_at: z.string().nullable(),
  submitted_at: z.string(),
  listings: z.array(z.object({ id: z.uuid(), title: z.string(), city: z.string(), photos: z.array(z.object({ url: z.string(), alt: z.string() })) })),
});

export type QueuedVerification = z.infer<typeof queuedVerificationSchema>;

export const verificationDecisionAnswerSchema = z.object({ id: z.uuid(), status: verificationStatusSchema });

export const verificationOpsEndpoints = {
  'GET /api/ops/verifications': { response: z.object({ results: z.array(queuedVerificationSchema) }) },
  'GET /api/ops/verifications/:id/id-document': { params: idParams, response: null },
  'POST /api/ops/verifications/:id/approve': { params: idParams, response: verificationDecisionAnswerSchema },
  'POST /api/ops/verifications/:id/reject': { params: idParams, body: decisionReasonSchema, response: verificationDecisionAnswerSchema },
} as const satisfies Contract;
