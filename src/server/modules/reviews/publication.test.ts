import { describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/dates';
import { useTestApp } from '../../test/app';
import { runLifecycle } from '../../jobs/lifecycle';
import { api, inDays } from '../bookings/test-support';
import { completedStay, listingRating, storedReviews } from './test-support';

const guestText = 'Ravi and his family looked after Moti wonderfully, with photos every day.';
const hostText = 'Asha was easy to talk to and Moti was a very calm, friendly guest.';

// Its own database: the job publishes every due review, so other tests' reviews must not be there.
describe('publication by the lifecycle job', () => {
  const t = useTestApp();
  const review = (cookie: string, bookingId: string, payload: unknown) => api(t)('POST', `/api/bookings/${bookingId}/review`, cookie, payload);
  const runJob = (today: string) => runLifecycle(t.database.db, { publicUrl: 'https://pawstay.example', testMode: true }, today);

  it('publishes a one-sided review 14 days after checkout and not before, and only then moves the rating', async () => {
    const stay = await completedStay(t, { checkoutDaysAgo: 2 });
    expect((await review(stay.guest, stay.bookingId, { rating: 3, body: guestText })).statusCode).toBe(201);
    const hostOnly = await completedStay(t, { checkoutDaysAgo: 2 });
    expect((await review(hostOnly.host, hostOnly.bookingId, { rating: 2, body: hostText })).statusCode).toBe(201);
    const checkout = inDays(-2);

    expect((await runJob(addDays(checkout, 13))).published).toBe(0);
    expect((await storedReviews(t, stay.bookingId))[0]!.published).toBe(false);
    expect(await listingRating(t, stay.listingId)).toEqual({ rating: 0, reviews_count: 0 });

    expect(await runJob(addDays(checkout, 14))).toMatchObject({ published: 2 });
    expect((await storedReviews(t, stay.bookingId))[0]!.published).toBe(true);
    expect((await storedReviews(t, hostOnly.bookingId))[0]!.published).toBe(true);
    expect(await listingRating(t, stay.listingId)).toEqual({ rating: 3, reviews_count: 1 });
    // A host's review of a guest never counts for the listing.
    expect(await listingRating(t, hostOnly.listingId)).toEqual({ rating: 0, reviews_count: 0 });
    expect((await runJob(addDays(checkout, 20))).published).toBe(0);
  });

  it('gives each due review to one run only when runs overlap', async () => {
    const stays = await Promise.all([1, 2, 3].map(() => completedStay(t, { checkoutDaysAgo: 3 })));
    for (const s of stays) expect((await review(s.guest, s.bookingId, { rating: 4, body: guestText })).statusCode).toBe(201);
    const today = addDays(inDays(-3), 14);
    const runs = await Promise.all([runJob(today), runJob(today), runJob(today)]);
    expect(runs.reduce((sum, r) => sum + r.published, 0)).toBe(3);
    for (const s of stays) expect(await listingRating(t, s.listingId)).toEqual({ rating: 4, reviews_count: 1 });
  });
});
