import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing, testJpeg, uploadPhotos, validListing } from '../../test/listings';

describe('/api/listings', () => {
  const t = useTestApp();
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const meId = async (cookie: string) => (await call('GET', '/api/me', cookie)).json().id as string;

  it('needs a session to create, edit and see the host views', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', '/api/listings'],
      ['PATCH', `/api/listings/${id}`],
      ['GET', '/api/host/listings'],
      ['GET', '/api/host/stats'],
    ] as const) {
      expect((await call(method, url, undefined, method === 'GET' ? undefined : validListing)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates a listing and reads it back with everything the listing page needs', async () => {
    const cookie = await signIn(t, 'host-create@example.com');
    await call('PATCH', '/api/me', cookie, { name: 'Asha Patel' });
    const res = await call('POST', '/api/listings', cookie, validListing);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const hostId = await meId(cookie);
    expect(created).toMatchObject({
      ...validListing,
      host_id: hostId,
      status: 'active',
      verified: false,
      listing_photos: [],
      host: { id: hostId, name: 'Asha Patel', photo_url: null },
      rating: 0,
      reviews_count: 0,
      is_owner: true,
      // Moderate unless the host chooses (PRODUCT.md section 7).
      cancellation_policy: 'moderate',
    });
    expect(new Date(created.host.joined).getTime()).toBeGreaterThan(Date.now() - 600_000);

    const anonymous = await call('GET', `/api/listings/${created.id}`);
    expect(anonymous.statusCode).toBe(200);
    // Anyone but the host sees the locality and the area, not the home (privacy.test.ts).
    const { lat: _lat, lng: _lng, ...rest } = created;
    expect(anonymous.json()).toEqual({ ...rest, address: null, exact_location: false, lat: expect.any(Number), lng: expect.any(Number), is_owner: false });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    const own = await call('GET', `/api/listings/${created.id}`, cookie);
    expect(own.json().is_owner).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const someoneElse = await call('GET', `/api/listings/${created.id}`, await signIn(t, 'guest-view@example.com'));
    expect(someoneElse.json().is_owner).toBe(false);
    expect(someoneElse.headers['cache-control']).toBe('private, no-store');
  });

  it("takes SPEC.md's listing payload, which names no locality, and takes the locality from the address", async () => {
    const cookie = await signIn(t, 'host-spec-payload@example.com');
    // Section 7 of SPEC.md: host_id, the form's fields and status; host_id and status are the server's.
    const { locality: _locality, max_pets: _maxPets, ...spec } = validListing;
    const res = await call('POST', '/api/listings', cookie, { ...spec, address: '14, Shaligram Bungalows, Satellite, Ahmedabad 380015', status: 'active' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ locality: 'Satellite', address: '14, Shaligram Bungalows, Satellite, Ahmedabad 380015' });
    // An address whose last part names a door gives no locality: the public page shows the city alone.
    const door = await call('POST', '/api/listings', cookie, { ...spec, address: 'Shanti Niketan, 12 MG Road, Ahmedabad' });
    expect(door.statusCode, door.body).toBe(201);
    expect((await call('GET', `/api/listings/${door.json().id}`)).json()).toMatchObject({ locality: '', city: 'Ahmedabad', address: null });
    // A locality given is kept, and still checked.
    expect((await call('POST', '/api/listings', cookie, { ...validListing, locality: 'Thaltej' })).json().locality).toBe('Thaltej');
    const bad = await call('POST', '/api/listings', cookie, { ...validListing, locality: 'T' });
    expect(bad.json().error.fields.locality).toBe('Locality must be at least 2 characters');
  });

  it('rates a listing from its published listing reviews only', async () => {
    const cookie = await signIn(t, 'host-rating@example.com');
    const listing = await createListing(t, cookie);
    const guestId = await meId(await signIn(t, 'guest-rating@example.com'));
    const hostId = listing.host_id;
    const db = t.database.db;
    for (const [i, rating, kind, published] of [
      [1, 5, 'listing', true],
      [2, 4, 'listing', true],
      [3, 4, 'listing', true],
      [4, 1, 'listing', false],
      [5, 1, 'guest', true],
    ] as const) {
      await db.execute(sql`
        with b as (
          insert into bookings (listing_id, owner_id, start_date, end_date, nights, size, price_subtotal_paise, taxes_paise, platform_fee_paise, total_paise, status)
          values (${listing.id}, ${guestId}, ${`2025-01-0${i}`}::date, ${`2025-01-0${i}`}::date + 1, 1, 'small', 150000, 7500, 7500, 157500, 'completed')
          returning id)
        insert into reviews (booking_id, listing_id, author_id, subject_id, kind, rating, body, published_at)
        select b.id, ${listing.id}, ${kind === 'listing' ? guestId : hostId}, ${kind === 'listing' ? hostId : guestId}, ${kind}, ${rating}, 'Lovely', ${published ? sql`now()` : sql`null`} from b
      `);
    }
    const detail = (await call('GET', `/api/listings/${listing.id}`)).json();
    expect(detail).toMatchObject({ rating: 4.3, reviews_count: 3 });
  });

  it('stores the listing under the signed-in user, active and unverified, whatever the body says', async () => {
    const a = await signIn(t, 'forge-a@example.com');
    const b = await signIn(t, 'forge-b@example.com');
    const bId = await meId(b);
    const res = await call('POST', '/api/listings', a, { ...validListing, host_id: bId, hostId: bId, status: 'inactive', verified: true, id: '00000000-0000-4000-8000-000000000001' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ host_id: await meId(a), status: 'active', verified: false });
    expect(res.json().id).not.toBe('00000000-0000-4000-8000-000000000001');
    expect((await call('GET', '/api/host/listings', b)).json().results).toEqual([]);
    expect((await call('GET', '/api/host/listings', a)).json().results).toHaveLength(1);

    // Nor can an edit hand the listing over or verify it.
    const edited = await call('PATCH', `/api/listings/${res.json().id}`, a, { host_id: bId, verified: true, title: 'A renamed sunny flat' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ host_id: await meId(a), verified: false, title: 'A renamed sunny flat' });
  });

  let validationUsers = 0;
  // SPEC.md section 5, sent straight to the API: the same messages as the form shows.
  it.each([
    [{ title: 'Too short' }, 'title', 'Title must be at least 10 characters'],
    [{ title: `  ${'T'.repeat(9)}   ` }, 'title', 'Title must be at least 10 characters'],
    [{ title: 'T'.repeat(101) }, 'title', 'Title must be less than 100 characters'],
    [{ description: 'Too short to describe a home.' }, 'description', 'Description must be at least 50 characters'],
    [{ description: 'D'.repeat(2001) }, 'description', 'Description must be less than 2000 characters'],
    [{ address: 'Short rd' }, 'address', 'Address must be at least 10 characters'],
    [{ address: 'A'.repeat(201) }, 'address', 'Address must be less than 200 characters'],
    [{ city: 'A' }, 'city', 'City must be at least 2 characters'],
    [{ city: 'C'.repeat(51) }, 'city', 'City must be less than 50 characters'],
    [{ state: 'G' }, 'state', 'State must be at least 2 characters'],
    [{ state: 'S'.repeat(51) }, 'state', 'State must be less than 50 characters'],
    [{ nightly_price_inr: 999.5 }, 'nightly_price_inr', 'Price must be a whole number'],
    [{ nightly_price_inr: 0 }, 'nightly_price_inr', 'Price must be positive'],
    [{ nightly_price_inr: -100 }, 'nightly_price_inr', 'Price must be positive'],
    [{ nightly_price_inr: 100_001 }, 'nightly_price_inr', 'Price must be less than ₹100,000'],
    [{ deposit_inr: 0.5 }, 'deposit_inr', 'Deposit must be a whole number'],
    [{ deposit_inr: -1 }, 'deposit_inr', 'Deposit cannot be negative'],
    [{ deposit_inr: 50_001 }, 'deposit_inr', 'Deposit must be less than ₹50,000'],
    [{ lat: 90.5 }, 'lat', 'Invalid latitude'],
    [{ lat: -91 }, 'lat', 'Invalid latitude'],
    [{ lng: 181 }, 'lng', 'Invalid longitude'],
    [{ lng: -180.1 }, 'lng', 'Invalid longitude'],
    [{ size_supported: [] }, 'size_supported', 'Choose at least one pet size'],
    [{ max_pets: 11 }, 'max_pets', 'Maximum pets must be at most 10'],
    [{ amenities: Array.from({ length: 21 }, (_, i) => `Amenity ${i}`) }, 'amenities', 'Choose at most 20 amenities'],
  ])('refuses %j with its message', async (change, field, message) => {
    const cookie = await signIn(t, `valid-${validationUsers++}@example.com`);
    const res = await call('POST', '/api/listings', cookie, { ...validListing, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields[field]).toBe(message);
    expect((await call('GET', '/api/host/listings', cookie)).json().results).toEqual([]);
    // The same rule on an edit.
    const listing = await createListing(t, cookie);
    const edit = await call('PATCH', `/api/listings/${listing.id}`, cookie, change);
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields[field]).toBe(message);
    expect((await call('GET', `/api/listings/${listing.id}`, cookie)).json()).toMatchObject(validListing);
  });

  it('edits every field of my own listing', async () => {
    const cookie = await signIn(t, 'host-edit@example.com');
    const listing = await createListing(t, cookie);
    const changes = {
      title: 'Terrace room near Law Garden',
      description: 'A bright terrace room with shade, water bowls everywhere and a park across the road.',
      address: '4 CG Road, Navrangpura',
      locality: 'Navrangpura',
      city: 'Ahmedabad',
      state: 'Gujarat',
      nightly_price_inr: 2100,
      deposit_inr: 0,
      lat: 23.03,
      lng: 72.56,
      size_supported: ['large'],
      max_pets: 4,
      cancellation_policy: 'strict',
      amenities: ['Terrace'],
    };
    const res = await call('PATCH', `/api/listings/${listing.id}`, cookie, changes);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(changes);
    expect(new Date(res.json().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(listing.updated_at).getTime());
    expect((await call('GET', `/api/listings/${listing.id}`, cookie)).json()).toMatchObject(changes);
    // Only what is sent changes.
    const price = await call('PATCH', `/api/listings/${listing.id}`, cookie, { nightly_price_inr: 2500 });
    expect(price.json()).toMatchObject({ ...changes, nightly_price_inr: 2500 });
  });

  it('keeps the cancellation policy the host chooses, and refuses one that is not a policy', async () => {
    const cookie = await signIn(t, 'host-policy@example.com');
    const created = await call('POST', '/api/listings', cookie, { ...validListing, cancellation_policy: 'flexible' });
    expect(created.statusCode).toBe(201);
    expect(created.json().cancellation_policy).toBe('flexible');
    for (const bad of ['lenient', '', 7, null]) {
      const res = await call('PATCH', `/api/listings/${created.json().id}`, cookie, { cancellation_policy: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.fields.cancellation_policy).toBe('Choose a cancellation policy: flexible, moderate or strict');
    }
    expect((await call('GET', `/api/listings/${created.json().id}`)).json().cancellation_policy).toBe('flexible');
  });

  it('pauses a listing: gone for others (page and featured), still there for its host, and resumes', async () => {
    const cookie = await signIn(t, 'host-pause@example.com');
    const listing = await createListing(t, cookie, { title: 'A listing that will pause' });
    expect((await uploadPhotos(t, cookie, listing.id, [{ filename: 'a.jpg', content: await testJpeg() }])).statusCode).toBe(201);
    const featuredIds = async () => (await call('GET', '/api/listings/featured')).json().results.map((r: { id: string }) => r.id);
    expect(await featuredIds()).toContain(listing.id);

    const paused = await call('PATCH', `/api/listings/${listing.id}`, cookie, { status: 'inactive' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().status).toBe('inactive');
    expect((await call('GET', `/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/listings/${listing.id}`, await signIn(t, 'pause-guest@example.com'))).statusCode).toBe(404);
    expect(await featuredIds()).not.toContain(listing.id);
    const own = await call('GET', `/api/listings/${listing.id}`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'inactive', is_owner: true });
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await call('GET', '/api/host/listings', cookie)).json().results[0]).toMatchObject({ id: listing.id, status: 'inactive' });

    expect((await call('PATCH', `/api/listings/${listing.id}`, cookie, { status: 'active' })).json().status).toBe('active');
    expect((await call('GET', `/api/listings/${listing.id}`)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/listings/${listing.id}`, cookie, { status: 'deleted' })).json().error.fields.status).toBe('Status must be active or inactive');
  });

  it("keeps another user's listing out of reach (404, unchanged)", async () => {
    const a = await signIn(t, 'owner-a@example.com');
    const b = await signIn(t, 'other-b@example.com');
    const listing = await createListing(t, a);
    const photo = (await uploadPhotos(t, a, listing.id, [{ filename: 'a.jpg', content: await testJpeg() }])).json().added[0];
    const base = `/api/listings/${listing.id}`;
    const attempts = [
      t.app.inject({ method: 'PATCH', url: base, headers: { cookie: b }, payload: { title: 'A stolen listing title' } }),
      t.app.inject({ method: 'PATCH', url: base, headers: { cookie: b }, payload: { status: 'inactive' } }),
      uploadPhotos(t, b, listing.id, [{ filename: 'b.jpg', content: await testJpeg() }]),
      t.app.inject({ method: 'DELETE', url: `${base}/photos/${photo.id}`, headers: { cookie: b } }),
      t.app.inject({ method: 'PUT', url: `${base}/photos/order`, headers: { cookie: b }, payload: { photo_ids: [photo.id] } }),
      t.app.inject({ method: 'PATCH', url: `${base}/photos/${photo.id}`, headers: { cookie: b }, payload: { alt: 'Mine now' } }),
      t.app.inject({ method: 'GET', url: `${base}/calendar`, headers: { cookie: b } }),
      t.app.inject({ method: 'POST', url: `${base}/blocked-dates`, headers: { cookie: b }, payload: { from: '2099-01-01', to: '2099-01-02' } }),
      t.app.inject({ method: 'DELETE', url: `${base}/blocked-dates`, headers: { cookie: b }, payload: { from: '2099-01-01', to: '2099-01-02' } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, `${res.raw.req.method} ${res.raw.req.url}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await call('GET', '/api/host/listings', b)).json().results).toEqual([]);
    expect((await call('GET', '/api/host/stats', b)).json()).toMatchObject({ total_listings: 0 });
    const after = (await call('GET', base, a)).json();
    expect(after).toMatchObject({ title: validListing.title, status: 'active' });
    expect(after.listing_photos).toEqual([photo]);
    // A paused listing of A is as invisible to B as a missing one.
    await call('PATCH', base, a, { status: 'inactive' });
    expect((await call('GET', base, b)).json().error.message).toBe('Listing not found');
  });

  it('lists my listings newest first with their cover and photo count', async () => {
    const cookie = await signIn(t, 'host-list@example.com');
    const first = await createListing(t, cookie, { title: 'The first of my listings' });
    const second = await createListing(t, cookie, { title: 'The second of my listings', city: 'Gandhinagar' });
    await uploadPhotos(t, cookie, second.id, [
      { filename: 'a.jpg', content: await testJpeg(300, 200, '#111111') },
      { filename: 'b.jpg', content: await testJpeg(300, 200, '#222222') },
    ]);
    const res = await call('GET', '/api/host/listings', cookie);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [newest, oldest] = res.json().results;
    const photos = (await call('GET', `/api/listings/${second.id}`)).json().listing_photos;
    expect(newest).toEqual({
      id: second.id,
      title: 'The second of my listings',
      city: 'Gandhinagar',
      state: 'Gujarat',
      nightly_price_inr: 1500,
      status: 'active',
      hidden: false,
      verified: false,
      cover_photo_url: photos[0].url,
      photos_count: 2,
      created_at: expect.any(String),
    });
    expect(oldest).toMatchObject({ id: first.id, cover_photo_url: null, photos_count: 0 });
  });

  it('answers malformed ids and bodies with 4xx, never a server error', async () => {
    const cookie = await signIn(t, 'fuzz@example.com');
    const listing = await createListing(t, cookie);
    for (const id of ['nope', "1' or '1'='1", '%00', '00000000-0000-4000-8000-00000000000g']) {
      expect((await call('GET', `/api/listings/${encodeURIComponent(id)}`)).statusCode).toBe(400);
      expect((await call('PATCH', `/api/listings/${encodeURIComponent(id)}`, cookie, { title: 'A title long enough' })).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/listings/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bodies: unknown[] = [
      [],
      'text',
      null,
      { ...validListing, title: null },
      { ...validListing, title: { $ne: 1 } },
      { ...validListing, size_supported: 'small' },
      { ...validListing, amenities: [1, 2] },
      { ...validListing, amenities: 'WiFi' },
      { ...validListing, lat: '23.0' },
      { ...validListing, max_pets: 1e308 },
      { ...validListing, description: `${'x'.repeat(60)}\u0000` },
      { ...validListing, amenities: ['Wi\u0000Fi'] },
      { ...validListing, title: '\ud800 lone surrogate title' },
    ];
    for (const payload of bodies) {
      for (const [method, url] of [['POST', '/api/listings'], ['PATCH', `/api/listings/${listing.id}`]] as const) {
        const res = await t.app.inject({ method, url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
        expect(res.statusCode, `${method} ${JSON.stringify(payload).slice(0, 80)}`).toBeLessThan(500);
      }
    }
    const multipart = await t.app.inject({ method: 'POST', url: '/api/listings', headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' });
    expect(multipart.statusCode).toBe(415);
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/listings',
        '/api/listings/{id}',
        '/api/listings/{id}/photos',
        '/api/listings/{id}/photos/{photoId}',
        '/api/listings/{id}/photos/order',
        '/api/listings/{id}/calendar',
        '/api/listings/{id}/blocked-dates',
        '/api/host/listings',
        '/api/host/stats',
      ]),
    );
    expect(Object.keys(doc.paths['/api/listings/{id}/photos'].post.requestBody.content)).toEqual(['multipart/form-data']);
  });
});
