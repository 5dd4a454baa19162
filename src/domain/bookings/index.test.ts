import { describe, expect, it } from 'vitest';
import { canCancel, hostCanCancel, paymentDueAt, paymentReminderAt, paymentReminderDue, requestOverdue, stayProblem } from './index';

describe('stayProblem', () => {
  it('takes 1 to 30 nights', () => {
    expect(stayProblem('2026-03-10', '2026-03-11')).toBeNull();
    expect(stayProblem('2026-03-01', '2026-03-31')).toBeNull();
    expect(stayProblem('2026-02-28', '2026-03-01', '2026-02-28')).toBeNull();
  });

  it('refuses an end not after the start, over 30 nights, and a start before today', () => {
    expect(stayProblem('2026-03-10', '2026-03-10')).toEqual({ field: 'toDate', message: 'Check-out must be after check-in' });
    expect(stayProblem('2026-03-10', '2026-03-09')).toEqual({ field: 'toDate', message: 'Check-out must be after check-in' });
    expect(stayProblem('2026-03-01', '2026-04-01')).toEqual({ field: 'toDate', message: 'A stay can be at most 30 nights' });
    expect(stayProblem('2026-03-09', '2026-03-12', '2026-03-10')).toEqual({ field: 'fromDate', message: 'Check-in cannot be in the past' });
    // Without today, a past date is not the schema's to judge.
    expect(stayProblem('2020-03-09', '2020-03-12')).toBeNull();
  });
});

describe('canCancel', () => {
  it('allows a confirmed stay until the day before it starts, and a pending request until its start day is over', () => {
    expect(canCancel('requested', '2026-03-11', '2026-03-10')).toBe(true);
    expect(canCancel('requested', '2026-03-10', '2026-03-10')).toBe(true);
    expect(canCancel('requested', '2026-03-09', '2026-03-10')).toBe(false);
    expect(canCancel('confirmed', '2026-03-11', '2026-03-10')).toBe(true);
    expect(canCancel('confirmed', '2026-03-10', '2026-03-10')).toBe(false);
    expect(canCancel('confirmed', '2026-03-09', '2026-03-10')).toBe(false);
    // Unpaid, nothing is lost by withdrawing: as for a pending request.
    expect(canCancel('awaiting_payment', '2026-03-10', '2026-03-10')).toBe(true);
    expect(canCancel('awaiting_payment', '2026-03-09', '2026-03-10')).toBe(false);
    for (const status of ['declined', 'cancelled', 'expired', 'lapsed', 'completed'] as const) {
      expect(canCancel(status, '2026-04-01', '2026-03-10')).toBe(false);
    }
  });
});

describe('hostCanCancel', () => {
  it('allows an accepted stay, paid or not, until its first day is over', () => {
    expect(hostCanCancel('confirmed', '2026-03-10', '2026-03-10')).toBe(true);
    expect(hostCanCancel('awaiting_payment', '2026-03-11', '2026-03-10')).toBe(true);
    expect(hostCanCancel('confirmed', '2026-03-09', '2026-03-10')).toBe(false);
    for (const status of ['requested', 'declined', 'cancelled', 'expired', 'lapsed', 'completed'] as const) {
      expect(hostCanCancel(status, '2026-04-01', '2026-03-10')).toBe(false);
    }
  });
});

describe('paymentReminderAt', () => {
  it('reminds 4 hours before a 24-hour deadline, and halfway through a shorter window', () => {
    expect(paymentReminderAt('2026-03-10T13:00:00Z', '2026-03-11T13:00:00Z').toISOString()).toBe('2026-03-11T09:00:00.000Z');
    expect(paymentReminderAt('2026-03-10T13:00:00Z', '2026-03-10T21:00:00Z').toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(paymentReminderAt('2026-03-10T13:00:00Z', '2026-03-10T15:00:00Z').toISOString()).toBe('2026-03-10T14:00:00.000Z');
  });
  it('is due from then, but not in the last 15 minutes, when it would help no one', () => {
    const [accepted, due] = ['2026-03-10T13:00:00Z', '2026-03-11T13:00:00Z'];
    expect(paymentReminderDue(accepted, due, new Date('2026-03-11T08:59:59Z'))).toBe(false);
    expect(paymentReminderDue(accepted, due, new Date('2026-03-11T09:00:00Z'))).toBe(true);
    expect(paymentReminderDue(accepted, due, new Date('2026-03-11T12:44:59Z'))).toBe(true);
    expect(paymentReminderDue(accepted, due, new Date('2026-03-11T12:45:00Z'))).toBe(false);
    expect(paymentReminderDue(accepted, due, new Date('2026-03-11T13:00:00Z'))).toBe(false);
  });
});

describe('paymentDueAt', () => {
  it('gives 24 hours when check-in is further off', () => {
    expect(paymentDueAt(new Date('2026-03-10T13:00:00Z'), '2026-03-20').toISOString()).toBe('2026-03-11T13:00:00.000Z');
  });
  it('ends at check-in (2:00 pm India time) when that comes sooner', () => {
    // Check-in on 10 Mar at 2:00 pm India time is 08:30 UTC.
    expect(paymentDueAt(new Date('2026-03-09T04:30:00Z'), '2026-03-10').toISOString()).toBe('2026-03-10T04:30:00.000Z');
    expect(paymentDueAt(new Date('2026-03-09T12:00:00Z'), '2026-03-10').toISOString()).toBe('2026-03-10T08:30:00.000Z');
  });
  it('leaves two hours when the host accepts on the first day, close to or after check-in', () => {
    expect(paymentDueAt(new Date('2026-03-10T08:00:00Z'), '2026-03-10').toISOString()).toBe('2026-03-10T10:00:00.000Z');
    expect(paymentDueAt(new Date('2026-03-10T15:00:00Z'), '2026-03-10').toISOString()).toBe('2026-03-10T17:00:00.000Z');
  });
});

describe('requestOverdue', () => {
  const now = new Date('2026-03-10T06:00:00Z');
  it('lapses after 24 hours or once its start day is over (India time)', () => {
    expect(requestOverdue('2026-03-12', new Date('2026-03-09T06:00:01Z'), '2026-03-10', now)).toBe(false);
    expect(requestOverdue('2026-03-12', new Date('2026-03-09T06:00:00Z'), '2026-03-10', now)).toBe(true);
    // A stay that starts today can still be accepted today, and not tomorrow.
    expect(requestOverdue('2026-03-10', now, '2026-03-10', now)).toBe(false);
    expect(requestOverdue('2026-03-10', now, '2026-03-11', now)).toBe(true);
    expect(requestOverdue('2026-03-11', now, '2026-03-10', now)).toBe(false);
  });
});
