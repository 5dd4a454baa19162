import { describe, expect, it } from 'vitest';
import { canCancel, requestLapsed, stayProblem } from './bookings';

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
    expect(canCancel('accepted', '2026-03-11', '2026-03-10')).toBe(true);
    expect(canCancel('accepted', '2026-03-10', '2026-03-10')).toBe(false);
    expect(canCancel('accepted', '2026-03-09', '2026-03-10')).toBe(false);
    for (const status of ['declined', 'cancelled', 'expired', 'completed'] as const) {
      expect(canCancel(status, '2026-04-01', '2026-03-10')).toBe(false);
    }
  });
});

describe('requestLapsed', () => {
  const now = new Date('2026-03-10T06:00:00Z');
  it('lapses after 24 hours or once its start day is over (India time)', () => {
    expect(requestLapsed('2026-03-12', new Date('2026-03-09T06:00:01Z'), '2026-03-10', now)).toBe(false);
    expect(requestLapsed('2026-03-12', new Date('2026-03-09T06:00:00Z'), '2026-03-10', now)).toBe(true);
    // A stay that starts today can still be accepted today, and not tomorrow.
    expect(requestLapsed('2026-03-10', now, '2026-03-10', now)).toBe(false);
    expect(requestLapsed('2026-03-10', now, '2026-03-11', now)).toBe(true);
    expect(requestLapsed('2026-03-11', now, '2026-03-10', now)).toBe(false);
  });
});
