import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, BOOKING_NOTE_MAX } from '@/domain/schemas/booking';
import { MISSING_DATES_OR_SIZE, NOTE_MAX } from './booking-messages';

describe('booking card texts', () => {
  it('match the shared booking schema', () => {
    expect(MISSING_DATES_OR_SIZE).toBe(BOOKING_MESSAGES.missing);
    expect(NOTE_MAX).toBe(BOOKING_NOTE_MAX);
  });
});
