import { describe, expect, it } from 'vitest';
import {
  formatMeetTime,
  MEET_LIMITS,
  MEET_MESSAGES,
  meetBlocksAccept,
  meetInstant,
  meetLocalTime,
  meetReminderAt,
  meetReminderDue,
  meetsOpen,
  meetTimeProblem,
  meetTimeRule,
  outcomeProblem,
  bookingTakesMeets,
  meetStillMarkable,
  proposalProblem,
  meetPlace,
} from './meet';
import { meetProposalSchema } from './meet-form';

// 28 Nov 2026, 10:00 am India.
const now = new Date('2026-11-28T04:30:00Z');

describe('meet times', () => {
  it('reads the form\'s India date and time as an instant, and writes it back', () => {
    expect(meetInstant('2026-12-05T11:00')?.toISOString()).toBe('2026-12-05T05:30:00.000Z');
    expect(meetInstant('2026-12-05T23:45')?.toISOString()).toBe('2026-12-05T18:15:00.000Z');
    expect(meetLocalTime(new Date('2026-12-05T18:15:00Z'))).toBe('2026-12-05T23:45');
    for (const bad of ['', '2026-12-05', '2026-02-30T10:00', '2026-12-05T24:00', '2026-12-05T10:60', '2026-12-05 10:00', '2026-12-05T10:00Z']) expect(meetInstant(bad)).toBeNull();
  });

  it('states the limits in its messages, written whole for the catalogues', () => {
    expect(MEET_MESSAGES.atMost).toBe(`Offer at most ${MEET_LIMITS.times} times`);
    expect(MEET_MESSAGES.tooFar).toBe(`Choose a time within the next ${MEET_LIMITS.daysAhead} days`);
    expect(MEET_MESSAGES.noteLong).toBe(`Keep the note under ${MEET_LIMITS.note} characters`);
    expect(MEET_MESSAGES.markTooLate).toBe(`A meet & greet can be marked for ${MEET_LIMITS.markDays} days after its time`);
  });

  it('must be an hour away at least, within 14 days, and before check-in', () => {
    expect(meetTimeProblem(new Date(now.getTime() + 59 * 60_000), now, '2026-12-10')).toBe(MEET_MESSAGES.tooSoon);
    expect(meetTimeProblem(new Date(now.getTime() + 60 * 60_000), now, '2026-12-10')).toBeNull();
    expect(meetTimeProblem(meetInstant('2026-12-12T10:00')!, now, '2026-12-20')).toBeNull();
    expect(meetTimeProblem(meetInstant('2026-12-12T10:31')!, now, '2026-12-20')).toBe(MEET_MESSAGES.tooFar);
    // Check-in is 2:00 pm on the first day.
    expect(meetTimeProblem(meetInstant('2026-12-01T13:59')!, now, '2026-12-01')).toBeNull();
    expect(meetTimeProblem(meetInstant('2026-12-01T14:00')!, now, '2026-12-01')).toBe('Choose a time before check-in (1 Dec, 2:00 pm)');
    expect(meetTimeRule(meetInstant('2026-12-01T14:00')!, now, '2026-12-01')).toBe('after_check_in');
  });

  it('a proposal offers one to three different times, with a short note', () => {
    expect(meetProposalSchema.safeParse({ mode: 'home', times: ['2026-12-05T11:00'] }).success).toBe(true);
    const refused = (input: unknown) => meetProposalSchema.safeParse(input).error?.issues[0]?.message;
    expect(refused({ mode: 'home', times: [] })).toBe(MEET_MESSAGES.atLeastOne);
    expect(refused({ mode: 'home', times: ['2026-12-05T11:00', '2026-12-05T12:00', '2026-12-05T13:00', '2026-12-05T14:00'] })).toBe(MEET_MESSAGES.atMost);
    expect(refused({ mode: 'home', times: ['2026-12-05T11:00', '2026-12-05T11:00'] })).toBe(MEET_MESSAGES.different);
    expect(refused({ mode: 'home', times: ['tomorrow'] })).toBe(MEET_MESSAGES.pickTime);
    expect(refused({ mode: 'park', times: ['2026-12-05T11:00'] })).toBe(MEET_MESSAGES.mode);
    expect(refused({ mode: 'video', times: ['2026-12-05T11:00'], note: 'x'.repeat(501) })).toBe(MEET_MESSAGES.noteLong);
    expect(refused({ mode: 'video', times: ['2026-12-05T11:00'], note: 'a\ud800' })).toMatch(/cannot store/);
  });

  it('says where: the address once the booking shows it, else the locality and city', () => {
    expect(meetPlace('3 Shivalik Villas, Bodakdev', 'Bodakdev', 'Ahmedabad')).toBe('3 Shivalik Villas, Bodakdev');
    expect(meetPlace(null, 'Bodakdev', 'Ahmedabad')).toBe('Bodakdev, Ahmedabad');
    expect(meetPlace(null, '', 'Ahmedabad')).toBe('Ahmedabad');
  });

  it('says a time as India reads it', () => {
    expect(formatMeetTime('2026-12-05T05:30:00Z')).toBe('Sat, 5 Dec, 11:00 am');
    // 1:00 am in India is still the evening before in UTC: the day is India's.
    expect(formatMeetTime('2026-12-05T19:30:00Z')).toBe('Sun, 6 Dec, 1:00 am');
  });
});

