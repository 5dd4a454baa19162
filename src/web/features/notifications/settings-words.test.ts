import { describe, expect, it } from 'vitest';
import { clockLabel, listOf, notReachableNotes, quietHoursHint, quietTimes } from './settings-words';

describe("the settings page's words", () => {
  it('sends a user without a verified number to verify it for WhatsApp and SMS; push has its own control', () => {
    const notes = notReachableNotes(['email'], false);
    expect(`${notes.verify?.link}${notes.verify?.rest}`).toBe('Verify your mobile number on your profile to get WhatsApp and SMS.');
    expect(notes.waiting).toBeUndefined();
  });
  it('asks for no number once it is verified', () => {
    expect(notReachableNotes(['email', 'whatsapp', 'sms'], true)).toEqual({ verify: undefined, waiting: undefined });
    expect(notReachableNotes(['email', 'push', 'whatsapp', 'sms'], true)).toEqual({ verify: undefined, waiting: undefined });
  });
  it('names only the channels a verified number would add', () => {
    expect(notReachableNotes(['email', 'push', 'whatsapp'], false).verify?.rest).toBe(' on your profile to get SMS.');
    expect(notReachableNotes(['email', 'push'], false).waiting).toBeUndefined();
  });
  it('says a channel the app cannot send by yet is on its way, even with a verified number', () => {
    // A verified number, and no WhatsApp provider yet: verifying again would not help.
    expect(notReachableNotes(['email', 'sms'], true)).toEqual({
      verify: undefined,
      waiting: 'WhatsApp is on its way: what you choose here is saved and used as soon as it can reach you.',
    });
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
