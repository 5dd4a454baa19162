import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../storable-text';
import { INCIDENT_LIMITS, INCIDENT_MESSAGES, REPORT_KINDS } from './incidents';

// A reported problem, as its form sends it, and what an operator writes on one (a note, a message
// to both sides, the resolution): checked in the browser and again by the server
// (domain/stays/incidents.ts has the rules).

/** Words someone must write: trimmed, not empty, at most `max` characters, storable. */
const words = (max: number, empty: string, long: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, long).refine(isStorableText, UNSTORABLE_TEXT);

export const incidentReportSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: INCIDENT_MESSAGES.kind }),
  description: words(INCIDENT_LIMITS.description, INCIDENT_MESSAGES.description, INCIDENT_MESSAGES.descriptionLong),
});
export type IncidentReportInput = z.input<typeof incidentReportSchema>;
export type IncidentReport = z.output<typeof incidentReportSchema>;

export const incidentResolveSchema = z.object({
  resolution: words(INCIDENT_LIMITS.resolution, INCIDENT_MESSAGES.resolution, INCIDENT_MESSAGES.resolutionLong),
  refund_percent: z.number({ error: INCIDENT_MESSAGES.percent }).int(INCIDENT_MESSAGES.percent).min(0, INCIDENT_MESSAGES.percent).max(100, INCIDENT_MESSAGES.percent),
});
export type IncidentResolution = z.output<typeof incidentResolveSchema>;

/** An operator's note on the incident, kept in its record; the two sides do not read it. */
export const incidentNoteSchema = z.object({ note: words(INCIDENT_LIMITS.resolution, INCIDENT_MESSAGES.note, INCIDENT_MESSAGES.noteLong) });

/** An operator's message to both sides, mailed to each. */
export const incidentContactSchema = z.object({ message: words(INCIDENT_LIMITS.resolution, INCIDENT_MESSAGES.message, INCIDENT_MESSAGES.noteLong) });
