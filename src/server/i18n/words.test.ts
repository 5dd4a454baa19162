import { describe, expect, it } from 'vitest';
import { say } from './words';

// The server's words in the reader's language (decision 063), by their English.

describe('say', () => {
  it('translates a marked text by its English, and keeps it in English for English', () => {
    expect(say('gu', 'Invalid OTP')).toBe('OTP ખોટો છે');
    expect(say('hi', 'Invalid OTP')).toBe('OTP गलत है');
    expect(say('en', 'Invalid OTP')).toBe('Invalid OTP');
  });

  it('fills placeholders and plurals by the language (0 takes the singular form in Hindi)', () => {
    expect(say('gu', 'Enter {OTP_LENGTH}-digit code', { OTP_LENGTH: 6 })).toBe('6 અંકનો કોડ લખો');
    expect(say('en', 'Enter {OTP_LENGTH}-digit code', { OTP_LENGTH: 6 })).toBe('Enter 6-digit code');
    const nights = '{nights, plural, one {# night} other {# nights}}';
    expect([0, 1, 2].map((n) => say('en', nights, { nights: n }))).toEqual(['0 nights', '1 night', '2 nights']);
    expect([0, 1, 2].map((n) => say('hi', nights, { nights: n }))).toEqual(['0 रात', '1 रात', '2 रातें']);
  });

  it('answers a text no catalogue has as written, its placeholders filled when it has values', () => {
    expect(say('gu', 'No such text {here}')).toBe('No such text {here}');
    expect(say('gu', 'No such text {here}', { here: 'at all' })).toBe('No such text at all');
    expect(say('hi', '')).toBe('');
  });
});
