import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { api, inDays } from './test-support';

describe('POST /api/bookings/quote', () => {
  const t = useTestApp();
  const call = api(t);
  const quote = (listingId: string, fromDate: string, toDate: string, extra: object = {}) =>
    call('POST', '/api/bookings/quote', undefined, { listingId, fromDate, toDate, ...extra });

  it('prices a stay for a signed-out visitor from the stored nightly price', async () => {
    const host = await signIn(t, 'quote-host@example.com');
    const listing = await createListing(t, host, { nightly_price_inr: 1500 });
    const res = await quote(listing.id, inDays(10), inDays(13), { nightly_price_inr: 1, total_inr: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nights: 3, nightly_price_inr: 1500, subtotal_inr: 4500, taxes_inr: 225, platform_fee_inr: 225, total_inr: 4725 });
  });

  it('prices the edges: 1 and 30 nights, ₹7,500 (5% GST) and ₹7,501 (18% GST)', async () => {
    const host = await signIn(t, 'edge-host@example.com');
    const low = await createListing(t, host, { nightly_price_inr: 7500 });
    const high = await createListing(t, host, { nightly_price_inr: 7501 });
    expect((await quote(low.id, inDays(5), inDays(6))).json()).toEqual({
      nights: 1, nightly_price_inr: 7500, subtotal_inr: 7500, taxes_inr: 375, platform_fee_inr: 375, total_inr: 7875,
    });
    expect((await quote(high.id, inDays(5), inDays(6))).json()).toEqual({
      nights: 1, nightly_price_inr: 7501, subtotal_inr: 7501, taxes_inr: 1350, platform_fee_inr: 375, total_inr: 8851,
    });
    expect((await quote(low.id, inDays(5), inDays(35))).json()).toEqual({
      nights: 30, nightly_price_inr: 7500, subtotal_inr: 225000, taxes_inr: 11250, platform_fee_inr: 11250, total_inr: 236250,
    });
    expect((await quote(high.id, inDays(5), inDays(35))).json()).toMatchObject({ nights: 30, subtotal_inr: 225030, taxes_inr: 40505, total_inr: 265535 });
    const tooLong = await quote(low.id, inDays(5), inDays(36));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ toDate: 'A stay can be at most 30 nights' });
  });

  it('answers 400 for dates that cannot be booked', async () => {
    const host = await signIn(t, 'dates-host@example.com');
    const listing = await createListing(t, host);
    const cases: [string, string, string, string][] = [
      [inDays(-1), inDays(2), 'fromDate', 'Check-in cannot be in the past'],
      [inDays(3), inDays(3), 'toDate', 'Check-out must be after check-in'],
      [inDays(4), inDays(3), 'toDate', 'Check-out must be after check-in'],
      ['2031-02-30', '2031-03-02', 'fromDate', 'Dates must be real dates written as yyyy-MM-dd'],
      ['', inDays(3), 'fromDate', 'Please select dates and pet size'],
    ];
    for (const [from, to, field, message] of cases) {
      const res = await quote(listing.id, from, to);
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.fields[field]).toBe(message);
    }
    // Today is bookable (India's today, whatever the server's time zone).
    expect((await quote(listing.id, inDays(0), inDays(1))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or paused listing', async () => {
    const host = await signIn(t, 'paused-host@example.com');
    const listing = await createListing(t, host);
    await call('PATCH', `/api/listings/${listing.id}`, host, { status: 'inactive' });
    const paused = await quote(listing.id, inDays(3), inDays(4));
    expect(paused.statusCode).toBe(404);
    expect(paused.json().error.message).toBe('This home is not taking bookings right now');
    const unknown = await quote('00000000-0000-4000-8000-000000000000', inDays(3), inDays(4));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Listing not found');
  });
});
