import { beforeAll, describe, expect, it } from 'vitest';
import type { I18n } from '@lingui/core';
import { createI18n } from '@/web/i18n/i18n';
import { clockLabel, notReachableNotes, quietHoursHint, quietTimes } from './settings-words';

let en: I18n;
let gu: I18n;
let hi: I18n;
beforeAll(async () => {
  [en, gu, hi] = await Promise.all([createI18n('en'), createI18n('gu'), createI18n('hi')]);
});

describe("the settings page's words", () => {
  it('sends a user without a verified number to verify it for WhatsApp and SMS; push has its own control', () => {
    const notes = notReachableNotes(['email'], false, en);
    expect(notes.verify?.channels).toBe('WhatsApp and SMS');
    expect(notes.waiting).toBeUndefined();
  });
  it('asks for no number once it is verified', () => {
    expect(notReachableNotes(['email', 'whatsapp', 'sms'], true, en)).toEqual({ verify: undefined, waiting: undefined });
    expect(notReachableNotes(['email', 'push', 'whatsapp', 'sms'], true, en)).toEqual({ verify: undefined, waiting: undefined });
  });
  it('names only the channels a verified number would add', () => {
    expect(notReachableNotes(['email', 'push', 'whatsapp'], false, en).verify?.channels).toBe('SMS');
    expect(notReachableNotes(['email', 'push'], false, en).waiting).toBeUndefined();
  });
  it('says a channel the app cannot send by yet is on its way, even with a verified number', () => {
    // A verified number, and no WhatsApp provider yet: verifying again would not help.
    expect(notReachableNotes(['email', 'sms'], true, en)).toEqual({
      verify: undefined,
      waiting: 'WhatsApp is on its way: what you choose here is saved and used as soon as it can reach you.',
    });
    expect(notReachableNotes(['email'], true, en).waiting).toBe('WhatsApp and SMS are on their way: what you choose here is saved and used as soon as each one can reach you.');
  });
  it('says what quiet hours hold back', () => {
    expect(quietHoursHint(en)).toBe('Push, WhatsApp and SMS wait until quiet hours end, except urgent problems on a stay. E-mail is not held back.');
  });
  it('says it in Gujarati and Hindi, the channels listed as each language lists', () => {
    expect(quietHoursHint(gu)).toMatch(/^પુશ, WhatsApp અને SMS .+ ઈમેલ .+/);
    expect(quietHoursHint(hi)).toMatch(/^पुश, WhatsApp, और SMS .+ ईमेल .+/);
    expect(notReachableNotes(['email'], false, gu).verify?.channels).toBe('WhatsApp અને SMS');
  });
  it('writes a time of day as the clock does', () => {
    expect([0, 30, 7 * 60, 12 * 60, 13 * 60 + 5, 22 * 60, 1439].map((m) => clockLabel(m, en))).toEqual(['12:00 am', '12:30 am', '7:00 am', '12:00 pm', '1:05 pm', '10:00 pm', '11:59 pm']);
    // By the part of the day, as Gujarati and Hindi say a time, not a Latin am/pm.
    expect(clockLabel(22 * 60, hi)).toBe('रात 10:00');
    expect(clockLabel(7 * 60, gu)).not.toMatch(/am|pm|AM|PM/);
  });
  it('offers every half hour, and a saved time off that grid', () => {
    expect(quietTimes()).toHaveLength(48);
    expect(quietTimes(22 * 60, 7 * 60 + 15).slice(14, 17)).toEqual([7 * 60, 7 * 60 + 15, 7 * 60 + 30]);
  });
});
