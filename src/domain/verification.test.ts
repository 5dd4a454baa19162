import { describe, expect, it } from 'vitest';
import { callSlots, formatCallSlot, isOfferedSlot, sniffIdFileType } from './verification';

describe('video-call slots', () => {
  // Thursday 26 Nov 2026, 11:00 pm in India (17:30 UTC): tomorrow is Friday.
  const thursdayNight = new Date('2026-11-26T17:30:00Z');

  it('offers the next 5 business days from tomorrow (India time), skipping Sunday', () => {
    const days = callSlots(thursdayNight);
    expect(days.map((d) => d.date)).toEqual(['2026-11-27', '2026-11-28', '2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('offers each half hour from 9 to 6 on weekdays and from 10 to 4 on Saturday, the last one ending at closing', () => {
    const [friday, saturday] = callSlots(thursdayNight);
    expect(friday!.starts).toHaveLength(18);
    expect(formatCallSlot(friday!.starts[0]!)).toBe('27 Nov, 9:00 am');
    expect(formatCallSlot(friday!.starts.at(-1)!)).toBe('27 Nov, 5:30 pm');
    expect(saturday!.starts).toHaveLength(12);
    expect(formatCallSlot(saturday!.starts[0]!)).toBe('28 Nov, 10:00 am');
    expect(formatCallSlot(saturday!.starts.at(-1)!)).toBe('28 Nov, 3:30 pm');
  });

  it('takes "tomorrow" by India’s date, not the server’s: 12:30 am on Friday in India is already Friday', () => {
    const fridayEarly = new Date('2026-11-26T19:00:00Z');
    expect(callSlots(fridayEarly)[0]!.date).toBe('2026-11-28');
  });

  it('knows an offered slot in any spelling of its instant, and refuses anything else', () => {
    const start = callSlots(thursdayNight)[2]!.starts[5]!;
    expect(isOfferedSlot(start, thursdayNight)).toBe(true);
    expect(isOfferedSlot(start.replace('.000Z', 'Z'), thursdayNight)).toBe(true);
    expect(isOfferedSlot(new Date(Date.parse(start) + 15 * 60_000).toISOString(), thursdayNight)).toBe(false);
    // Today (Thursday) is not offered, nor Sunday, nor the 6th business day, nor a slot now past.
    expect(isOfferedSlot('2026-11-26T05:30:00.000Z', thursdayNight)).toBe(false);
    expect(isOfferedSlot('2026-11-29T05:30:00.000Z', thursdayNight)).toBe(false);
    expect(isOfferedSlot('2026-12-03T05:30:00.000Z', thursdayNight)).toBe(false);
    expect(isOfferedSlot(start, new Date('2026-12-05T00:00:00Z'))).toBe(false);
    expect(isOfferedSlot('tomorrow at ten', thursdayNight)).toBe(false);
  });
});

describe('an ID file, judged by its content', () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0]);
  it('knows JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffIdFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffIdFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffIdFileType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
  });
  it('refuses anything else, whatever it might be called', () => {
    for (const text of ['<html>', 'GIF89a', 'RIFF....WEBP', 'MZ', '%PDF', '']) expect(sniffIdFileType(new TextEncoder().encode(text))).toBeUndefined();
    expect(sniffIdFileType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
  });
});