describe('when a meet is required', () => {
  it('holds the host\'s accept only for a first-time guest who has not met them', () => {
    expect(meetBlocksAccept({ required: true, stayedBefore: false, met: false })).toBe(true);
    expect(meetBlocksAccept({ required: true, stayedBefore: false, met: true })).toBe(false);
    expect(meetBlocksAccept({ required: true, stayedBefore: true, met: false })).toBe(false);
    expect(meetBlocksAccept({ required: false, stayedBefore: false, met: false })).toBe(false);
  });

  it('can be arranged from the request until the stay starts', () => {
    for (const status of ['requested', 'awaiting_payment', 'confirmed'] as const) expect(meetsOpen(status)).toBe(true);
    for (const status of ['in_stay', 'completed', 'declined', 'cancelled', 'expired', 'lapsed'] as const) expect(meetsOpen(status)).toBe(false);
  });
});

describe('after the time', () => {
  const at = new Date('2026-12-05T05:30:00Z');
  const confirmed = { status: 'confirmed' as const, at, outcome: null, outcome_by: null };
  it('either side marks a confirmed meet, from its time until 7 days after', () => {
    expect(outcomeProblem({ status: 'proposed', at: null, outcome: null, outcome_by: null }, 'guest', at)).toBe(MEET_MESSAGES.notConfirmed);
    expect(outcomeProblem(confirmed, 'guest', new Date(at.getTime() - 1))).toBe(MEET_MESSAGES.notYet);
    expect(outcomeProblem(confirmed, 'guest', at)).toBeNull();
    expect(outcomeProblem(confirmed, 'host', new Date(at.getTime() + 7 * 86_400_000))).toBeNull();
    expect(outcomeProblem(confirmed, 'host', new Date(at.getTime() + 7 * 86_400_000 + 1))).toBe(MEET_MESSAGES.markTooLate);
    expect(meetStillMarkable(at, new Date(at.getTime() + 7 * 86_400_000))).toBe(true);
    expect(meetStillMarkable(at, new Date(at.getTime() + 7 * 86_400_000 + 1))).toBe(false);
  });

  it('the host has the last word: they may mark after the guest, the guest never after them', () => {
    expect(outcomeProblem({ ...confirmed, outcome: 'met', outcome_by: 'guest' }, 'guest', at)).toBe(MEET_MESSAGES.marked);
    expect(outcomeProblem({ ...confirmed, outcome: 'met', outcome_by: 'guest' }, 'host', at)).toBeNull();
    expect(outcomeProblem({ ...confirmed, outcome: 'missed', outcome_by: 'host' }, 'guest', at)).toBe(MEET_MESSAGES.marked);
    expect(outcomeProblem({ ...confirmed, outcome: 'missed', outcome_by: 'host' }, 'host', at)).toBe(MEET_MESSAGES.marked);
  });
});

describe('proposing', () => {
  const open = { open: true, startDate: '2026-12-10', outcome: null, proposals: 0 };
  it('needs a booking that takes meets, no meet marked Met, proposals left and check-in an hour away at least', () => {
    expect(proposalProblem(open, now)).toBeNull();
    expect(proposalProblem({ ...open, open: false }, now)).toBe(MEET_MESSAGES.closed);
    expect(proposalProblem({ ...open, outcome: 'met' }, now)).toBe(MEET_MESSAGES.alreadyMet);
    expect(proposalProblem({ ...open, outcome: 'missed' }, now)).toBeNull();
    expect(proposalProblem({ ...open, proposals: MEET_LIMITS.proposalsPerBooking }, now)).toBe(MEET_MESSAGES.tooMany);
    // Check-in is 2:00 pm on 10 Dec.
    expect(proposalProblem(open, new Date('2026-12-10T07:30:00Z'))).toBeNull();
    expect(proposalProblem(open, new Date('2026-12-10T07:30:01Z'))).toBe(MEET_MESSAGES.checkInClose);
  });

  it('a request takes meets until it is overdue (24 hours, or its check-in day over); a stay until it starts', () => {
    const request = { status: 'requested' as const, start_date: '2026-12-10', created_at: now };
    expect(bookingTakesMeets(request, new Date(now.getTime() + 23 * 3_600_000))).toBe(true);
    expect(bookingTakesMeets(request, new Date(now.getTime() + 24 * 3_600_000))).toBe(false);
    expect(bookingTakesMeets({ ...request, status: 'confirmed' }, new Date(now.getTime() + 48 * 3_600_000))).toBe(true);
    expect(bookingTakesMeets({ ...request, status: 'in_stay' }, now)).toBe(false);
  });
});

describe('the reminder', () => {
  const at = new Date('2026-12-05T05:30:00Z'); // Sat 5 Dec, 11:00 am India
  const confirmedAt = new Date('2026-12-01T06:00:00Z');
  it('is due from 6:00 pm India the evening before until the meet', () => {
    expect(meetReminderAt(at).toISOString()).toBe('2026-12-04T12:30:00.000Z');
    expect(meetReminderDue({ at, confirmedAt }, new Date('2026-12-04T12:29:59Z'))).toBe(false);
    expect(meetReminderDue({ at, confirmedAt }, new Date('2026-12-04T12:30:00Z'))).toBe(true);
    expect(meetReminderDue({ at, confirmedAt }, new Date('2026-12-05T05:29:00Z'))).toBe(true);
    expect(meetReminderDue({ at, confirmedAt }, at)).toBe(false);
  });

  it('is not sent for a meet confirmed after that evening began', () => {
    expect(meetReminderDue({ at, confirmedAt: new Date('2026-12-04T13:00:00Z') }, new Date('2026-12-04T14:00:00Z'))).toBe(false);
  });

  it('for a meet just after midnight, is the evening of the day before in India', () => {
    const early = new Date('2026-12-04T19:00:00Z'); // 5 Dec, 12:30 am India
    expect(meetReminderAt(early).toISOString()).toBe('2026-12-04T12:30:00.000Z');
  });
});
