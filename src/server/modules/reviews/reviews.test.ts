import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, formatMonthYear } from '../../../domain/dates';
import { REVIEW_MESSAGES } from '../../../domain/contracts/review';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { api, inDays } from '../bookings/test-support';
import { completedStay, listingRating, newHost, storedReviews } from './test-support';

const guestText = 'Ravi and his family looked after Moti wonderfully, with photos every day.';
const hostText = 'Asha was easy to talk to and Moti was a very calm, friendly guest.';

describe('reviews', () => {
  const t = useTestApp();
  const call = api(t);
  const review = (cookie: string | undefined, bookingId: string, payload: unknown) => call('POST', `/api/bookings/${bookingId}/review`, cookie, payload);

  describe('writing', () => {
    it('lets the guest and the host each write once; the second review publishes both', async () => {
      const stay = await completedStay(t);
      const first = await review(stay.guest, stay.bookingId, { rating: 5, body: `  ${guestText}  ` });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ booking_id: stay.bookingId, kind: 'listing', rating: 5, body: guestText, published: false, published_at: null });
      expect((await call('GET', '/api/reviews/mine', stay.guest)).json().results).toEqual([first.json()]);
      expect((await call('GET', '/api/reviews/mine', stay.host)).json().results).toEqual([]);
      // Unpublished: the listing's rating has not moved and nobody else sees it.
      expect(await listingRating(t, stay.listingId)).toEqual({ rating: 0, reviews_count: 0 });
      expect((await call('GET', `/api/listings/${stay.listingId}/reviews`)).json()).toMatchObject({ results: [], total: 0 });

      const second = await review(stay.host, stay.bookingId, { rating: 4, body: hostText });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({ kind: 'guest', rating: 4, published: true });
      expect(second.json().published_at).toEqual(expect.any(String));
      expect(await storedReviews(t, stay.bookingId)).toEqual([
        { kind: 'guest', rating: 4, body: hostText, published: true },
        { kind: 'listing', rating: 5, body: guestText, published: true },
      ]);
      // Only the guest's review of the stay counts for the listing.
      expect(await listingRating(t, stay.listingId)).toEqual({ rating: 5, reviews_count: 1 });

      // Each author sees their own review; a stranger sees none.
      const mine = await call('GET', '/api/reviews/mine', stay.guest);
      expect(mine.json().results).toEqual([expect.objectContaining({ booking_id: stay.bookingId, kind: 'listing', published: true })]);
      expect((await call('GET', '/api/reviews/mine', await signIn(t, 'r-nobody@example.com'))).json().results).toEqual([]);

      const again = await review(stay.guest, stay.bookingId, { rating: 3, body: guestText });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('You have already reviewed this stay');
      expect((await review(stay.host, stay.bookingId, { rating: 3, body: hostText })).statusCode).toBe(409);
      expect(await storedReviews(t, stay.bookingId)).toHaveLength(2);
    });

    it('answers 404 to anyone but the guest and the host, and 401 when signed out', async () => {
      const stay = await completedStay(t);
      const stranger = await signIn(t, 'r-stranger@example.com');
      const res = await review(stranger, stay.bookingId, { rating: 5, body: guestText });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Booking not found' } });
      expect((await review(stranger, '00000000-0000-4000-8000-000000000000', { rating: 5, body: guestText })).statusCode).toBe(404);
      expect((await review(undefined, stay.bookingId, { rating: 5, body: guestText })).statusCode).toBe(401);
      expect((await review(stay.guest, 'not-a-uuid', { rating: 5, body: guestText })).statusCode).toBe(400);
      expect(await storedReviews(t, stay.bookingId)).toEqual([]);
    });

    it('refuses a stay that is not completed', async () => {
      const stay = await completedStay(t, { status: 'confirmed' });
      for (const who of [stay.guest, stay.host]) {
        const res = await review(who, stay.bookingId, { rating: 5, body: guestText });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe('You can review a stay once it is completed');
      }
      expect(await storedReviews(t, stay.bookingId)).toEqual([]);
    });

    it('closes 14 days after checkout', async () => {
      const lastDay = await completedStay(t, { checkoutDaysAgo: 13 });
      expect((await review(lastDay.guest, lastDay.bookingId, { rating: 4, body: guestText })).statusCode).toBe(201);
      const closed = await completedStay(t, { checkoutDaysAgo: 14 });
      const res = await review(closed.guest, closed.bookingId, { rating: 4, body: guestText });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/^Reviews for this stay closed on [A-Z][a-z]{2} \d{2}, 14 days after checkout$/);
      expect((await review(closed.host, closed.bookingId, { rating: 4, body: hostText })).statusCode).toBe(409);
      expect(await storedReviews(t, closed.bookingId)).toEqual([]);
    });

    it('validates the rating and text with the error shape, storing nothing', async () => {
      const stay = await completedStay(t);
      const cases: [unknown, string, string][] = [
        [{ rating: 0, body: guestText }, 'rating', REVIEW_MESSAGES.rating],
        [{ rating: 6, body: guestText }, 'rating', REVIEW_MESSAGES.rating],
        [{ rating: 2.5, body: guestText }, 'rating', REVIEW_MESSAGES.rating],
        [{ rating: '5', body: guestText }, 'rating', REVIEW_MESSAGES.rating],
        [{ body: guestText }, 'rating', REVIEW_MESSAGES.rating],
        [{ rating: 5, body: 'x'.repeat(19) }, 'body', REVIEW_MESSAGES.bodyShort],
        [{ rating: 5, body: `   ${'x'.repeat(19)}   ` }, 'body', REVIEW_MESSAGES.bodyShort],
        [{ rating: 5, body: 'x'.repeat(1001) }, 'body', REVIEW_MESSAGES.bodyLong],
        [{ rating: 5 }, 'body', REVIEW_MESSAGES.bodyMissing],
      ];
      for (const [payload, field, message] of cases) {
        const res = await review(stay.guest, stay.bookingId, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
      }
      const neither = await review(stay.guest, stay.bookingId, {});
      expect(neither.statusCode).toBe(400);
      expect(Object.keys(neither.json().error.fields).sort()).toEqual(['body', 'rating']);
      expect(await storedReviews(t, stay.bookingId)).toEqual([]);
      // The limits themselves are allowed.
      expect((await review(stay.guest, stay.bookingId, { rating: 1, body: 'x'.repeat(1000) })).statusCode).toBe(201);
    });

    it('publishes both once when the two sides write at the same moment', async () => {
      const stay = await completedStay(t);
      const [a, b] = await Promise.all([
        review(stay.guest, stay.bookingId, { rating: 5, body: guestText }),
        review(stay.host, stay.bookingId, { rating: 5, body: hostText }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect((await storedReviews(t, stay.bookingId)).map((r) => r.published)).toEqual([true, true]);
    });
  });

  describe('reading', () => {
    it("lists a listing's published guest reviews newest first, first names only, with paging", async () => {
      const at = await newHost(t);
      const stays = [];
      for (const [i, name] of ['Neha Patel', 'Kabir Rao', 'Meera  Iyer'].entries()) {
        const stay = await completedStay(t, { at, guestName: name, checkoutDaysAgo: 3 + i * 3 });
        expect((await review(stay.guest, stay.bookingId, { rating: 5 - i, body: `${name.split(' ')[0]}: ${guestText}` })).statusCode).toBe(201);
        stays.push(stay);
      }
      // Published one after the other by the host's answers: Meera's last, so first in the list.
      for (const stay of [stays[1]!, stays[0]!, stays[2]!]) {
        expect((await review(stay.host, stay.bookingId, { rating: 5, body: hostText })).statusCode).toBe(201);
      }
      // A fourth stay, reviewed by its guest only: not public yet.
      const unpublished = await completedStay(t, { at, guestName: 'Zoya Khan' });
      await review(unpublished.guest, unpublished.bookingId, { rating: 1, body: guestText });

      const res = await call('GET', `/api/listings/${at.listingId}/reviews`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(3);
      expect(body.results.map((r: { author_first_name: string; rating: number }) => [r.author_first_name, r.rating])).toEqual([
        ['Meera', 3],
        ['Neha', 5],
        ['Kabir', 4],
      ]);
      expect(body.results[0]).toEqual({
        id: expect.any(String),
        rating: 3,
        body: `Meera: ${guestText}`,
        author_first_name: 'Meera',
        month: formatMonthYear(new Date()),
        published_at: expect.any(String),
      });
      expect(JSON.stringify(body)).not.toMatch(/Iyer|Patel|Rao|@example/);
      expect(await listingRating(t, at.listingId)).toEqual({ rating: 4, reviews_count: 3 });

      // Ten a page: pages past the end are empty, not an error.
      const page2 = await call('GET', `/api/listings/${at.listingId}/reviews?page=2`);
      expect(page2.json()).toMatchObject({ results: [], total: 3 });
      const unknown = await call('GET', '/api/listings/00000000-0000-4000-8000-000000000000/reviews');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe('Listing not found');
      expect((await call('GET', '/api/listings/nope/reviews')).statusCode).toBe(400);
      for (const bad of ['0', '-1', 'abc', '1.5']) {
        const r = await call('GET', `/api/listings/${at.listingId}/reviews?page=${bad}`);
        expect(r.statusCode, bad).toBe(400);
        expect(r.json().error.code).toBe('validation_failed');
      }
    });

    it('pages ten at a time, newest first across pages', async () => {
      const at = await newHost(t);
      for (let i = 0; i < 11; i++) {
        const stay = await completedStay(t, { at, guestName: `Guest${i} Test`, checkoutDaysAgo: 1 + i, nights: 1 });
        await review(stay.guest, stay.bookingId, { rating: 4, body: `Review number ${i}: ${guestText}` });
        await review(stay.host, stay.bookingId, { rating: 5, body: hostText });
      }
      const page1 = (await call('GET', `/api/listings/${at.listingId}/reviews`)).json();
      const page2 = (await call('GET', `/api/listings/${at.listingId}/reviews?page=2`)).json();
      expect([page1.total, page1.page_size, page1.results.length, page2.results.length]).toEqual([11, 10, 10, 1]);
      expect(page1.results[0].author_first_name).toBe('Guest10');
      expect(page2.results[0].author_first_name).toBe('Guest0');
    });

    it('lists the stays I can still review, as guest and as host', async () => {
      const at = await newHost(t, 'Ravi Shah');
      const mine = await completedStay(t, { at, guestName: 'Asha Mehta', checkoutDaysAgo: 5 });
      const another = await completedStay(t, { at, guestName: 'Kabir Rao', checkoutDaysAgo: 1 });
      const old = await completedStay(t, { at, checkoutDaysAgo: 15 });
      const upcoming = await completedStay(t, { at, status: 'confirmed', checkoutDaysAgo: 9 });
      const pending = async (cookie: string) => {
        const res = await call('GET', '/api/reviews/pending', cookie);
        expect(res.statusCode).toBe(200);
        return res.json().results as { booking_id: string; role: string; other_first_name: string; listing_title: string; checkout_date: string; deadline: string }[];
      };

      expect(await pending(mine.guest)).toEqual([
        {
          booking_id: mine.bookingId,
          role: 'guest',
          listing_id: at.listingId,
          listing_title: 'Sunny flat with a garden in Bodakdev',
          other_first_name: 'Ravi',
          checkout_date: inDays(-5),
          deadline: addDays(inDays(-5), 13),
        },
      ]);
      // The host: both stays still in the window, soonest deadline first; not the old or upcoming one.
      const hostList = await pending(at.host);
      expect(hostList.map((p) => [p.booking_id, p.role, p.other_first_name])).toEqual([
        [mine.bookingId, 'host', 'Asha'],
        [another.bookingId, 'host', 'Kabir'],
      ]);
      expect(hostList.map((p) => p.booking_id)).not.toContain(old.bookingId);
      expect(hostList.map((p) => p.booking_id)).not.toContain(upcoming.bookingId);

      // Writing takes it off my list only, not the other side's.
      await review(mine.guest, mine.bookingId, { rating: 5, body: guestText });
      expect(await pending(mine.guest)).toEqual([]);
      expect((await pending(at.host)).map((p) => p.booking_id)).toEqual([mine.bookingId, another.bookingId]);
      await review(at.host, mine.bookingId, { rating: 5, body: hostText });
      expect((await pending(at.host)).map((p) => p.booking_id)).toEqual([another.bookingId]);

      expect((await call('GET', '/api/reviews/pending')).statusCode).toBe(401);
      expect((await call('GET', '/api/reviews/mine')).statusCode).toBe(401);
    });

    it('feeds the host dashboard rating from published listing reviews only', async () => {
      const at = await newHost(t);
      const stats = async () => (await call('GET', '/api/host/stats', at.host)).json().rating;
      expect(await stats()).toBeNull();
      const a = await completedStay(t, { at });
      await review(a.guest, a.bookingId, { rating: 4, body: guestText });
      expect(await stats()).toBeNull();
      await review(a.host, a.bookingId, { rating: 1, body: hostText });
      expect(await stats()).toBe(4);
      const b = await completedStay(t, { at, checkoutDaysAgo: 6 });
      await review(b.guest, b.bookingId, { rating: 5, body: guestText });
      await review(b.host, b.bookingId, { rating: 1, body: hostText });
      expect(await stats()).toBe(4.5);
    });
  });

  it('is in the OpenAPI document under the reviews tag', async () => {
    const doc = (await call('GET', '/api/openapi.json')).json();
    expect(doc.paths['/api/bookings/{id}/review'].post.tags).toEqual(['reviews']);
    expect(doc.paths['/api/listings/{id}/reviews'].get.tags).toEqual(['reviews']);
    expect(doc.paths['/api/reviews/pending'].get.tags).toEqual(['reviews']);
    expect(doc.paths['/api/reviews/mine'].get.tags).toEqual(['reviews']);
  });

  it('keeps the stored rating equal to the published listing reviews', async () => {
    const rows = await t.database.db.execute(sql`
      select l.id from listings l
      where l.reviews_count <> (select count(*) from reviews r where r.listing_id = l.id and r.kind = 'listing' and r.published_at is not null)
    `);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
