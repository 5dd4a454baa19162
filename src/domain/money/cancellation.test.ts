import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_POLICIES,
  checkInAt,
  guestRefundPercent,
  refundDeadline,
  type CancellationPolicy,
} from './cancellation';

const MINUTE = 60_000;
/** India's clock: `2026-03-09 14:00` there, as an instant. */
const india = (local: string) => new Date(`${local.replace(' ', 'T')}:00+05:30`);

describe('check-in and the refund deadlines', () => {
  it('check-in is 2:00 pm India time on the first day', () => {
    expect(checkInAt('2026-03-14').toISOString()).toBe('2026-03-14T08:30:00.000Z');
  });

  it.each<[CancellationPolicy, string]>([
    ['flexible', '2026-03-13 14:00'],
    ['moderate', '2026-03-09 14:00'],
    ['strict', '2026-03-07 14:00'],
  ])('%s: the deadline is %s India time for a stay from 14 Mar', (policy, deadline) => {
    expect(refundDeadline(policy, '2026-03-14')).toEqual(india(deadline));
  });

});

describe('the share a guest gets back', () => {
  // At the deadline, and a minute either side, for each policy: the deadline itself still refunds.
  it.each<[CancellationPolicy, string, number]>([
    ['flexible', '2026-03-13 14:00', 100],
    ['moderate', '2026-03-09 14:00', 100],
    ['strict', '2026-03-07 14:00', 50],
  ])('%s: at %s (India) and a minute before, %d%%; a minute after, nothing', (policy, deadline, percent) => {
    const at = india(deadline);
    expect(guestRefundPercent(policy, '2026-03-14', new Date(at.getTime() - MINUTE))).toBe(percent);
    expect(guestRefundPercent(policy, '2026-03-14', at)).toBe(percent);
    expect(guestRefundPercent(policy, '2026-03-14', new Date(at.getTime() + MINUTE))).toBe(0);
  });

  it('counts hours, not calendar days: later on the deadline day is too late', () => {
    expect(guestRefundPercent('moderate', '2026-03-14', india('2026-03-09 23:59'))).toBe(0);
    expect(guestRefundPercent('moderate', '2026-03-14', india('2026-03-09 13:59'))).toBe(100);
  });

  it("reads the day in India, not UTC: just after India's midnight is still the deadline day", () => {
    // 00:30 on 13 Mar in India is 19:00 on 12 Mar in UTC; both before the flexible deadline.
    const justAfterMidnight = india('2026-03-13 00:30');
    expect(justAfterMidnight.toISOString()).toBe('2026-03-12T19:00:00.000Z');
    expect(guestRefundPercent('flexible', '2026-03-14', justAfterMidnight)).toBe(100);
    // 23:59 on 13 Mar in India (18:29 UTC): after the 2:00 pm deadline.
    expect(guestRefundPercent('flexible', '2026-03-14', india('2026-03-13 23:59'))).toBe(0);
  });

  it('gives nothing once the stay has begun, under every policy', () => {
    for (const policy of CANCELLATION_POLICIES) {
      expect(guestRefundPercent(policy, '2026-03-14', india('2026-03-14 14:00'))).toBe(0);
    }
  });
});
