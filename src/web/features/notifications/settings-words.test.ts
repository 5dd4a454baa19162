import { describe, expect, it } from 'vitest';
import { clockLabel, listOf, notReachableNote, quietHoursHint, quietTimes } from './settings-words';

describe("the settings page's words", () => {
  it('names the channels that cannot reach the user yet, and none when all can', () => {
    expect(notReachableNote(['email'])).toBe('Push, WhatsApp and SMS are on their way: what you choose here is saved and used as soon as each one can reach you.');
    expect(notReachableNote(['email', 'push', 'whatsapp'])).toBe('SMS is on its way: what you choose here is saved and used as soon as it can reach you.');
    expect(notReachableNote(['email', 'push', 'whatsapp', 'sms'])).toBeUndefined();
  });
  it('says what quiet hours hold back', () => {
    expect(quietHoursHint()).toBe('Push, WhatsApp and SMS wait until quiet hours end, except urgent problems on a stay. E-mail is not held back.');
  });
  it('lists words', () => {
    expect([listOf([]), listOf(['a']), listOf(['a', 'b']), listOf(['a', 'b', 'c'])]).toEqual(['', 'a', 'a and b', 'a, b and c']);
  });
  it('writes a time of day as the clock does', () => {
    expect([0, 30, 7 * 60, 12 * 60, 13 * 60 + 5, 22 * 60, 1439].map(clockLabel)).toEqual(['12:00 am', '12:30 am', '7:00 am', '12:00 pm', '1:05 pm', '10:00 pm', '11:59 pm']);
  });
  it('offers every half hour, and a saved time off that grid', () => {
    expect(quietTimes()).toHaveLength(48);
    expect(quietTimes(22 * 60, 7 * 60 + 15).slice(14, 17)).toEqual([7 * 60, 7 * 60 + 15, 7 * 60 + 30]);
  });
});
