import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/rows';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { addPet, api, inDays, userIdOf } from '../bookings/test-support';
import { ratingAverage } from '../listings/queries/ratings';
import { search } from './test-support';
import { recommendedScore } from '../../../domain/search-sorts';
import { updateShare } from '../../../domain/stays/daily-updates';

/** A date `n` days from today in India, as SQL: the product's dates are India's (the database's current_date is UTC's). */
const day = (n: number) => sql`${inDays(n)}::date`;

// listings.rating and reviews_count, and listing_held_nights, are kept by triggers (migration
// 0005). These tests change their sources every way the app and a person with psql can, and
// compare them with a recount from the sources, written here with the app's own rating rule.
// The app keeps no answers here (ANSWER_CACHE_SECONDS=0): most changes are made behind its back.

describe('search columns maintained from reviews and calendar holds', () => {
  const t = useTestApp({ ANSWER_CACHE_SECONDS: '0' });
  const call = api(t);
  const db = () => t.database.db;
  let host: string;
  let hostId: string;
  let guest: string;
  let guestId: string;

  beforeAll(async () => {
    host = await signIn(t, 'columns-host@example.com');
    hostId = await userIdOf(t, host);
    guest = await signIn(t, 'columns-guest@example.com');
    guestId = await userIdOf(t, guest);
    await addPet(t, guest, { name: 'Moti', size: 'm' });
  });

  /** Each listing's stays checked in and out, newest first, with the days of their updates. */
  const shareSources = z.object({
    id: z.uuid(),
    rating: z.number(),
    update_share: z.number().nullable(),
    recommended_score: z.number(),
    stays: z.array(z.object({ start_date: z.string(), end_date: z.string(), update_days: z.array(z.string()) })),
  });

  /** Listings whose columns differ from a recount of their sources: always none. */
  async function drifted(): Promise<string[]> {
    const rows = await queryRows(db(), z.object({ id: z.uuid() }), sql`
      select l.id from listings l
      cross join lateral (
        select coalesce(${ratingAverage(sql`r.rating`)}, 0) as rating, count(*)::int as reviews_count
        from published_listing_reviews r where r.listing_id = l.id
      ) recount
      left join listing_held_nights held on held.listing_id = l.id
      where held.nights is distinct from (
          select range_agg(h.during) from calendar_holds h
          where h.listing_id = l.id and upper(h.during) >= (now() at time zone 'Asia/Kolkata')::date)
        or l.rating is distinct from recount.rating or l.reviews_count is distinct from recount.reviews_count
    `);
    const shares = await queryRows(db(), shareSources, sql`
      select l.id, l.rating, l.update_share, l.recommended_score, coalesce((
        select json_agg(json_build_object('start_date', b.start_date::text, 'end_date', b.end_date::text,
            'update_days', array(select distinct su.for_date::text from stay_updates su where su.booking_id = b.id))
          order by b.end_date desc, b.checked_out_at desc nulls last, b.id)
        from bookings b where b.listing_id = l.id and b.status = 'completed' and b.checked_in_at is not null
      ), '[]'::json) as stays
      from listings l
    `);
    const wrongShare = shares.filter((l) => l.update_share !== updateShare(l.stays) || l.recommended_score !== recommendedScore(l.rating, l.update_share));
    return [...rows, ...wrongShare].map((r) => r.id);
  }

  const columns = async (id: string) =>
    (await queryRows(db(), z.object({ rating: z.number(), reviews_count: z.number(), nights: z.string() }), sql`
      select l.rating, l.reviews_count, coalesce(held.nights::text, '{}') as nights
      from listings l left join listing_held_nights held on held.listing_id = l.id where l.id = ${id}
    `))[0]!;

  const found = async (id: string, from: number, to: number) =>
    (await search(t, { from: inDays(from), to: inDays(to), pageSize: 100 })).results.some((c) => c.id === id);

  it('follows accepted stays and cancellations, blocked and unblocked nights', async () => {
    const listing = await createListing(t, host, { size_supported: ['medium'] });
    expect(await columns(listing.id)).toEqual({ rating: 0, reviews_count: 0, nights: '{}' });
    expect(await found(listing.id, 10, 12)).toBe(true);

    const request = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(10), toDate: inDays(12), size: 'medium' });
    const booking = request.json().id;
    expect(await found(listing.id, 10, 12)).toBe(true); // a request holds nothing
    expect((await call('POST', `/api/bookings/${booking}/accept`, host)).statusCode).toBe(200);
    expect((await columns(listing.id)).nights).toBe(`{[${inDays(10)},${inDays(12)})}`);
    expect(await found(listing.id, 11, 14)).toBe(false);

    const block = (method: 'POST' | 'DELETE', from: number, to: number) =>
      call(method, `/api/listings/${listing.id}/blocked-dates`, host, { from: inDays(from), to: inDays(to) });
    expect((await block('POST', 12, 14)).statusCode).toBe(200);
    // Adjacent nights merge: the stay and the blocked nights are one run.
    expect((await columns(listing.id)).nights).toBe(`{[${inDays(10)},${inDays(15)})}`);
    expect(await found(listing.id, 14, 16)).toBe(false);
    expect((await block('DELETE', 13, 13)).statusCode).toBe(200);
    expect((await columns(listing.id)).nights).toBe(`{[${inDays(10)},${inDays(13)}),[${inDays(14)},${inDays(15)})}`);
    expect(await found(listing.id, 13, 14)).toBe(true);

    expect((await call('POST', `/api/bookings/${booking}/cancel`, guest)).statusCode).toBe(200);
    expect((await columns(listing.id)).nights).toBe(`{[${inDays(12)},${inDays(13)}),[${inDays(14)},${inDays(15)})}`);
    expect(await found(listing.id, 10, 12)).toBe(true);
    expect((await block('DELETE', 0, 30)).statusCode).toBe(200);
    expect((await columns(listing.id)).nights).toBe('{}');
    expect(await drifted()).toEqual([]);
  });

  it("keeps each home's daily-update share from its latest ten stays checked in and out, whoever writes them", async () => {
    const listing = await createListing(t, host, { size_supported: ['medium'] });
    const share = async () =>
      (await queryRows(db(), z.object({ update_share: z.number().nullable(), recommended_score: z.number() }), sql`
        select update_share, recommended_score from listings where id = ${listing.id}`))[0]!;
    expect(await share()).toEqual({ update_share: null, recommended_score: 0 });
    const request = await call('POST', '/api/bookings/create', guest, { listingId: listing.id, fromDate: inDays(40), toDate: inDays(42), size: 'medium' });
    const booking: string = request.json().id;
    // Completed without a check-in (a stay that never began): not counted.
    await db().execute(sql`update bookings set status = 'completed' where id = ${booking}`);
    expect(await share()).toEqual({ update_share: null, recommended_score: 0 });
    // Twelve past stays of two nights, checked in and out, written by hand, newest (k = 1) first.
    await db().execute(sql`
      insert into bookings
      select (jsonb_populate_record(null::bookings, to_jsonb(b) || jsonb_build_object(
        'id', gen_random_uuid(), 'start_date', ${day(0)} - 3 * k, 'end_date', ${day(0)} - 3 * k + 2,
        'status', 'completed', 'checked_in_at', now(), 'checked_out_at', now()))).*
      from bookings b cross join generate_series(1, 12) k where b.id = ${booking}`);
    expect(await share()).toEqual({ update_share: 0, recommended_score: 0 });
    const stayOf = async (k: number) =>
      (await queryRows(db(), z.object({ id: z.uuid() }), sql`
        select id from bookings where listing_id = ${listing.id} and start_date = ${day(0)} - 3 * ${k}::int`))[0]!.id;
    // The newest stay had an update on both its days, and on its first day twice: 2 days of 20.
    const newest = await stayOf(1);
    const oldest = await stayOf(12);
    const post = (id: string, k: number, dayOfStay: number) =>
      db().execute(sql`insert into stay_updates (booking_id, author_id, kind, for_date) values (${id}, ${hostId}, 'update', ${day(0)} - 3 * ${k}::int + ${dayOfStay}::int)`);
    await post(newest, 1, 0);
    await post(newest, 1, 0);
    await post(newest, 1, 1);
    // The oldest stay's updates are beyond the latest ten: they change nothing while it is there.
    await post(oldest, 12, 0);
    await post(oldest, 12, 1);
    expect(await share()).toEqual({ update_share: 0.1, recommended_score: 0.05 });
    expect(await drifted()).toEqual([]);
    // Two newer stays go (deleted): the oldest is among the latest ten again, the newest's updates gone.
    await db().execute(sql`delete from bookings where id in (${newest}, ${await stayOf(2)})`);
    expect(await share()).toEqual({ update_share: 0.1, recommended_score: 0.05 });
    await db().execute(sql`delete from stay_updates where booking_id = ${oldest} and for_date = ${day(0)} - 36 + 1`);
    expect(await share()).toEqual({ update_share: 0.05, recommended_score: 0.025 });
    expect(await drifted()).toEqual([]);
  });

  it('follows holds written by hand, and leaves out those that ended before yesterday', async () => {
    const listing = await createListing(t, host);
    const other = await createListing(t, host);
    await db().execute(sql`
      insert into calendar_holds (listing_id, during, kind) values
        (${listing.id}, daterange(${day(-10)}, ${day(-5)}), 'blocked'),
        (${listing.id}, daterange(${day(3)}, ${day(5)}), 'blocked'),
        (${listing.id}, daterange(${day(40)}, ${day(41)}), 'blocked')
    `);
    expect((await columns(listing.id)).nights).toBe(`{[${inDays(3)},${inDays(5)}),[${inDays(40)},${inDays(41)})}`);
    // Moved to another listing: both are recounted.
    await db().execute(sql`update calendar_holds set listing_id = ${other.id} where listing_id = ${listing.id} and lower(during) = ${day(40)}`);
    expect((await columns(listing.id)).nights).toBe(`{[${inDays(3)},${inDays(5)})}`);
    expect((await columns(other.id)).nights).toBe(`{[${inDays(40)},${inDays(41)})}`);
    await db().execute(sql`update calendar_holds set during = daterange(${day(3)}, ${day(8)}) where listing_id = ${listing.id} and lower(during) = ${day(3)}`);
    expect((await columns(listing.id)).nights).toBe(`{[${inDays(3)},${inDays(8)})}`);
    await db().execute(sql`delete from calendar_holds where listing_id in (${listing.id}, ${other.id})`);
    expect((await columns(listing.id)).nights).toBe('{}');
    expect((await columns(other.id)).nights).toBe('{}');
    expect(await drifted()).toEqual([]);
    // A deleted listing keeps no held nights.
    await db().execute(sql`insert into calendar_holds (listing_id, during, kind) values (${listing.id}, daterange(${day(3)}, ${day(4)}), 'blocked')`);
    await db().execute(sql`delete from listings where id = ${listing.id}`);
    expect(await queryRows(db(), z.object({ held: z.number() }), sql`select 1 as held from listing_held_nights where listing_id = ${listing.id}`)).toEqual([]);
  });

  it('rates from published guest reviews only, as the listing page does', async () => {
    const listing = await createListing(t, host);
    const review = async (stars: number, kind: 'listing' | 'guest', published: boolean) => {
      const [row] = await queryRows(db(), z.object({ id: z.uuid() }), sql`
        with b as (
          insert into bookings (listing_id, owner_id, start_date, end_date, nights, size, price_subtotal_paise, taxes_paise, platform_fee_paise, total_paise, status)
          values (${listing.id}, ${guestId}, ${day(-20)}, ${day(-19)}, 1, 'small', 150000, 7500, 7500, 157500, 'completed')
          returning id)
        insert into reviews (booking_id, listing_id, author_id, subject_id, kind, rating, body, published_at)
        select b.id, ${listing.id}, ${kind === 'listing' ? guestId : hostId}, ${kind === 'listing' ? hostId : guestId}, ${kind}, ${stars}, 'Fine', ${published ? sql`now()` : sql`null`} from b
        returning id
      `);
      return row!.id;
    };
    const page = async () => {
      const detail = (await call('GET', `/api/listings/${listing.id}`)).json();
      const card = (await search(t, { pageSize: 100 })).results.find((c) => c.id === listing.id)!;
      expect({ rating: card.rating, reviews_count: card.reviews_count }).toEqual({ rating: detail.rating, reviews_count: detail.reviews_count });
      return { rating: card.rating, reviews_count: card.reviews_count };
    };

    const five = await review(5, 'listing', true);
    const four = await review(4, 'listing', true);
    expect(await page()).toEqual({ rating: 4.5, reviews_count: 2 });
    const waiting = await review(1, 'listing', false);
    await review(1, 'guest', true);
    expect(await page()).toEqual({ rating: 4.5, reviews_count: 2 });
    // Published 14 days after checkout (the reviews job) or when both sides have written.
    await db().execute(sql`update reviews set published_at = now() where id = ${waiting}`);
    expect(await page()).toEqual({ rating: 3.3, reviews_count: 3 });
    await db().execute(sql`update reviews set rating = 5 where id = ${four}`);
    expect(await page()).toEqual({ rating: 3.7, reviews_count: 3 });
    await db().execute(sql`update reviews set body = 'Edited' where id = ${five}`);
    await db().execute(sql`delete from reviews where id = ${waiting}`);
    expect(await page()).toEqual({ rating: 5, reviews_count: 2 });
    await db().execute(sql`delete from bookings where listing_id = ${listing.id}`);
    expect(await page()).toEqual({ rating: 0, reviews_count: 0 });
    expect(await drifted()).toEqual([]);
  });

  it('stays right when many writers change one listing at once', async () => {
    const listing = await createListing(t, host, { size_supported: ['small', 'medium', 'large'] });
    const guests = await Promise.all([1, 2, 3, 4].map((i) => signIn(t, `columns-crowd${i}@example.com`)));
    await Promise.all(guests.map((g, i) => addPet(t, g, { name: `Crowd${i}`, size: 'l' })));
    const requests = await Promise.all(
      guests.map((g, i) => call('POST', '/api/bookings/create', g, { listingId: listing.id, fromDate: inDays(5 + i * 2), toDate: inDays(8 + i * 2), size: 'large' })),
    );
    const answers = await Promise.all([
      ...requests.map((r) => call('POST', `/api/bookings/${r.json().id}/accept`, host)),
      ...[30, 32, 34, 36].map((d) => call('POST', `/api/listings/${listing.id}/blocked-dates`, host, { from: inDays(d), to: inDays(d + 1) })),
      ...[31, 35].map((d) => call('DELETE', `/api/listings/${listing.id}/blocked-dates`, host, { from: inDays(d), to: inDays(d) })),
    ]);
    // Overlapping accepts lose with a 409; nothing fails on the database's side (no deadlock).
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(6);
    expect(await drifted()).toEqual([]);
  });
});
