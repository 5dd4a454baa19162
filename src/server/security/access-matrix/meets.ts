import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, todayInIndia } from '../../../domain/dates';
import { MEET_MESSAGES } from '../../../domain/stays/meet';
import { rawRows } from '../../test/rows';
import { both, type Matrix, type Row } from './matrix';

// Meet & greet (issue 37) on the paid stay, 36 days ahead: either side proposes (the guest's
// replaces the host's), only the side that did not propose confirms, and nobody marks a meet whose
// time has not come. Anyone else is told the booking or the meet does not exist.
export function meetRows({ w, t, inject }: Matrix): Row[] {
  const id = w.bookings.paid;
  const times = [`${addDays(todayInIndia(), 2)}T11:00`];
  const current = async () => (await rawRows<{ id: string; t: string }>(t.database.db, sql`select id, to_json(times[1]) #>> '{}' as t from meets where booking_id = ${id} and status <> 'replaced'`))[0]!;
  return [
    {
      route: 'POST /api/bookings/{id}/meets',
      owner: 'A+G',
      params: { id },
      body: () => ({ mode: 'video', times }),
      expect: both(201),
      check: (a, res) => (a === 'A' || a === 'G') && expect(res.json()).toMatchObject({ proposed_by: a === 'A' ? 'host' : 'guest', proposed_by_me: true }),
    },
    {
      route: 'POST /api/meets/{id}/confirm',
      owner: 'A',
      expect: { anon: 401, O: 404, G: 409, A: 200 },
      send: async (cookie) => {
        const meet = await current();
        return inject('POST', `/api/meets/${meet.id}/confirm`, cookie, { time: new Date(meet.t).toISOString() });
      },
      check: (a, res) => a === 'G' && expect(res.json().error.message).toBe(MEET_MESSAGES.notYours),
    },
    {
      route: 'POST /api/meets/{id}/outcome',
      owner: 'A+G',
      expect: { anon: 401, O: 404, A: 409, G: 409 },
      send: async (cookie) => inject('POST', `/api/meets/${(await current()).id}/outcome`, cookie, { outcome: 'met' }),
      check: (a, res) => (a === 'A' || a === 'G') && expect(res.json().error.message).toBe(MEET_MESSAGES.notYet),
    },
  ];
}
