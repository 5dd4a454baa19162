import { describe, expect, it } from 'vitest';
import { firstNameOf, isReviewPublishable, isReviewWindowOpen, reviewDeadline, reviewWindowClosesOn } from './reviews';

describe('the review window', () => {
  it('stays open for 14 days after checkout and closes on the 14th', () => {
    expect(reviewWindowClosesOn('2026-11-01')).toBe('2026-11-15');
    expect(reviewDeadline('2026-11-01')).toBe('2026-11-14');
    expect(isReviewWindowOpen('2026-11-01', '2026-11-02')).toBe(true);
    expect(isReviewWindowOpen('2026-11-01', '2026-11-14')).toBe(true);
    expect(isReviewWindowOpen('2026-11-01', '2026-11-15')).toBe(false);
    // Across a month and a year end.
    expect(reviewWindowClosesOn('2026-12-25')).toBe('2027-01-08');
  });

  it('publishes when the other side has written, or once the window has closed', () => {
    const checkout = '2026-11-01';
    expect(isReviewPublishable({ checkout, today: '2026-11-03', otherSideWritten: false })).toBe(false);
    expect(isReviewPublishable({ checkout, today: '2026-11-03', otherSideWritten: true })).toBe(true);
    expect(isReviewPublishable({ checkout, today: '2026-11-14', otherSideWritten: false })).toBe(false);
    expect(isReviewPublishable({ checkout, today: '2026-11-15', otherSideWritten: false })).toBe(true);
  });
});

describe('firstNameOf', () => {
  it('takes the first word, or the fallback for an empty name', () => {
    expect(firstNameOf('  Asha  Mehta ', 'Guest')).toBe('Asha');
    expect(firstNameOf('', 'Guest')).toBe('Guest');
    expect(firstNameOf('   ', 'Guest')).toBe('Guest');
    expect(firstNameOf(null, 'Guest')).toBe('Guest');
  });
});
