import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../storable-text';
import { MEET_LIMITS, MEET_MESSAGES, MEET_MODES, meetInstant } from './meet';

// The meet & greet proposal's schema (domain/stays/meet.ts has its rules): the form checks it as
// the guest or host sends it, and the server again.

/** What a proposal brings: checked in the browser and again by the server. */
export const meetProposalSchema = z.object({
  mode: z.enum(MEET_MODES, { error: MEET_MESSAGES.mode }),
  times: z
    .array(z.string({ error: MEET_MESSAGES.pickTime }).refine((t) => meetInstant(t) !== null, MEET_MESSAGES.pickTime), { error: MEET_MESSAGES.atLeastOne })
    .min(1, MEET_MESSAGES.atLeastOne)
    .max(MEET_LIMITS.times, MEET_MESSAGES.atMost)
    .refine((times) => new Set(times).size === times.length, MEET_MESSAGES.different),
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(MEET_LIMITS.note, MEET_MESSAGES.noteLong)
    .refine(isStorableText, UNSTORABLE_TEXT)
    .default(''),
});
export type MeetProposalInput = z.input<typeof meetProposalSchema>;
export type MeetProposal = z.output<typeof meetProposalSchema>;

