import { sql } from 'drizzle-orm';
import { rawRows } from '../../test/rows';
import type { TestContext } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { addPet, api, inDays } from '../bookings/test-support';

// Completed stays for the reviews tests. A stay can only be requested for the future, so it is
// requested and accepted through the API, then moved into the past and marked completed directly,
// as the lifecycle job would have done after checkout.

let n = 0;

export type Stay = { bookingId: string; listingId: string; host: string; guest: string };

/** A new host and listing, for stays that must share one listing. */
export async function newHost(t: TestContext, name = 'Ravi Shah') {
  const host = await signIn(t, `r-host${++n}@example.com`);
  await api(t)('PATCH', '/api/me', host, { name });
  const listing = await createListing(t, host);
  return { host, listingId: listing.id };
}

/**
 * A stay at the host's listing that checked out `checkoutDaysAgo` days ago (two nights unless
 * `nights`), by a new
 * guest named `guestName`; `status` other than completed leaves it as it would be before checkout.
 */
export async function completedStay(
  t: TestContext,
  opts: { checkoutDaysAgo?: number; nights?: number; guestName?: string; status?: 'completed' | 'confirmed'; at?: { host: string; listingId: string } } = {},
): Promise<Stay> {
  const call = api(t);
  const { host, listingId } = opts.at ?? (await newHost(t));
  const guest = await signIn(t, `r-guest${++n}@example.com`);
  await call('PATCH', '/api/me', guest, { name: opts.guestName ?? 'Asha Mehta' });
  await addPet(t, guest, { name: 'Moti', size: 's' });
  // Far enough ahead that stays of one listing never overlap before they are moved.
  const from = 30 + n * 3;
  const res = await call('POST', '/api/bookings/create', guest, { listingId, fromDate: inDays(from), toDate: inDays(from + 2), size: 'small' });
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  const bookingId: string = res.json().id;
  const accepted = await call('POST', `/api/bookings/${bookingId}/accept`, host);
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  await moveStayIntoPast(t, bookingId, opts);
  return { bookingId, listingId, host, guest };
}

/**
 * Moves an accepted stay into the past (checked out `checkoutDaysAgo` days ago, `nights` long)
 * with its calendar hold, and sets its status (completed, as the lifecycle job would after
 * checkout): stays can only be requested for the future.
 */
export async function moveStayIntoPast(
  t: TestContext,
  bookingId: string,
  opts: { checkoutDaysAgo?: number; nights?: number; status?: 'completed' | 'confirmed' } = {},
): Promise<void> {
  const end = inDays(-(opts.checkoutDaysAgo ?? 1));
  const nights = opts.nights ?? 2;
  const start = sql`${end}::date - ${nights}::int`;
  const status = opts.status ?? 'completed';
  await t.database.db.execute(sql`update calendar_holds set during = daterange(${start}, ${end}::date) where booking_id = ${bookingId}`);
  await t.database.db.execute(sql`update bookings set start_date = ${start}, end_date = ${end}::date, nights = ${nights}, status = ${status} where id = ${bookingId}`);
}

export async function storedReviews(t: TestContext, bookingId: string) {
  return rawRows<{ kind: string; rating: number; body: string; published: boolean }>(t.database.db, sql`
    select kind, rating, body, published_at is not null as published from reviews where booking_id = ${bookingId} order by kind
  `);
}

export async function listingRating(t: TestContext, listingId: string) {
  const [row] = await rawRows<{ rating: number; reviews_count: number }>(t.database.db, sql`
    select rating, reviews_count from listings where id = ${listingId}
  `);
  return row!;
}
