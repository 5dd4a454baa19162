import { describe, expect, it } from 'vitest';
import { bookingCreateSchema, bookingQuoteSchema, bookingRequestSchema } from './booking';

const listingId = '0b7f7d4e-3c2a-4f1e-9a6b-2d5c8e1f0a3b';
const petId = '5e1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('bookingRequestSchema (SPEC.md section 7)', () => {
  const valid = { listingId, fromDate: '2026-03-10', toDate: '2026-03-13', size: 'medium', note: '  Two walks a day  ' };

  it('takes the payload, trims the note, drops unknown fields such as prices', () => {
    expect(bookingRequestSchema.parse({ ...valid, total_inr: 1, price_subtotal_inr: 1, status: 'accepted' })).toEqual({
      ...valid,
      note: 'Two walks a day',
    });
    expect(bookingRequestSchema.parse({ ...valid, note: undefined }).note).toBe('');
    expect(bookingRequestSchema.parse({ ...valid, note: null }).note).toBe('');
  });

  it('says "Please select dates and pet size" when dates or size are missing', () => {
    for (const field of ['fromDate', 'toDate', 'size'] as const) {
      for (const value of [undefined, '', null]) {
        expect(issuesOf(bookingRequestSchema.safeParse({ ...valid, [field]: value }))).toEqual({ [field]: 'Please select dates and pet size' });
      }
    }
    expect(issuesOf(bookingRequestSchema.safeParse({ listingId }))).toEqual({
      fromDate: 'Please select dates and pet size',
      toDate: 'Please select dates and pet size',
      size: 'Please select dates and pet size',
    });
  });

  it('refuses dates that are not real, an end not after the start, over 30 nights, a bad size, a long note', () => {
    expect(issuesOf(bookingRequestSchema.safeParse({ ...valid, fromDate: '2026-02-30' }))).toEqual({ fromDate: 'Dates must be real dates written as yyyy-MM-dd' });
    expect(issuesOf(bookingRequestSchema.safeParse({ ...valid, toDate: '13/03/2026' }))).toEqual({ toDate: 'Dates must be real dates written as yyyy-MM-dd' });
    expect(issuesOf(bookingRequestSchema.safeParse({ ...valid, toDate: '2026-03-10' }))).toEqual({ toDate: 'Check-out must be after check-in' });
    expect(issuesOf(bookingRequestSchema.safeParse({ ...valid, toDate: '2026-04-10' }))).toEqual({ toDate: 'A stay can be at most 30 nights' });
    expect(bookingRequestSchema.safeParse({ ...valid, toDate: '2026-04-09' }).success).toBe(true);
    expect(issuesOf(bookingRequestSchema.safeParse({ ...valid, size: 'm' }))).toEqual({ size: 'Choose small, medium or large' });
    expect(issuesOf(bookingRequestSchema.safeParse({ ...valid, note: 'n'.repeat(1001) }))).toEqual({ note: 'Special requests must be at most 1000 characters' });
    expect(bookingRequestSchema.safeParse({ ...valid, note: 'n'.repeat(1000) }).success).toBe(true);
    expect(issuesOf(bookingRequestSchema.safeParse({ ...valid, listingId: 'nope' }))).toEqual({ listingId: 'Choose a listing' });
  });
});

describe('bookingCreateSchema (the listing page)', () => {
  it('names the pet instead of a size', () => {
    const parsed = bookingCreateSchema.parse({ listingId, petIds: [petId], fromDate: '2026-03-10', toDate: '2026-03-11', size: 'large' });
    expect(parsed).toEqual({ listingId, petIds: [petId], fromDate: '2026-03-10', toDate: '2026-03-11', note: '' });
    expect(issuesOf(bookingCreateSchema.safeParse({ listingId, fromDate: '2026-03-10', toDate: '2026-03-11' }))).toEqual({ petIds: 'Choose which pets are coming' });
    expect(issuesOf(bookingCreateSchema.safeParse({ listingId, petIds: [], fromDate: '2026-03-10', toDate: '2026-03-11' }))).toEqual({ petIds: 'Choose which pets are coming' });
    expect(issuesOf(bookingCreateSchema.safeParse({ listingId, petIds: [petId, petId], fromDate: '2026-03-10', toDate: '2026-03-11' }))).toEqual({ petIds: 'Choose each pet once' });
    expect(issuesOf(bookingCreateSchema.safeParse({ listingId, petIds: ['nope'], fromDate: '2026-03-10', toDate: '2026-03-11' }))).toEqual({ 'petIds.0': 'Choose which pets are coming' });
    expect(issuesOf(bookingCreateSchema.safeParse({ listingId, petIds: [petId], toDate: '2026-03-11' }))).toEqual({ fromDate: 'Please select dates and pet size' });
  });
});

describe('bookingQuoteSchema', () => {
  it('checks the dates like a request', () => {
    expect(bookingQuoteSchema.parse({ listingId, fromDate: '2026-03-10', toDate: '2026-03-11' })).toEqual({ listingId, fromDate: '2026-03-10', toDate: '2026-03-11' });
    expect(issuesOf(bookingQuoteSchema.safeParse({ listingId, fromDate: '2026-03-11', toDate: '2026-03-10' }))).toEqual({ toDate: 'Check-out must be after check-in' });
  });
});
