import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../storable-text';
import { INCIDENT_KINDS, INCIDENT_LIMITS, INCIDENT_MESSAGES } from './incidents';

// A reported problem, as its form sends it, and an operator's resolution of it: checked in the
// browser and again by the server (domain/stays/incidents.ts has the rules).

export const incidentReportSchema = z.object({
  kind: z.enum(INCIDENT_KINDS, { error: INCIDENT_MESSAGES.kind }),
  description: z
    .string({ error: INCIDENT_MESSAGES.description })
    .trim()
    .min(1, INCIDENT_MESSAGES.description)
    .max(INCIDENT_LIMITS.description, INCIDENT_MESSAGES.descriptionLong)
    .refine(isStorableText, UNSTORABLE_TEXT),
});
export type IncidentReportInput = z.input<typeof incidentReportSchema>;

export const incidentResolveSchema = z.object({
  resolution: z
    .string({ error: INCIDENT_MESSAGES.resolution })
    .trim()
    .min(1, INCIDENT_MESSAGES.resolution)
    .max(INCIDENT_LIMITS.resolution, INCIDENT_MESSAGES.resolutionLong)
    .refine(isStorableText, UNSTORABLE_TEXT),
  refund_percent: z.number({ error: INCIDENT_MESSAGES.percent }).int(INCIDENT_MESSAGES.percent).min(0, INCIDENT_MESSAGES.percent).max(100, INCIDENT_MESSAGES.percent),
});
