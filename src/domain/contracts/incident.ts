import { z } from 'zod';
import { stayStageSchema } from './stay-stage';
import { BOOKING_STATUSES } from '../bookings';
import { ARRIVAL_ANSWERS } from '../stays/arrival';
import { INCIDENT_KINDS } from '../stays/incidents';
import { incidentContactSchema, incidentNoteSchema, incidentResolveSchema } from '../stays/incident-form';
import { careSheetOut } from './care-sheet';
import { stayPhotoSchema } from './stay-photo';
import type { Contract } from './endpoint';
import { operatorActionSchema } from './ops';
import { recoverySchema } from './payout';
import { idParams, uuidInput } from './params';
import { photoSizeQuery } from './stay-photo';

// When something goes wrong on a stay (PRODUCT.md section 10): a problem its guest or its host
// reports, as the two sides read it on the stay, and as operators work it from their queue.

const reportedBy = z.enum(['guest', 'host', 'pawstay']).describe('pawstay: a no-show, which the lifecycle job opens');
const answers = z
  .object({ guest: z.enum(ARRIVAL_ANSWERS).nullable(), host: z.enum(ARRIVAL_ANSWERS).nullable() })
  .nullable()
  .describe('A no-show\'s answers to "What happened?", each side\'s latest; null for any other problem');

export const incidentViewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INCIDENT_KINDS),
  kind_name: z.string().describe('Health, Escape, Behaviour, Damage, Other or Not checked in'),
  urgent: z.boolean().describe('Health and escape: operators are alerted at once'),
  description: z.string(),
  reported_by: reportedBy,
  reported_by_me: z.boolean(),
  answers,
  status: z.enum(['open', 'resolved']),
  status_line: z.string().describe('"Open: our team is looking into it" or "Resolved"'),
  resolution: z.string().nullable().describe('What the operator decided, in their words; both sides read it'),
  refund_percent: z.number().int().nullable().describe('The share of the stay refunded to the guest when it was resolved'),
  refund_paise: z.number().int().nullable(),
  photos: z.array(stayPhotoSchema).describe('Sent with the report, in its order: up to 4'),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type IncidentView = z.infer<typeof incidentViewSchema>;

/** A pet's vet and emergency contact, from its care sheet: shown at once for an urgent report. */
export const urgentContactSchema = z.object({
  pet_name: z.string(),
  vet: z.object({ name: z.string(), clinic: z.string(), phone: z.string() }),
  emergency_contact: z.object({ name: z.string(), phone: z.string() }),
});

const person = z.object({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable() });

/** One line of the operators' queue: the open incidents, urgent first, then the longest waiting. */
export const opsIncidentSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(INCIDENT_KINDS),
  kind_name: z.string(),
  urgent: z.boolean(),
  status: z.enum(['open', 'resolved']),
  description: z.string(),
  reported_by: reportedBy,
  answers,
  created_at: z.string(),
  booking_id: z.uuid(),
  listing_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  guest_name: z.string(),
  host_name: z.string(),
});

/** Whether a problem's refund can be decided now, and where the host's share of it comes from (decision 055). */
export const refundOutlookSchema = z.object({
  possible: z.boolean(),
  problem: z.string().nullable().describe('Why a refund cannot be made here, when it cannot'),
  from: z
    .enum(['held_payout', 'paid_payout'])
    .nullable()
    .describe("The host's share comes off their payout while it is held; once it is paid, it is taken back from them"),
});
export type RefundOutlook = z.infer<typeof refundOutlookSchema>;

export const opsIncidentSchema = z.object({
  incident: opsIncidentSummarySchema.extend({
    resolution: z.string().nullable(),
    refund_percent: z.number().int().nullable(),
    refund_paise: z.number().int().nullable(),
    resolved_at: z.string().nullable(),
    photos: z.array(stayPhotoSchema).describe("Sent with the report; served to operators by the console's own photo route"),
  }),
  booking: z.object({
    id: z.uuid(),
    status: z.enum(BOOKING_STATUSES),
    stage: stayStageSchema.nullable(),
    start_date: z.string(),
    end_date: z.string(),
    nights: z.number().int(),
    checked_in_at: z.string().nullable(),
    checked_out_at: z.string().nullable(),
    listing: z.object({ id: z.uuid(), title: z.string(), locality: z.string(), city: z.string() }),
    guest: person,
    host: person,
    paid_paise: z.number().int().nullable().describe('What the guest paid; null when the stay was never paid'),
    refunded_paise: z.number().int().describe('Refunded so far, for any reason'),
    payout: z
      .object({
        status: z.string(),
        amount_paise: z.number().int(),
        recovery: recoverySchema
          .nullable()
          .describe("Of a paid payout, the host's share of this stay's problem refund: due back, recovered at the provider, or owed (the provider refused)"),
      })
      .nullable(),
  }),
  refund: refundOutlookSchema,
  pets: z.array(z.object({ name: z.string(), care_sheet: careSheetOut.nullable() })),
  updates: z.array(z.object({ kind: z.enum(['arrival', 'update']), note: z.string(), ticks: z.number().int(), photos: z.number().int(), for_date: z.string(), created_at: z.string() })),
  messages: z.array(z.object({ from: z.enum(['guest', 'host']), body: z.string(), created_at: z.string() })).describe('The booking\'s conversation, the latest 50, oldest first'),
  other_incidents: z.array(opsIncidentSummarySchema),
  history: z.array(operatorActionSchema).describe("What operators did on this incident, oldest first (notes, messages, the resolution)"),
});
export type OpsIncident = z.infer<typeof opsIncidentSchema>;
export type OpsIncidentSummary = z.infer<typeof opsIncidentSummarySchema>;

const incidentPhotoParams = z.object({ id: uuidInput('Invalid id'), photoId: uuidInput('Invalid photo id') });

export const incidentOpsEndpoints = {
  'GET /api/ops/incidents': { response: z.object({ results: z.array(opsIncidentSummarySchema) }) },
  'GET /api/ops/incidents/:id': { params: idParams, response: opsIncidentSchema },
  'GET /api/ops/incidents/:id/photos/:photoId': { params: incidentPhotoParams, query: photoSizeQuery, response: null },
  'POST /api/ops/incidents/:id/notes': { params: idParams, body: incidentNoteSchema, response: opsIncidentSchema },
  'POST /api/ops/incidents/:id/messages': { params: idParams, body: incidentContactSchema, response: opsIncidentSchema },
  'POST /api/ops/incidents/:id/resolve': { params: idParams, body: incidentResolveSchema, response: opsIncidentSchema },
} as const satisfies Contract;
