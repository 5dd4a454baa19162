import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { addPet, api, inDays, storedBooking, userIdOf } from './test-support';

describe('booking requests: POST /api/bookings/create (search sheet) and POST /api/bookings (listing page)', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;
  /** A host with a listing (small and medium, ₹1,500) and a guest with a medium dog. */
  async function setup(listing: Record<string, unknown> = {}) {
    n++;
    const host = await signIn(t, `host${n}@example.com`);
    const guest = await signIn(t, `guest${n}@example.com`);
    const home = await createListing(t, host, listing);
    const pet = await addPet(t, guest, { name: `Bruno${n}`, size: 'm', breed: 'Indie' });
    return { host, guest, home, pet };
  }
  const sheet = (cookie: string | undefined, body: object) => call('POST', '/api/bookings/create', cookie, body);
  const page = (cookie: string | undefined, body: object) => call('POST', '/api/bookings', cookie, body);

  it('creates a request from the sheet with the guest’s oldest pet of that size, priced by the server', async () => {
    const { host, guest, home } = await setup();
    const older = (await call('GET', '/api/pets', guest)).json().results[0];
    await addPet(t, guest, { name: 'Second medium', size: 'm' });
    t.mail.length = 0;
    const res = await sheet(guest, { listingId: home.id, fromDate: inDays(10), toDate: inDays(13), size: 'medium', note: 'Two walks a day' });
    expect(res.statusCode).toBe(201);
    const booking = res.json();
    expect(booking).toMatchObject({
      status: 'requested',
      viewer_role: 'guest',
      start_date: inDays(10),
      end_date: inDays(13),
      nights: 3,
      size: 'medium',
      note: 'Two walks a day',
      price_subtotal_inr: 4500,
      taxes_inr: 225,
      platform_fee_inr: 225,
      total_inr: 4725,
      host_payout_inr: 4275,
      pets: [{ id: older.id, name: older.name, type: 'dog', size: 'm', breed: 'Indie' }],
      listing: { id: home.id, title: home.title, city: 'Ahmedabad' },
      can_cancel: true,
      can_respond: false,
    });
    // The host is told, with the dates as SPEC.md shows them and a link to Booking Requests.
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe('host1@example.com');
    expect(mail.subject).toContain(home.title);
    expect(mail.text).toContain(`${older.name} (dog, medium (10-25kg))`);
    expect(mail.text).toContain('Your payout: ₹4,275');
    expect(mail.text).toContain('Two walks a day');
    expect(mail.text).toContain('http://localhost:3000/host?tab=requests');
    expect(mail.text).toMatch(/Dates: [A-Z][a-z]{2} \d{2} - [A-Z][a-z]{2} \d{2} \(3 nights\)/);
    // The host sees it in Booking Requests with the payout, not the guest's total.
    const incoming = (await call('GET', '/api/host/bookings?status=requested', host)).json().results;
    expect(incoming).toEqual([
      expect.objectContaining({ id: booking.id, host_payout_inr: 4275, guest: { name: 'guest1' }, can_respond: true, note: 'Two walks a day' }),
    ]);
    expect(incoming[0].pets).toEqual([expect.objectContaining({ id: older.id, name: older.name, type: 'dog', size: 'm', breed: 'Indie' })]);
  });

  it('creates a request from the listing page for the pet chosen, its size from the pet', async () => {
    const { guest, home } = await setup({ size_supported: ['small', 'large'] });
    const big = await addPet(t, guest, { name: 'Sheru', size: 'xl' });
    const res = await page(guest, { listingId: home.id, petIds: [big.id], fromDate: inDays(3), toDate: inDays(4), size: 'small' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ size: 'large', nights: 1, pets: [{ id: big.id, size: 'xl' }] });
  });

  it("keeps the listing's cancellation policy of the moment it was asked: the host's later change leaves it", async () => {
    const { host, guest, home } = await setup({ cancellation_policy: 'strict' });
    const res = await sheet(guest, { listingId: home.id, fromDate: inDays(20), toDate: inDays(22), size: 'medium', cancellation_policy: 'flexible' });
    expect(res.statusCode).toBe(201);
    expect(res.json().cancellation_policy).toBe('strict');
    expect((await call('PATCH', `/api/listings/${home.id}`, host, { cancellation_policy: 'flexible' })).statusCode).toBe(200);
    const [mine] = (await call('GET', '/api/bookings', guest)).json().results;
    expect(mine).toMatchObject({ id: res.json().id, cancellation_policy: 'strict' });
    const [theirs] = (await call('GET', '/api/host/bookings', host)).json().results;
    expect(theirs).toMatchObject({ id: res.json().id, cancellation_policy: 'strict' });
  });

  it('ignores prices, status and owner sent by the client', async () => {
    const { guest, home } = await setup();
    const other = await signIn(t, 'forger-victim@example.com');
    const forged = {
      listingId: home.id, fromDate: inDays(10), toDate: inDays(12), size: 'medium',
      total_inr: 1, price_subtotal_inr: 1, taxes_inr: 0, platform_fee_inr: 0, nights: 30,
      status: 'accepted', owner_id: await userIdOf(t, other), ownerId: await userIdOf(t, other),
    };
    const res = await sheet(guest, forged);
    expect(res.statusCode).toBe(201);
    const stored = await storedBooking(t, res.json().id);
    expect(stored).toEqual({ status: 'requested', total_paise: 315000, price_subtotal_paise: 300000, owner_id: await userIdOf(t, guest), holds: 0 });
    expect((await call('GET', '/api/bookings', other)).json().results).toEqual([]);
  });

  it('needs a session (401) on both paths, whatever the body', async () => {
    const { home, pet } = await setup();
    expect((await sheet(undefined, { listingId: home.id, fromDate: inDays(3), toDate: inDays(4), size: 'medium' })).statusCode).toBe(401);
    expect((await sheet(undefined, {})).statusCode).toBe(401);
    expect((await page(undefined, { listingId: home.id, petIds: [pet.id], fromDate: inDays(3), toDate: inDays(4) })).statusCode).toBe(401);
    for (const url of ['/api/bookings', '/api/host/bookings', '/api/bookings/00000000-0000-4000-8000-000000000000']) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
  });

  it('says "Please select dates and pet size" when dates or size are missing', async () => {
    const { guest, home } = await setup();
    for (const body of [
      { listingId: home.id, toDate: inDays(4), size: 'medium' },
      { listingId: home.id, fromDate: inDays(3), toDate: '', size: 'medium' },
      { listingId: home.id, fromDate: inDays(3), toDate: inDays(4) },
    ]) {
      const res = await sheet(guest, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please select dates and pet size');
    }
  });

  it('refuses, with a clear message, every request the product does not take', async () => {
    const { host, guest, home, pet } = await setup();
    const base = { listingId: home.id, fromDate: inDays(10), toDate: inDays(12), size: 'medium' };
    const refusals: [string, object, number, string][] = [
      ['a start in the past', { fromDate: inDays(-1) }, 400, 'Check-in cannot be in the past'],
      ['more than 30 nights', { toDate: inDays(41) }, 400, 'A stay can be at most 30 nights'],
      ['an end on the start', { toDate: inDays(10) }, 400, 'Check-out must be after check-in'],
      ['an end before the start', { toDate: inDays(9) }, 400, 'Check-out must be after check-in'],
      ['a size the home does not accept', { size: 'large' }, 400, 'This home does not accept large pets'],
      ['a size none of my pets has', { size: 'small' }, 400, 'None of your pets is small (under 10kg). Please add its pet profile first'],
      ['an unknown listing', { listingId: '00000000-0000-4000-8000-000000000000' }, 404, 'Listing not found'],
    ];
    for (const [what, change, status, message] of refusals) {
      const res = await sheet(guest, { ...base, ...change });
      expect(res.statusCode, what).toBe(status);
      expect(res.json().error.message, what).toBe(message);
    }
    // The same rules on the listing page's path.
    const large = await addPet(t, guest, { name: 'Too big', size: 'l' });
    const viaPage = await page(guest, { listingId: home.id, petIds: [large.id], fromDate: inDays(10), toDate: inDays(12) });
    expect(viaPage.statusCode).toBe(400);
    const refused = 'Too big is large; this home takes small and medium pets';
    expect(viaPage.json().error).toMatchObject({ code: 'pet_policy', message: refused, fields: { petIds: refused } });
    const past = await page(guest, { listingId: home.id, petIds: [pet.id], fromDate: inDays(-2), toDate: inDays(1) });
    expect(past.json().error.message).toBe('Check-in cannot be in the past');

    // The host's own listing.
    await addPet(t, host, { name: 'Host dog', size: 's' });
    const own = await sheet(host, { ...base, size: 'small' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot book your own home');

    // A paused listing.
    await call('PATCH', `/api/listings/${home.id}`, host, { status: 'inactive' });
    const paused = await sheet(guest, base);
    expect(paused.statusCode).toBe(404);
    expect(paused.json().error.message).toBe('This home is not taking bookings right now');
    expect((await call('GET', '/api/bookings', guest)).json().results).toEqual([]);
  });

  it('asks a guest with no pet to add one, and refuses another user’s pet', async () => {
    const { guest, home, pet } = await setup();
    const petless = await signIn(t, 'petless@example.com');
    for (const res of [
      await sheet(petless, { listingId: home.id, fromDate: inDays(3), toDate: inDays(4), size: 'small' }),
      await page(petless, { listingId: home.id, petIds: [pet.id], fromDate: inDays(3), toDate: inDays(4) }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'no_pet', message: 'Please add a pet profile first' });
    }
    const thief = await signIn(t, 'thief@example.com');
    await addPet(t, thief, { name: 'Own cat', size: 's', type: 'cat' });
    const res = await page(thief, { listingId: home.id, petIds: [pet.id], fromDate: inDays(3), toDate: inDays(4) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Pet not found');
    expect((await call('GET', '/api/bookings', guest)).json().results).toEqual([]);
  });

  it('refuses dates already taken by an accepted stay or blocked nights (409), but lets requests overlap', async () => {
    const { host, guest, home } = await setup();
    const other = await signIn(t, 'overlap-guest@example.com');
    await addPet(t, other, { name: 'Rival', size: 's' });
    const body = { listingId: home.id, fromDate: inDays(20), toDate: inDays(25), size: 'medium' };
    const first = (await sheet(guest, body)).json();
    expect((await sheet(other, { ...body, fromDate: inDays(22), size: 'small' })).statusCode).toBe(201);
    expect((await call('POST', `/api/bookings/${first.id}/accept`, host)).statusCode).toBe(200);
    const taken = await sheet(other, { ...body, fromDate: inDays(24), toDate: inDays(26), size: 'small' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('These dates are not available');
    // Check-out day of the accepted stay is free for the next check-in.
    expect((await sheet(other, { ...body, fromDate: inDays(25), toDate: inDays(26), size: 'small' })).statusCode).toBe(201);

    await call('POST', `/api/listings/${home.id}/blocked-dates`, host, { from: inDays(30), to: inDays(30) });
    const blocked = await sheet(other, { ...body, fromDate: inDays(29), toDate: inDays(31), size: 'small' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe('These dates are not available');
  });

  it('lists my bookings newest first, and shows one only to its guest and its host', async () => {
    const { host, guest, home } = await setup();
    const body = { listingId: home.id, size: 'medium' };
    const a = (await sheet(guest, { ...body, fromDate: inDays(40), toDate: inDays(42) })).json();
    const b = (await sheet(guest, { ...body, fromDate: inDays(50), toDate: inDays(51) })).json();
    const mine = (await call('GET', '/api/bookings', guest)).json().results;
    expect(mine.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(mine[0]).toEqual({
      id: b.id, status: 'requested', start_date: inDays(50), end_date: inDays(51), nights: 1, size: 'medium', note: '', cancellation_policy: 'moderate',
      price_subtotal_inr: 1500, taxes_inr: 75, total_inr: 1575, created_at: expect.any(String),
      payment_due_at: null, paid_at: null, cancelled_by: null, stage: null, refund: null, documents: [],
      listing: { id: home.id, title: home.title, locality: 'Bodakdev', city: 'Ahmedabad', state: 'Gujarat', address: null, address_from: null, cover_photo_url: null },
      pets: [{ id: expect.any(String), name: expect.any(String) }], can_cancel: true, can_pay: false, host: { name: expect.any(String) }, meet: null, can_propose_meet: true, meet_needed: false,
    });
    expect((await call('GET', `/api/bookings/${a.id}`, guest)).json().viewer_role).toBe('guest');
    expect((await call('GET', `/api/bookings/${a.id}`, host)).json()).toMatchObject({ viewer_role: 'host', can_respond: true, can_cancel: false });
    const stranger = await signIn(t, 'stranger@example.com');
    expect((await call('GET', `/api/bookings/${a.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/host/bookings', stranger)).json().results).toEqual([]);
    expect((await call('GET', '/api/bookings/not-a-uuid', guest)).statusCode).toBe(400);
    expect((await call('GET', '/api/host/bookings?status=pending', host)).statusCode).toBe(400);
  });

  it('escapes what users typed in the host’s e-mail', async () => {
    const { guest, home } = await setup();
    await sheet(guest, { listingId: home.id, fromDate: inDays(70), toDate: inDays(71), size: 'medium', note: '<img src=x onerror=alert(1)> & "walks"' });
    const mail = t.mail.at(-1)!;
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;walks&quot;');
    expect(mail.html).not.toContain('<img');
  });

  it('creates the booking even when the host cannot be e-mailed', async () => {
    const { guest, home } = await setup();
    t.failMail(true);
    try {
      const res = await sheet(guest, { listingId: home.id, fromDate: inDays(60), toDate: inDays(61), size: 'medium' });
      expect(res.statusCode).toBe(201);
    } finally {
      t.failMail(false);
    }
  });

  it('takes a stay that starts today (India time), and its host may accept it that day', async () => {
    const { host, guest, home } = await setup();
    const res = await sheet(guest, { listingId: home.id, fromDate: inDays(0), toDate: inDays(2), size: 'medium' });
    expect(res.statusCode).toBe(201);
    const seen = (await call('GET', `/api/bookings/${res.json().id}`, host)).json();
    expect(seen.can_respond).toBe(true);
    const accepted = await call('POST', `/api/bookings/${res.json().id}/accept`, host);
    expect(accepted.statusCode).toBe(200);
    expect((await storedBooking(t, res.json().id)).status).toBe('awaiting_payment');
  });

  it('lets a guest hold at most 3 open requests for one home and 10 in all: the next is a 429 with the reason, and no host is e-mailed', async () => {
    const { guest, home } = await setup();
    const ask = (listingId: string, from: number) => sheet(guest, { listingId, fromDate: inDays(from), toDate: inDays(from + 1), size: 'medium' });
    for (let i = 0; i < 3; i++) expect((await ask(home.id, 5 + i)).statusCode).toBe(201);
    t.mail.length = 0;
    const fourth = await ask(home.id, 9);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: { code: 'too_many_open_requests', message: "You already have 3 open requests for this home. Please wait for the host's answer, or cancel one, before sending another." } });
    expect(t.mail).toEqual([]);
    // Withdrawing one frees its place.
    const mine = (await call('GET', '/api/bookings', guest)).json().results;
    expect((await call('POST', `/api/bookings/${mine[0].id}/cancel`, guest)).statusCode).toBe(200);
    expect((await ask(home.id, 9)).statusCode).toBe(201);
    // Seven more homes, one request each: 10 open in all, and the eleventh is refused.
    for (let i = 0; i < 7; i++) {
      const other = await createListing(t, await signIn(t, `limit-host${n}-${i}@example.com`));
      expect((await ask(other.id, 5)).statusCode).toBe(201);
    }
    const another = await createListing(t, await signIn(t, `limit-host${n}-last@example.com`));
    t.mail.length = 0;
    const eleventh = await ask(another.id, 5);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe("You already have 10 open requests. Please wait for the hosts' answers, or cancel one, before sending another.");
    expect(t.mail).toEqual([]);
    expect((await call('GET', '/api/bookings', guest)).json().results.filter((b: { status: string }) => b.status === 'requested')).toHaveLength(10);
  });

  it('lets a guest send at most 6 requests for one home and 20 in all in 24 hours, withdrawn or not: a request-and-withdraw loop cannot flood a host', async () => {
    const { guest, home } = await setup();
    const ask = (listingId: string, from: number) => sheet(guest, { listingId, fromDate: inDays(from), toDate: inDays(from + 1), size: 'medium' });
    const askAndWithdraw = async (listingId: string, from: number) => {
      const res = await ask(listingId, from);
      expect(res.statusCode).toBe(201);
      expect((await call('POST', `/api/bookings/${res.json().id}/cancel`, guest)).statusCode).toBe(200);
    };
    for (let i = 0; i < 6; i++) await askAndWithdraw(home.id, 5);
    t.mail.length = 0;
    const seventh = await ask(home.id, 5);
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json()).toEqual({ error: { code: 'too_many_requests_today', message: "You have sent 6 requests for this home in the last 24 hours. Please wait for the host's answer before sending another." } });
    expect(t.mail).toEqual([]);
    // 20 in all: 14 more over three other homes; the next is refused whichever home it is for.
    const others = await Promise.all([0, 1, 2].map(async (i) => createListing(t, await signIn(t, `daily-host${n}-${i}@example.com`))));
    for (let i = 0; i < 14; i++) await askAndWithdraw(others[i % 3]!.id, 5);
    t.mail.length = 0;
    const twentyFirst = await ask(others[2]!.id, 5);
    expect(twentyFirst.statusCode).toBe(429);
    expect(twentyFirst.json().error.message).toBe('You have sent 20 requests in the last 24 hours. Please wait a while before sending another.');
    expect(t.mail).toEqual([]);
    // Requests sent over 24 hours ago no longer count.
    await t.database.db.execute(sql`update bookings set created_at = now() - interval '25 hours' where owner_id = ${await userIdOf(t, guest)}`);
    expect((await ask(home.id, 5)).statusCode).toBe(201);
  });

  it('counts requests sent at once one after another: 8 at the same moment make 3 requests', async () => {
    const { guest, home } = await setup();
    t.mail.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sheet(guest, { listingId: home.id, fromDate: inDays(20 + i), toDate: inDays(21 + i), size: 'medium' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(t.mail.filter((m) => m.subject.includes(home.title))).toHaveLength(3);
  });

  it('documents every booking route in the OpenAPI document', async () => {
    const paths = Object.keys((await call('GET', '/api/openapi.json')).json().paths);
    for (const p of ['/api/bookings/quote', '/api/bookings/create', '/api/bookings', '/api/bookings/{id}', '/api/host/bookings',
      '/api/bookings/{id}/accept', '/api/bookings/{id}/decline', '/api/bookings/{id}/cancel']) {
      expect(paths, p).toContain(p);
    }
  });
});
