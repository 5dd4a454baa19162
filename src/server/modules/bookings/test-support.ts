import { sql } from 'drizzle-orm';
import { addDays, todayInIndia } from '../../../domain/dates';
import { rawRows } from '../../test/rows';
import type { TestContext } from '../../test/app';

// Helpers shared by the bookings tests.

/** A date `days` from today in India. */
export const inDays = (days: number) => addDays(todayInIndia(), days);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function api(t: TestContext) {
  return (method: Method, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function userIdOf(t: TestContext, cookie: string): Promise<string> {
  return (await api(t)('GET', '/api/me', cookie)).json().id;
}

export async function addPet(t: TestContext, cookie: string, pet: { name: string; size: string; type?: string; breed?: string }) {
  const res = await api(t)('POST', '/api/pets', cookie, { type: 'dog', ...pet });
  if (res.statusCode !== 201) throw new Error(`addPet: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; size: string };
}

/** The booking's row as stored, for checks that must not trust the API's own answer. */
export async function storedBooking(t: TestContext, id: string) {
  const [row] = await rawRows<{ status: string; total_paise: number; price_subtotal_paise: number; owner_id: string; holds: number }>(t.database.db, sql`
    select status, total_paise, price_subtotal_paise, owner_id::text,
      (select count(*) from calendar_holds h where h.booking_id = b.id)::int as holds
    from bookings b where id = ${id}
  `);
  return row!;
}

/** Pairs of holds of one listing sharing a night: must always be empty (decision 002). */
export async function overlappingHolds(t: TestContext) {
  return rawRows(t.database.db, sql`
    select a.id as a, b.id as b from calendar_holds a
    join calendar_holds b on a.listing_id = b.listing_id and a.id < b.id and a.during && b.during
  `);
}
