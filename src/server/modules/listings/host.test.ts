import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, todayInIndia } from '../../../domain/dates';
import { calculateBookingCost } from '../../../domain/money/pricing';
import { queryRows } from '../../db/rows';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';

describe('/api/host/stats', () => {
  const t = useTestApp();
  const stats = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/host/stats', headers: { cookie } });
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json();
  };
  const userId = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().id as string;

  /** A booking inserted straight into the table, priced by the product's one cost function. */
  async function insertBooking(listingId: string, guestId: string, start: string, nights: number, price: number, status: string) {
    const cost = calculateBookingCost(price, nights);
    const [row] = await queryRows(t.database.db, z.object({ id: z.uuid() }), sql`
      insert into bookings (listing_id, owner_id, start_date, end_date, nights, size, price_subtotal_paise, taxes_paise, platform_fee_paise, total_paise, status)
      values (${listingId}, ${guestId}, ${start}::date, ${addDays(start, nights)}::date, ${nights}, 'small',
        ${cost.subtotal_paise}, ${cost.taxes_paise}, ${cost.platform_fee_paise}, ${cost.total_paise}, ${status})
      returning id
    `);
    return { id: row!.id };
  }

  async function insertReview(bookingId: string, listingId: string, authorId: string, subjectId: string, kind: string, rating: number, published: boolean) {
    await t.database.db.execute(sql`
      insert into reviews (booking_id, listing_id, author_id, subject_id, kind, rating, body, published_at)
      values (${bookingId}, ${listingId}, ${authorId}, ${subjectId}, ${kind}, ${rating}, 'Review text', ${published ? sql`now()` : sql`null`})
    `);
  }

  it('starts at zero with no rating', async () => {
    expect(await stats(await signIn(t, 'new-host@example.com'))).toEqual({
      total_listings: 0,
      bookings_this_month: 0,
      revenue_this_month_paise: 0,
      rating: null,
    });
  });

  it("counts active listings, this month's accepted and completed bookings and the published rating", async () => {
    const host = await signIn(t, 'busy-host@example.com');
    const hostId = await userId(host);
    const guest = await userId(await signIn(t, 'busy-guest@example.com'));
    const otherHost = await signIn(t, 'other-host@example.com');
    const a = await createListing(t, host, { nightly_price_inr: 2000 });
    const b = await createListing(t, host, { nightly_price_inr: 8000 });
    const paused = await createListing(t, host);
    await t.app.inject({ method: 'PATCH', url: `/api/listings/${paused.id}`, headers: { cookie: host }, payload: { status: 'inactive' } });
    const foreign = await createListing(t, otherHost);

    const today = todayInIndia();
    const monthStart = `${today.slice(0, 7)}-01`;
    const lastDayOfMonth = addDays(`${addDays(monthStart, 32).slice(0, 7)}-01`, -1);
    const lastMonth = addDays(monthStart, -1);
    const nextMonth = addDays(lastDayOfMonth, 1);

    // Counted: accepted or completed, of my listings (paused ones too), starting this month.
    const counted = [
      await insertBooking(a.id, guest, monthStart, 3, 2000, 'confirmed'),
      await insertBooking(b.id, guest, lastDayOfMonth, 2, 8000, 'completed'), // ends next month: counts by its start
      await insertBooking(paused.id, guest, addDays(monthStart, 10), 1, 1500, 'completed'),
    ];
    // Not counted: other statuses, other months, another host's listing.
    for (const status of ['requested', 'declined', 'cancelled', 'expired']) await insertBooking(a.id, guest, addDays(monthStart, 5), 2, 2000, status);
    const previous = await insertBooking(a.id, guest, addDays(lastMonth, -1), 1, 2000, 'completed'); // ends this month: starts last month
    await insertBooking(a.id, guest, nextMonth, 2, 2000, 'confirmed');
    await insertBooking(foreign.id, guest, monthStart, 2, 2000, 'confirmed');

    // Ratings: published guest reviews of my listings only.
    await insertReview(counted[0]!.id, a.id, guest, hostId, 'listing', 5, true);
    await insertReview(counted[1]!.id, b.id, guest, hostId, 'listing', 4, true);
    await insertReview(previous.id, a.id, guest, hostId, 'listing', 4, true);
    await insertReview(counted[2]!.id, paused.id, guest, hostId, 'listing', 1, false); // not yet published
    await insertReview(counted[0]!.id, a.id, hostId, guest, 'guest', 1, true); // the host's review of the guest

    expect(await stats(host)).toEqual({
      total_listings: 2,
      bookings_this_month: 3,
      // Revenue is the ledger's (payout-release.test.ts): these rows were written without a payment.
      revenue_this_month_paise: 0,
      rating: 4.3,
    });
    expect(await stats(otherHost)).toMatchObject({ total_listings: 1, bookings_this_month: 1, rating: null });
  });
});
