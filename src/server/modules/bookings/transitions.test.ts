import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { addPet, api, inDays, overlappingHolds, storedBooking } from './test-support';

describe('accept, decline and cancel', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;
  /** A host's listing and a request from a new guest for `from`..`to` (days from today). */
  async function request(from = 10, to = 13, listing?: { id: string; host: string }) {
    n++;
    const host = listing?.host ?? (await signIn(t, `t-host${n}@example.com`));
    const home = listing ?? { id: (await createListing(t, host)).id, host };
    const guest = await signIn(t, `t-guest${n}@example.com`);
    await addPet(t, guest, { name: `Pet${n}`, size: 's' });
    const res = await call('POST', '/api/bookings/create', guest, { listingId: home.id, fromDate: inDays(from), toDate: inDays(to), size: 'small' });
    if (res.statusCode !== 201) throw new Error(res.body);
    return {
      host,
      guest,
      listing: home,
      booking: res.json() as { id: string },
      guestEmail: `t-guest${n}@example.com`,
      hostEmail: listing ? undefined : `t-host${n}@example.com`,
    };
  }
  const act = (id: string, action: 'accept' | 'decline' | 'cancel', cookie: string) => call('POST', `/api/bookings/${id}/${action}`, cookie);

  it('the host accepts: the stay holds its nights and the guest is told', async () => {
    const { host, guest, booking, guestEmail, listing } = await request();
    const res = await act(booking.id, 'accept', host);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'awaiting_payment', viewer_role: 'host', responded_at: expect.any(String), can_respond: false });
    expect(await storedBooking(t, booking.id)).toMatchObject({ status: 'awaiting_payment', holds: 1 });
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(guestEmail);
    expect(mail.subject).toMatch(/^\[Test mode\] Accepted: pay to confirm your stay at /);
    expect(mail.text).toContain('http://localhost:3000/dashboard');
    expect(mail.html).toContain('href="http://localhost:3000/dashboard"');
    expect((await call('GET', '/api/bookings', guest)).json().results[0]).toMatchObject({ status: 'awaiting_payment', can_cancel: true });
    // The host's calendar shows it.
    const calendar = (await call('GET', `/api/listings/${listing.id}/calendar?from=${inDays(0)}&to=${inDays(30)}`, host)).json();
    expect(calendar.stays).toEqual([expect.objectContaining({ booking_id: booking.id, from: inDays(10), to: inDays(13) })]);
  });

  it('the host declines: no hold, the guest is told; a second answer is a 409', async () => {
    const { host, booking, guestEmail } = await request();
    const res = await act(booking.id, 'decline', host);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('declined');
    expect(await storedBooking(t, booking.id)).toMatchObject({ status: 'declined', holds: 0 });
    expect(t.mail.at(-1)).toMatchObject({ to: guestEmail, subject: expect.stringMatching(/was declined$/) });
    for (const action of ['accept', 'decline'] as const) {
      const again = await act(booking.id, action, host);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This booking has already been declined');
    }
    expect(await storedBooking(t, booking.id)).toMatchObject({ status: 'declined', holds: 0 });
  });

  it('refuses to accept over an accepted stay or blocked nights (409) and changes nothing', async () => {
    const first = await request(20, 25);
    const second = await request(24, 27, first.listing);
    const third = await request(30, 33, first.listing);
    expect((await act(first.booking.id, 'accept', first.host)).statusCode).toBe(200);
    const overlap = await act(second.booking.id, 'accept', first.host);
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.message).toBe('These dates overlap another accepted stay or blocked dates');
    expect(await storedBooking(t, second.booking.id)).toMatchObject({ status: 'requested', holds: 0 });

    await call('POST', `/api/listings/${first.listing.id}/blocked-dates`, first.host, { from: inDays(32), to: inDays(32) });
    const blocked = await act(third.booking.id, 'accept', first.host);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe('These dates overlap another accepted stay or blocked dates');
    expect(await storedBooking(t, third.booking.id)).toMatchObject({ status: 'requested', holds: 0 });
    expect(await overlappingHolds(t)).toEqual([]);

    // Once the first stay is cancelled, its nights are free for the second.
    expect((await act(first.booking.id, 'cancel', first.guest)).statusCode).toBe(200);
    expect((await act(second.booking.id, 'accept', first.host)).statusCode).toBe(200);
  });

  it('tells the host when a guest cancels, pending or confirmed', async () => {
    for (const accepted of [false, true]) {
      const { host, guest, booking, hostEmail } = await request(40, 42);
      if (accepted) expect((await act(booking.id, 'accept', host)).statusCode).toBe(200);
      const sent = t.mail.length;
      expect((await act(booking.id, 'cancel', guest)).statusCode).toBe(200);
      const mail = t.mail.slice(sent).find((m) => m.to === hostEmail);
      expect(mail?.subject).toMatch(/^Cancelled: /);
      expect(mail?.text).toContain(accepted ? 'The nights are free again' : 'cancelled their request');
    }
  });

  it('keeps each action to its side: 404 for the wrong person, whoever they are', async () => {
    const { host, guest, booking } = await request();
    const stranger = await signIn(t, 'user-c@example.com');
    for (const action of ['accept', 'decline'] as const) {
      expect((await act(booking.id, action, guest)).statusCode, `guest ${action}`).toBe(404);
      expect((await act(booking.id, action, stranger)).statusCode, `stranger ${action}`).toBe(404);
    }
    expect((await act(booking.id, 'cancel', host)).statusCode, 'host cancel').toBe(404);
    expect((await act(booking.id, 'cancel', stranger)).statusCode, 'stranger cancel').toBe(404);
    expect((await call('GET', `/api/bookings/${booking.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/bookings', stranger)).json().results).toEqual([]);
    expect((await call('GET', '/api/host/bookings', stranger)).json().results).toEqual([]);
    expect(await storedBooking(t, booking.id)).toMatchObject({ status: 'requested', holds: 0 });
    // Accepted, the host still cannot cancel the guest's stay.
    await act(booking.id, 'accept', host);
    expect((await act(booking.id, 'cancel', host)).statusCode).toBe(404);
    expect(await storedBooking(t, booking.id)).toMatchObject({ status: 'awaiting_payment', holds: 1 });
  });

  it('lets the guest cancel a request or an accepted stay before it starts, freeing the nights', async () => {
    const pending = await request(5, 6);
    const res = await act(pending.booking.id, 'cancel', pending.guest);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect((await act(pending.booking.id, 'cancel', pending.guest)).json().error.message).toBe('This booking has been cancelled');
    expect((await act(pending.booking.id, 'accept', pending.host)).statusCode).toBe(409);

    const confirmed = await request(7, 9);
    await act(confirmed.booking.id, 'accept', confirmed.host);
    expect((await act(confirmed.booking.id, 'cancel', confirmed.guest)).statusCode).toBe(200);
    expect(await storedBooking(t, confirmed.booking.id)).toMatchObject({ status: 'cancelled', holds: 0 });
  });

  it('refuses to cancel a confirmed stay that has started', async () => {
    const { host, guest, booking } = await request(3, 6);
    await act(booking.id, 'accept', host);
    // The stay's dates move to today, as if time had passed; it was paid (payments.test.ts pays for real).
    await t.database.db.execute(sql`update calendar_holds set during = daterange(${inDays(0)}::date, ${inDays(2)}::date) where booking_id = ${booking.id}`);
    await t.database.db.execute(sql`update bookings set start_date = ${inDays(0)}::date, end_date = ${inDays(2)}::date, nights = 2, status = 'confirmed' where id = ${booking.id}`);
    const res = await act(booking.id, 'cancel', guest);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This stay has already started, so it can no longer be cancelled');
    expect((await call('GET', '/api/bookings', guest)).json().results[0].can_cancel).toBe(false);
    expect(await storedBooking(t, booking.id)).toMatchObject({ status: 'confirmed', holds: 1 });
  });

  it('expires instead of accepting a request whose check-in day is over, or that waited 24 hours', async () => {
    const started = await request(3, 5);
    await t.database.db.execute(sql`update bookings set start_date = ${inDays(-1)}::date, end_date = ${inDays(1)}::date, nights = 2 where id = ${started.booking.id}`);
    const old = await request(8, 9);
    await t.database.db.execute(sql`update bookings set created_at = now() - interval '24 hours 1 minute' where id = ${old.booking.id}`);
    const fresh = await request(8, 9, old.listing);
    await t.database.db.execute(sql`update bookings set created_at = now() - interval '23 hours 58 minutes' where id = ${fresh.booking.id}`);

    for (const [r, action] of [[started, 'accept'], [old, 'decline']] as const) {
      const res = await act(r.booking.id, action, r.host);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This request has expired: its check-in day is over or it waited more than 24 hours');
      expect(await storedBooking(t, r.booking.id)).toMatchObject({ status: 'expired', holds: 0 });
      expect(t.mail.at(-1)).toMatchObject({ to: r.guestEmail, subject: expect.stringMatching(/has expired$/) });
    }
    expect((await act(fresh.booking.id, 'accept', fresh.host)).statusCode).toBe(200);
  });

  it('answers even when the guest cannot be e-mailed', async () => {
    const { host, booking } = await request();
    t.failMail(true);
    try {
      expect((await act(booking.id, 'accept', host)).statusCode).toBe(200);
    } finally {
      t.failMail(false);
    }
    expect(await storedBooking(t, booking.id)).toMatchObject({ status: 'awaiting_payment', holds: 1 });
  });

  it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
    const host = await signIn(t, 'nobody-host@example.com');
    expect((await act('00000000-0000-4000-8000-000000000000', 'accept', host)).statusCode).toBe(404);
    expect((await act('nope', 'accept', host)).statusCode).toBe(400);
  });
});
