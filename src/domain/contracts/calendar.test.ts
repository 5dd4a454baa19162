import { describe, expect, it } from 'vitest';
import { blockedDatesSchema, calendarQuerySchema, resolveCalendarRange } from './calendar';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('blockedDatesSchema', () => {
  it('takes one day or a range, both ends included', () => {
    expect(blockedDatesSchema.parse({ from: '2026-03-10', to: '2026-03-10' })).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(blockedDatesSchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
  });

  it('refuses dates that are not real, ranges backwards and over 365 nights', () => {
    expect(messagesOf(blockedDatesSchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }))).toEqual(['Dates must be real dates written as yyyy-MM-dd']);
    expect(messagesOf(blockedDatesSchema.safeParse({ from: '10/03/2026', to: '2026-03-01' }))).toEqual(['Dates must be real dates written as yyyy-MM-dd']);
    expect(messagesOf(blockedDatesSchema.safeParse({ from: '2026-03-10', to: '2026-03-09' }))).toEqual(['The end date must be on or after the start date']);
    expect(messagesOf(blockedDatesSchema.safeParse({ from: '2026-01-01', to: '2027-01-01' }))).toEqual(['Choose at most 365 nights at a time']);
    expect(messagesOf(blockedDatesSchema.safeParse({ to: '2026-03-01' }))).toEqual(['Choose a date']);
  });
});

describe('calendar range', () => {
  it('defaults to today and the next 90 days', () => {
    expect(resolveCalendarRange({}, '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-06-08', error: null });
    expect(resolveCalendarRange({ from: '2026-04-01' }, '2026-03-10').to).toBe('2026-06-30');
  });

  it('refuses a range over 400 days or backwards', () => {
    expect(resolveCalendarRange({ from: '2026-01-01', to: '2027-03-01' }, '2026-01-01').error).toBe('Show at most 400 days at a time');
    expect(resolveCalendarRange({ to: '2026-01-01' }, '2026-03-10').error).toBe('The end date must be on or after the start date');
    expect(messagesOf(calendarQuerySchema.safeParse({ from: '2026-01-01', to: '2027-03-01' }))).toEqual(['Show at most 400 days at a time']);
  });
});
