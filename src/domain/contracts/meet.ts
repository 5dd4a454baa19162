import { z } from 'zod';
import { MEET_MODE_LABELS, MEET_MODES, MEET_OUTCOMES, type MeetSide, outcomeProblem } from '../stays/meet';
import { meetProposalSchema } from '../stays/meet-form';
import type { Contract } from './endpoint';
import { idParams } from './params';

// Meet & greet (PRODUCT.md section 10): a booking's current meet as each side sees it, on the
// booking cards of both sides, and the three moves: propose, confirm a time, mark what came of it.

export const meetViewSchema = z.object({
  id: z.uuid(),
  mode: z.enum(MEET_MODES),
  note: z.string(),
  proposed_by: z.enum(['guest', 'host']),
  proposed_by_me: z.boolean(),
  times: z.array(z.string()).describe('The times offered (ISO 8601 instants), earliest first'),
  times_open: z.array(z.string()).describe('Those of the times still ahead, which may be confirmed'),
  status: z.enum(['proposed', 'confirmed']),
  at: z.string().nullable().describe('The time confirmed; null while proposed'),
  place: z
    .string()
    .describe("Where: \"By video call\", or the home's locality; its address once the booking shows it (decision 038)"),
  outcome: z.enum(MEET_OUTCOMES).nullable(),
  outcome_by_me: z.boolean().nullable(),
  can_confirm: z.boolean().describe('This viewer may confirm one of the times (the other side proposed them)'),
  can_mark: z
    .boolean()
    .describe("This viewer may mark it Met or Didn't happen: confirmed, its time come and not 7 days gone; once each side, and the host may still mark after the guest"),
});
export type MeetView = z.infer<typeof meetViewSchema>;

/** What the booking cards carry of meet & greet, for either side. */
export const bookingMeetFields = {
  meet: meetViewSchema.nullable().describe('The booking\'s current meet & greet, while the stay has not started; else null'),
  can_propose_meet: z.boolean().describe('A meet & greet may be proposed now (or new times, replacing the current ones)'),
  meet_needed: z
    .boolean()
    .describe("The listing asks for a meet & greet before a first stay and this guest has neither stayed with the host nor met them: the host's accept waits for a meet marked Met"),
};

export const meetConfirmSchema = z.object({
  time: z.iso.datetime({ offset: true, error: 'Choose one of the times offered' }).describe("One of the meet's times, as answered (ISO 8601 with its offset)"),
});
export const meetOutcomeSchema = z.object({
  outcome: z.enum(MEET_OUTCOMES, { error: 'Say whether you met: met or missed' }),
});

export const meetEndpoints = {
  'POST /api/bookings/:id/meets': { params: idParams, body: meetProposalSchema, response: meetViewSchema, status: 201 },
  'POST /api/meets/:id/confirm': { params: idParams, body: meetConfirmSchema, response: meetViewSchema },
  'POST /api/meets/:id/outcome': { params: idParams, body: meetOutcomeSchema, response: meetViewSchema },
} as const satisfies Contract;


/** A booking's current meet as the database answers it (bookings' views), sides named. */
export const meetRecordSchema = z.object({
  id: z.string(),
  mode: z.enum(MEET_MODES),
  note: z.string(),
  times: z.array(z.string()),
  status: z.enum(['proposed', 'confirmed']),
  at: z.string().nullable(),
  outcome: z.enum(MEET_OUTCOMES).nullable(),
  proposed_by: z.enum(['guest', 'host']),
  outcome_by: z.enum(['guest', 'host']).nullable(),
});
export type MeetRecord = z.infer<typeof meetRecordSchema>;

const isoOf = (t: string) => new Date(t).toISOString();

/**
 * The meet as `viewer` sees it at `now`; `place` is where (the booking's address when it shows
 * one, else the locality). Times are compared as instants, whatever the database wrote them as.
 */
export function meetView(m: MeetRecord, viewer: MeetSide, now: Date, place: string): MeetView {
  const at = m.at === null ? null : new Date(m.at);
  const times = m.times.map(isoOf).sort();
  const open = times.filter((t) => new Date(t).getTime() > now.getTime());
  return {
    id: m.id,
    mode: m.mode,
    note: m.note,
    proposed_by: m.proposed_by,
    proposed_by_me: m.proposed_by === viewer,
    times,
    times_open: open,
    status: m.status,
    at: at && at.toISOString(),
    place: m.mode === 'video' ? MEET_MODE_LABELS.video : place,
    outcome: m.outcome,
    outcome_by_me: m.outcome_by === null ? null : m.outcome_by === viewer,
    can_confirm: m.status === 'proposed' && m.proposed_by !== viewer && open.length > 0,
    can_mark: outcomeProblem({ status: m.status, at, outcome: m.outcome, outcome_by: m.outcome_by }, viewer, now) === null,
  };
}
