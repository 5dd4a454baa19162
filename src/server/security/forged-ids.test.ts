import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../test/rows';
import { addPet, api, inDays, storedBooking } from '../modules/bookings/test-support';
import { useTestApp } from '../test/app';
import { createListing, validListing } from '../test/listings';
import { moveStayIntoPast } from '../modules/reviews/test-support';
import { accept, buildWorld, requestStay, type World } from './access-world';

// Issue 8, "Access matrix": the client's word for an id is never trusted. Each write below names
// other people's ids and server-kept fields (owner, status, rating) beside its own; what is stored
// is the caller's, as the server decides (access-matrix.test.ts checks who may call each route).

const t = useTestApp();
let w: World;

beforeAll(async () => {
  w = await buildWorld(t);
});

describe('forged ids in bodies never take effect', () => {
  // A home of A's that the matrix has not asked for: the guest's requests below stay within the
  // open-request limit for one home.
  let home: string;
  beforeAll(async () => {
    home = (await createListing(t, w.A.cookie, { title: 'Asha\'s third home in Vastrapur' })).id;
  });

  const call = api(t);
  const one = async <T>(query: SQL) => (await rawRows<T>(t.database.db, query))[0]!;
  const forged = () => ({
    id: '00000000-0000-4000-8000-000000000001',
    host_id: w.O.id,
    owner_id: w.O.id,
    user_id: w.O.id,
    guest_id: w.O.id,
    sender_id: w.O.id,
    author_id: w.O.id,
    subject_id: w.O.id,
    status: 'accepted',
    verified: true,
    rating: 1,
    reviews_count: 99,
    published_at: '2020-01-01T00:00:00.000Z',
  });

  it('a listing is created and edited under its host, active and unverified', async () => {
    const created = await call('POST', '/api/listings', w.A.cookie, { ...validListing, ...forged(), status: 'inactive', rating: 5 });
    expect(created.statusCode).toBe(201);
    expect(created.json().id).not.toBe(forged().id);
    const stored = () =>
      one<{ host_id: string; status: string; verified: boolean; rating: number; reviews_count: number }>(sql`
        select host_id::text, status, verified, rating, reviews_count from listings where id = ${created.json().id}
      `);
    expect(await stored()).toEqual({ host_id: w.A.id, status: 'active', verified: false, rating: 0, reviews_count: 0 });

    const { status: _status, ...noStatus } = forged();
    const edited = await call('PATCH', `/api/listings/${created.json().id}`, w.A.cookie, { ...noStatus, title: 'Edited with forged fields beside' });
    expect(edited.statusCode).toBe(200);
    expect(await stored()).toEqual({ host_id: w.A.id, status: 'active', verified: false, rating: 0, reviews_count: 0 });
    expect(edited.json().title).toBe('Edited with forged fields beside');
  });

  it('a pet is stored under its owner, and an edit cannot move it', async () => {
    const created = await call('POST', '/api/pets', w.G.cookie, { name: 'Forged Fido', type: 'dog', size: 'l', ...forged() });
    expect(created.statusCode).toBe(201);
    const owner = () => one<{ owner_id: string }>(sql`select owner_id::text from pets where id = ${created.json().id}`);
    expect(await owner()).toEqual({ owner_id: w.G.id });
    expect(created.json().id).not.toBe(forged().id);

    const edited = await call('PATCH', `/api/pets/${created.json().id}`, w.G.cookie, { notes: 'Forged edit', owner_id: w.O.id, user_id: w.O.id });
    expect([200, 400]).toContain(edited.statusCode);
    expect(await owner()).toEqual({ owner_id: w.G.id });
    expect((await call('GET', '/api/pets', w.O.cookie)).json().results.map((p: { id: string }) => p.id)).not.toContain(created.json().id);
  });

  it('a booking is the guest\'s own, requested and priced by the server, by either route', async () => {
    const quote = (await call('POST', '/api/bookings/quote', undefined, { listingId: home, fromDate: inDays(70), toDate: inDays(72) })).json();
    const pet = await addPet(t, w.G.cookie, { name: 'Forgery', size: 's' });
    const bodies = [
      ['POST /api/bookings', { listingId: home, petIds: [pet.id], fromDate: inDays(70), toDate: inDays(72) }],
      ['POST /api/bookings/create', { listingId: home, size: 'small', fromDate: inDays(70), toDate: inDays(72) }],
    ] as const;
    for (const [route, body] of bodies) {
      const res = await call('POST', route.slice(5), w.G.cookie, { ...body, ...forged(), total_inr: 1, price_subtotal_inr: 1, nights: 9 });
      expect(res.statusCode, route).toBe(201);
      expect(await storedBooking(t, res.json().id), route).toMatchObject({ owner_id: w.G.id, status: 'requested', total_paise: quote.total_inr * 100, holds: 0 });
    }
  });

  it('a profile edit changes only the caller, and never the e-mail', async () => {
    const before = await one<{ email: string; email_verified: boolean }>(sql`select email, email_verified from users where id = ${w.O.id}`);
    const res = await call('PATCH', '/api/me', w.G.cookie, { name: 'Gopal Guest', email: 'evil@example.com', email_verified: false, ...forged() });
    expect([200, 400]).toContain(res.statusCode);
    expect(await one(sql`select email, email_verified from users where id = ${w.G.id}`)).toEqual({ email: w.G.email, email_verified: true });
    expect(await one(sql`select email, email_verified from users where id = ${w.O.id}`)).toEqual(before);
    expect(await one(sql`select count(*)::int as n from users where email = 'evil@example.com'`)).toEqual({ n: 0 });
  });

  it('a message is sent by the caller, whatever sender it names', async () => {
    const body = 'A message that claims to come from the host';
    const res = await call('POST', `/api/conversations/${w.conversationId}/messages`, w.G.cookie, { body, ...forged(), conversation_id: w.conversationId });
    expect(res.statusCode).toBe(201);
    expect(res.json().mine).toBe(true);
    expect(await one(sql`select sender_id::text from messages where body = ${body}`)).toEqual({ sender_id: w.G.id });
  });

  it('a conversation is opened between the booking\'s guest and host, whatever ids the body names', async () => {
    const bookingId = await requestStay(t, w.G.cookie, home, w.bookedPet.id, 90);
    const res = await call('POST', '/api/conversations', w.G.cookie, { bookingId, ...forged() });
    expect(res.statusCode).toBe(200);
    expect(await one(sql`select guest_id::text, host_id::text from conversations where id = ${res.json().id}`)).toEqual({ guest_id: w.G.id, host_id: w.A.id });
  });

  it('a review is written by the caller, about the other side, unpublished until both have written', async () => {
    const reviewed = (await createListing(t, w.A.cookie, { title: 'Asha\'s fourth home in Prahladnagar' })).id;
    const bookingId = await requestStay(t, w.G.cookie, reviewed, w.bookedPet.id, 80);
    await accept(t, w.A.cookie, bookingId);
    await moveStayIntoPast(t, bookingId, { checkoutDaysAgo: 4 });
    const res = await call('POST', `/api/bookings/${bookingId}/review`, w.G.cookie, {
      ...forged(),
      rating: 4,
      body: 'Forged fields beside a real review of a good stay.',
      kind: 'guest',
      listing_id: w.paused.id,
      booking_id: w.bookings.completed,
    });
    expect(res.statusCode).toBe(201);
    expect(await one(sql`select author_id::text, subject_id::text, kind, listing_id::text, rating, published_at is not null as published from reviews where booking_id = ${bookingId}`)).toEqual({
      author_id: w.G.id,
      subject_id: w.A.id,
      kind: 'listing',
      listing_id: reviewed,
      rating: 4,
      published: false,
    });
  });
});
