import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { daysBetween } from '../../../domain/dates';
import { calculateBookingCost } from '../../../domain/money/pricing';
import { rawRows } from '../../test/rows';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { addPet, inDays, overlappingHolds } from './test-support';

// PRODUCT.md: no double booking, under concurrent requests and with several server processes.
// 200 guests ask for overlapping stays of one listing (every one includes the night of day 14),
// then the host's 200 accepts arrive at once: the database must let exactly one through.

const GUESTS = 200;

describe('bookings under concurrent requests and accepts', () => {
  const t = useTestApp();

  it(`accepts exactly one of ${GUESTS} overlapping requests sent at once; every other answer is a 409`, async () => {
    const host = await signIn(t, 'busy-host@example.com');
    const listing = await createListing(t, host, { nightly_price_inr: 2000, size_supported: ['small'] });
    const db = t.database.db;

    // Guests and requests by SQL: the request path has its own tests, and 200 sign-ins
    // would only slow this one down.
    const guests = await rawRows<{ id: string }>(db, sql`
      insert into users (email, name) select 'rush-' || i || '@example.com', 'Guest ' || i from generate_series(1, ${GUESTS}) i
      returning id
    `);
    const rows = guests.map((g, i) => {
      const [from, to] = [inDays(10 + (i % 5)), inDays(15 + (i % 7))];
      const cost = calculateBookingCost(2000, daysBetween(from, to));
      return sql`(${listing.id}::uuid, ${g.id}::uuid, ${from}::date, ${to}::date, ${cost.nights}, 'small',
        ${cost.subtotal_paise}, ${cost.taxes_paise}, ${cost.platform_fee_paise}, ${cost.total_paise}, 'requested')`;
    });
    const requests = await rawRows<{ id: string }>(db, sql`
      insert into bookings (listing_id, owner_id, start_date, end_date, nights, size,
        price_subtotal_paise, taxes_paise, platform_fee_paise, total_paise, status)
      values ${sql.join(rows, sql`, `)}
      returning id
    `);
    expect(requests).toHaveLength(GUESTS);

    const started = Date.now();
    const answers = await Promise.all(
      requests.map((r) => t.app.inject({ method: 'POST', url: `/api/bookings/${r.id}/accept`, headers: { cookie: host } })),
    );
    const elapsed = Date.now() - started;

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 1, 409: GUESTS - 1 });
    const refusals = new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error.message));
    expect([...refusals]).toEqual(['These dates overlap another accepted stay or blocked dates']);

    const winner = answers.find((a) => a.statusCode === 200)!.json().id;
    const [counts] = await rawRows<{ accepted: number; requested: number; holds: number; winner_holds: number }>(db, sql`
      select
        (select count(*) from bookings where listing_id = ${listing.id} and status = 'awaiting_payment')::int as accepted,
        (select count(*) from bookings where listing_id = ${listing.id} and status = 'requested')::int as requested,
        (select count(*) from calendar_holds where listing_id = ${listing.id})::int as holds,
        (select count(*) from calendar_holds where booking_id = ${winner})::int as winner_holds
    `);
    expect(counts).toEqual({ accepted: 1, requested: GUESTS - 1, holds: 1, winner_holds: 1 });
    expect(await overlappingHolds(t)).toEqual([]);
    // Only the winner's guest is told.
    expect(t.mail.filter((m) => /^\[Test mode\] Accepted:/.test(m.subject))).toHaveLength(1);
    expect(elapsed).toBeLessThan(20_000);
  });

  it(`takes ${GUESTS} booking requests for one listing sent at once: every one stored, its host told once each`, async () => {
    const host = await signIn(t, 'popular-host@example.com');
    const listing = await createListing(t, host, { size_supported: ['small', 'medium'] });
    const guests: string[] = [];
    // Sign-ins and pets ten at a time: the requests are what is sent at once.
    for (let i = 0; i < GUESTS; i += 10) {
      guests.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async (_, j) => {
            const cookie = await signIn(t, `crowd-${i + j}@example.com`);
            await addPet(t, cookie, { name: `Pet ${i + j}`, size: 'm' });
            return cookie;
          }),
        )),
      );
    }
    const mailedBefore = t.mail.length;
    const answers = await Promise.all(
      guests.map((cookie, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/bookings/create',
          headers: { cookie },
          payload: { listingId: listing.id, fromDate: inDays(10 + (i % 9)), toDate: inDays(12 + (i % 9)), size: 'medium', note: `Request ${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(GUESTS).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(GUESTS);
    const [stored] = await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from bookings where listing_id = ${listing.id} and status = 'requested'`);
    expect(stored!.n).toBe(GUESTS);
    const told = t.mail.slice(mailedBefore).filter((m) => m.to === 'popular-host@example.com');
    expect(told).toHaveLength(GUESTS);
    expect(new Set(told.map((m) => m.text.match(/Request \d+/)?.[0])).size).toBe(GUESTS);
    // What it proves is that none is lost, not how fast: its 200 sign-ins and pets alone take 10-20 s
    // on the embedded database, and twice that on a loaded machine (30 s was once not enough).
  }, 90_000);
});
