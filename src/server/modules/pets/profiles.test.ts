import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { photoVariant } from '../../../domain/photos';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing, multipartBody, testJpeg } from '../../test/listings';
import { api, inDays } from '../bookings/test-support';

// Pets first (issue 24, PRODUCT.md section 9): full profiles with a photo and vaccinations, private
// certificates, requests for several pets checked against the listing's pet policy, and search for
// a pet. Through the real app, on the embedded database and on PostgreSQL.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('pets first', () => {
  const t = useTestApp();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) => api(t)(method, url, cookie, payload);
  let n = 0;
  const user = (name: string) => signIn(t, `${name}${++n}@example.com`);

  async function upload(cookie: string | undefined, url: string, content: Buffer, type = 'image/jpeg', filename = 'file.jpg') {
    const { payload, headers } = await multipartBody([{ filename, content, type, field: 'file' }]);
    return t.app.inject({ method: 'PUT', url, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
  }

  async function addPet(cookie: string, pet: Record<string, unknown>) {
    const res = await call('POST', '/api/pets', cookie, { type: 'dog', size: 'm', ...pet });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string };
  }

  const certificateFiles = () => readdirSync(path.join(t.dataDir, 'private', 'pet-certificates'));

  it('keeps a full profile: weight, birth date, spayed or neutered, temperament, vaccinations with their due dates', async () => {
    const owner = await user('owner');
    const given = inDays(-30);
    const created = await call('POST', '/api/pets', owner, {
      name: '  Bruno ',
      type: 'dog',
      breed: 'Golden Retriever',
      size: 'l',
      weight_kg: 31.46,
      birth_date: inDays(-900),
      neutered: true,
      temperament: 'Gentle with children',
      notes: 'No chicken',
      vaccinations: { rabies: given, core: null },
    });
    expect(created.statusCode).toBe(201);
    const pet = created.json();
    expect(pet).toMatchObject({
      name: 'Bruno',
      weight_kg: 31.5,
      birth_date: inDays(-900),
      neutered: true,
      temperament: 'Gentle with children',
      photo_url: null,
      vaccinations: { rabies: { given_on: given, has_certificate: false }, core: null },
      upcoming_stay: null,
    });
    expect(pet.vaccinations.rabies.due_on).toBe(inDays(335));

    // A dose changed, one added, one removed: each vaccination as it was sent, the rest as stored.
    const changed = (await call('PATCH', `/api/pets/${pet.id}`, owner, { vaccinations: { core: inDays(-10) } })).json();
    expect(changed.vaccinations).toMatchObject({ rabies: { given_on: given }, core: { given_on: inDays(-10) } });
    const removed = (await call('PATCH', `/api/pets/${pet.id}`, owner, { vaccinations: { rabies: null }, weight_kg: null })).json();
    expect(removed).toMatchObject({ weight_kg: null, vaccinations: { rabies: null, core: { given_on: inDays(-10) } } });

    // The first pets' body (name, type, breed, size, notes) still makes a pet.
    const plain = await call('POST', '/api/pets', owner, { name: 'Misti', type: 'cat', size: 's' });
    expect(plain.json()).toMatchObject({ weight_kg: null, birth_date: null, neutered: null, temperament: null, vaccinations: { rabies: null, core: null } });
  });

  it('drops the core vaccine when the type changes (a dog’s DHPPi is no cat’s FVRCP), and keeps at most 20 pets an owner', async () => {
    const owner = await user('retype');
    const pet = await addPet(owner, { name: 'Mittens', type: 'dog', size: 's', vaccinations: { rabies: inDays(-20), core: inDays(-20) } });
    await upload(owner, `/api/pets/${pet.id}/vaccinations/core/certificate`, PDF, 'application/pdf');
    const retyped = (await call('PATCH', `/api/pets/${pet.id}`, owner, { type: 'cat' })).json();
    expect(retyped.vaccinations).toMatchObject({ rabies: { given_on: inDays(-20) }, core: null });
    expect(certificateFiles()).toHaveLength(0);
    const withDose = (await call('PATCH', `/api/pets/${pet.id}`, owner, { type: 'dog', vaccinations: { core: inDays(-2) } })).json();
    expect(withDose.vaccinations.core).toMatchObject({ given_on: inDays(-2) });

    for (let i = 2; i <= 20; i++) await addPet(owner, { name: `Pet ${i}` });
    const over = await call('POST', '/api/pets', owner, { name: 'One too many', type: 'cat', size: 's' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('You can keep up to 20 pet profiles. Delete one you no longer need to add another.');
    expect((await call('GET', '/api/pets', owner)).json().results).toHaveLength(20);
  });

  it('refuses a profile that cannot be: a birth or a dose in the future, a dose before birth, a weight out of range', async () => {
    const owner = await user('careful');
    const base = { name: 'Kaju', type: 'cat', size: 's' };
    const refusals: [string, Record<string, unknown>, string, string][] = [
      ['a birth date tomorrow', { birth_date: inDays(1) }, 'birth_date', 'Birth date cannot be in the future'],
      ['a birth date 40 years ago', { birth_date: inDays(-40 * 366) }, 'birth_date', 'Birth date must be within the last 35 years'],
      ['a date that is no date', { birth_date: '2026-02-30' }, 'birth_date', 'Dates must be real dates written as yyyy-MM-dd'],
      ['a dose tomorrow', { vaccinations: { rabies: inDays(1), core: null } }, 'vaccinations.rabies', 'A vaccination date cannot be in the future'],
      ['a dose before birth', { birth_date: inDays(-100), vaccinations: { rabies: inDays(-200), core: null } }, 'vaccinations.rabies', 'A vaccination date cannot be before the birth date'],
      ['no weight at all', { weight_kg: 0 }, 'weight_kg', 'Weight must be a number of kg from 0.1 to 120'],
      ['a weight of 500 kg', { weight_kg: 500 }, 'weight_kg', 'Weight must be a number of kg from 0.1 to 120'],
      ['a temperament of 201 characters', { temperament: 'x'.repeat(201) }, 'temperament', 'Temperament must be less than 200 characters'],
    ];
    for (const [what, change, field, message] of refusals) {
      const res = await call('POST', '/api/pets', owner, { ...base, ...change });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.fields?.[field], what).toBe(message);
    }
    // Across two changes: the dose is checked against the birth date stored.
    const pet = await addPet(owner, { ...base, birth_date: inDays(-100) });
    const late = await call('PATCH', `/api/pets/${pet.id}`, owner, { vaccinations: { core: inDays(-150) } });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe('A vaccination date cannot be before the birth date');
    expect((await call('GET', '/api/pets', owner)).json().results).toHaveLength(1);
  });

  it('takes a photo by its content, resizes it, replaces and removes it; a stranger reaches nothing', async () => {
    const owner = await user('photo');
    const pet = await addPet(owner, { name: 'Coco' });
    const uploaded = await upload(owner, `/api/pets/${pet.id}/photo`, await testJpeg(1200, 900));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const first = uploaded.json().photo_url as string;
    expect(first).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-1600\.webp$/);
    const fileOf = (url: string) => path.join(t.dataDir, url);
    expect(existsSync(fileOf(first)) && existsSync(fileOf(photoVariant(first, 'card')))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: photoVariant(first, 'card') })).statusCode).toBe(200);

    // Not a photo, whatever its name says; nothing, or two files.
    const html = await upload(owner, `/api/pets/${pet.id}/photo`, Buffer.from('<html><script>alert(1)</script>'), 'image/jpeg', 'cute.jpg');
    expect(html.statusCode).toBe(400);
    expect(html.json().error.message).toMatch(/not a photo we can read/);
    const { payload, headers } = await multipartBody([
      { filename: 'a.jpg', content: await testJpeg(), field: 'file' },
      { filename: 'b.jpg', content: await testJpeg(), field: 'file' },
    ]);
    const two = await t.app.inject({ method: 'PUT', url: `/api/pets/${pet.id}/photo`, headers: { ...headers, cookie: owner }, payload });
    expect(two.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'PUT', url: `/api/pets/${pet.id}/photo`, headers: { cookie: owner }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);

    // Someone else's pet, or no session: refused before the upload is read.
    const stranger = await user('stranger');
    expect((await upload(stranger, `/api/pets/${pet.id}/photo`, await testJpeg())).statusCode).toBe(404);
    expect((await upload(undefined, `/api/pets/${pet.id}/photo`, await testJpeg())).statusCode).toBe(401);
    expect((await call('DELETE', `/api/pets/${pet.id}/photo`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/pets/${pet.id}`, owner)).json().photo_url).toBe(first);

    // A new photo replaces the old, whose files go.
    const second = (await upload(owner, `/api/pets/${pet.id}/photo`, await testJpeg(640, 480, '#3366aa'))).json().photo_url as string;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    const cleared = await call('DELETE', `/api/pets/${pet.id}/photo`, owner);
    expect(cleared.json().photo_url).toBeNull();
    expect(existsSync(fileOf(second))).toBe(false);
  });

  it('keeps certificates private: the owner, and the host of an open request for the pet, open them; nobody else, by any URL', async () => {
    const [owner, host, otherHost, stranger] = [await user('cert-owner'), await user('cert-host'), await user('other-host'), await user('cert-stranger')];
    const home = await createListing(t, host);
    await createListing(t, otherHost);
    const pet = await addPet(owner, { name: 'Mittens', type: 'cat', size: 's', vaccinations: { rabies: inDays(-20), core: null } });
    const url = `/api/pets/${pet.id}/vaccinations/rabies/certificate`;

    // Only for a recorded vaccination, and only a JPEG, PNG or PDF.
    const early = await upload(owner, `/api/pets/${pet.id}/vaccinations/core/certificate`, PDF, 'application/pdf', 'fvrcp.pdf');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Give the date of this vaccination before its certificate');
    const exe = await upload(owner, url, Buffer.from('MZ\x90\x00 not a certificate'), 'application/pdf', 'cert.pdf');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error.fields.certificate).toBe('This file is not a JPEG, PNG or PDF. Send a photo or scan of the certificate in one of those.');
    expect((await upload(stranger, url, PDF, 'application/pdf')).statusCode).toBe(404);
    const kept = await upload(owner, url, PDF, 'application/pdf', 'rabies.pdf');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().vaccinations.rabies.has_certificate).toBe(true);
    expect(certificateFiles()).toHaveLength(1);

    const open = (cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const mine = await open(owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers['content-security-policy']).toContain('sandbox');
    expect(mine.rawPayload.equals(PDF)).toBe(true);

    // No request yet: the host is a stranger too; signed out, a 401.
    for (const who of [host, otherHost, stranger]) expect((await open(who)).statusCode).toBe(404);
    expect((await open()).statusCode).toBe(401);

    // A request names the pet: its host may open it while the request is open; another host may not.
    const booked = await call('POST', '/api/bookings', owner, { listingId: home.id, petIds: [pet.id], fromDate: inDays(20), toDate: inDays(22) });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await open(host)).statusCode).toBe(200);
    expect((await open(otherHost)).statusCode).toBe(404);
    expect((await open(stranger)).statusCode).toBe(404);
    const incoming = (await call('GET', '/api/host/bookings', host)).json().results[0];
    expect(incoming.pets[0].vaccinations.rabies.certificate_url).toBe(url);
    // Any other spelling of the path reaches the same rule, or nothing.
    for (const other of [url.replace('rabies', 'RABIES'), url.replace(pet.id, pet.id.toUpperCase()), `${url}/..`, url.replace('/certificate', '/certificate.pdf')]) {
      const res = await t.app.inject({ method: 'GET', url: other, headers: { cookie: stranger } });
      expect([400, 404], other).toContain(res.statusCode);
    }

    // Closed (declined), the host's access ends; the owner's stays.
    expect((await call('POST', `/api/bookings/${booked.json().id}/decline`, host)).statusCode).toBe(200);
    expect((await open(host)).statusCode).toBe(404);
    expect((await call('GET', '/api/host/bookings', host)).json().results[0].pets[0].vaccinations.rabies.certificate_url).toBeNull();
    expect((await open(owner)).statusCode).toBe(200);

    // A new dose drops the old dose's certificate, file and all; a removed one too.
    await call('PATCH', `/api/pets/${pet.id}`, owner, { vaccinations: { rabies: inDays(-5) } });
    expect((await open(owner)).statusCode).toBe(404);
    expect(certificateFiles()).toHaveLength(0);
    expect((await upload(owner, url, await testJpeg(), 'image/jpeg')).statusCode).toBe(200);
    expect((await call('DELETE', url, stranger)).statusCode).toBe(404);
    const dropped = await call('DELETE', url, owner);
    expect(dropped.json().vaccinations.rabies).toMatchObject({ given_on: inDays(-5), has_certificate: false });
    expect(certificateFiles()).toHaveLength(0);
  });

  it('keeps a pet in a request or stay not yet over from being deleted, and says why; then deletes it with its files', async () => {
    const [owner, host] = [await user('keeper'), await user('keeper-host')];
    const home = await createListing(t, host, { title: 'Quiet flat by the river for cats' });
    const pet = await addPet(owner, { name: 'Oreo', type: 'cat', size: 's', vaccinations: { rabies: inDays(-3), core: null } });
    await upload(owner, `/api/pets/${pet.id}/photo`, await testJpeg());
    await upload(owner, `/api/pets/${pet.id}/vaccinations/rabies/certificate`, PDF, 'application/pdf');
    const booked = (await call('POST', '/api/bookings', owner, { listingId: home.id, petIds: [pet.id], fromDate: inDays(9), toDate: inDays(11) })).json();

    expect((await call('GET', `/api/pets/${pet.id}`, owner)).json().upcoming_stay).toEqual({ start_date: inDays(9), listing_title: home.title });
    const refused = await call('DELETE', `/api/pets/${pet.id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'pet_in_stay' });
    expect(refused.json().error.message).toMatch(/^Oreo is booked for Quiet flat by the river for cats from \d{1,2} [A-Z][a-z]{2} \d{4}\. You can delete this profile once that stay is over or cancelled\.$/);

    // On the stay's check-out day the pet is still with its host: still kept.
    await t.database.db.execute(sql`update bookings set start_date = ${inDays(-1)}::date, end_date = ${inDays(0)}::date, nights = 1 where id = ${booked.id}`);
    expect((await call('DELETE', `/api/pets/${pet.id}`, owner)).statusCode).toBe(409);
    await t.database.db.execute(sql`update bookings set start_date = ${inDays(9)}::date, end_date = ${inDays(11)}::date, nights = 2 where id = ${booked.id}`);
    expect((await call('POST', `/api/bookings/${booked.id}/cancel`, owner)).statusCode).toBe(200);
    const photo = (await call('GET', `/api/pets/${pet.id}`, owner)).json().photo_url as string;
    expect((await call('DELETE', `/api/pets/${pet.id}`, owner)).statusCode).toBe(204);
    expect(existsSync(path.join(t.dataDir, photo))).toBe(false);
    expect(certificateFiles()).toHaveLength(0);
    // The past request keeps its place, without the pet.
    expect((await call('GET', '/api/bookings', owner)).json().results[0]).toMatchObject({ id: booked.id, pets: [] });
  });

  it('checks every pet of a request against the pet policy and refuses with each failed rule by name', async () => {
    const [guest, host] = [await user('policy-guest'), await user('policy-host')];
    const home = await createListing(t, host, {
      title: 'Cat-friendly flat with a netted balcony',
      pet_types: ['cat'],
      size_supported: ['small', 'medium'],
      max_pets: 2,
      vaccinations_required: true,
      house_rules: ['not_on_bed'],
      house_rules_note: 'Litter trays are provided.',
      host_pets: [{ kind: 'cat', line: 'Chiku, a shy tabby' }],
    });
    expect(home).toMatchObject({ pet_types: ['cat'], vaccinations_required: true, house_rules: ['not_on_bed'], host_pets: [{ kind: 'cat', line: 'Chiku, a shy tabby' }] });
    const recent = { rabies: inDays(-30), core: inDays(-30) };
    const mittens = await addPet(guest, { name: 'Mittens', type: 'cat', size: 's', vaccinations: recent });
    const motu = await addPet(guest, { name: 'Motu', type: 'cat', size: 'm', vaccinations: recent });
    const bruno = await addPet(guest, { name: 'Bruno', type: 'dog', size: 'l', vaccinations: recent });
    const misti = await addPet(guest, { name: 'Misti', type: 'cat', size: 's', vaccinations: { rabies: inDays(-400), core: null } });
    const ask = (petIds: string[], fromDate = inDays(30)) => call('POST', '/api/bookings', guest, { listingId: home.id, petIds, fromDate, toDate: inDays(33) });

    const cases: [string, string[], string][] = [
      ['a dog, and a large one', [bruno.id], 'Bruno is a dog; this home takes cats only. Bruno is large; this home takes small and medium pets'],
      ['a vaccination due, one missing', [misti.id], "Misti's rabies vaccination is due. This home asks for vaccinations: add Misti's FVRCP vaccination to the profile"],
      ['three pets where two are welcome', [mittens.id, motu.id, misti.id], 'This home takes at most 2 pets; you chose 3'],
    ];
    for (const [what, ids, message] of cases) {
      const res = await ask(ids);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error, what).toMatchObject({ code: 'pet_policy', fields: { petIds: expect.any(String) } });
      expect(res.json().error.message.startsWith(message), `${what}: ${res.json().error.message}`).toBe(true);
    }
    // A dose current today but due by the stay's first day counts as due.
    const soon = await addPet(guest, { name: 'Soon', type: 'cat', size: 's', vaccinations: { rabies: inDays(-360), core: inDays(-30) } });
    expect((await ask([soon.id], inDays(10))).json().error.message).toBe("Soon's rabies vaccination is due");
    expect((await call('GET', '/api/bookings', guest)).json().results).toEqual([]);

    // Two welcome pets: one request for both; the host reads both profiles.
    const both = await ask([motu.id, mittens.id]);
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json()).toMatchObject({ size: 'medium', pets: [{ name: 'Mittens' }, { name: 'Motu' }] });
    expect(t.mail.at(-1)!.text).toContain('Pets: Mittens (cat, small (under 10kg)), Motu (cat, medium (10-25kg))');
    const request = (await call('GET', '/api/host/bookings', host)).json().results[0];
    expect(request.pets.map((p: { name: string }) => p.name)).toEqual(['Mittens', 'Motu']);
    expect(request.pets[0]).toMatchObject({ type: 'cat', size: 's', vaccinations: { rabies: { given_on: recent.rabies, certificate_url: null } } });
    expect((await call('GET', '/api/bookings', guest)).json().results[0].pets).toEqual([
      { id: mittens.id, name: 'Mittens' },
      { id: motu.id, name: 'Motu' },
    ]);

    // Someone else's pet, or one twice, is no request.
    const other = await user('other-guest');
    const theirs = await addPet(other, { name: 'Theirs', type: 'cat', size: 's', vaccinations: recent });
    expect((await ask([mittens.id, theirs.id])).statusCode).toBe(404);
    expect((await ask([mittens.id, mittens.id])).json().error.message).toBe('Choose each pet once');
  });

  it('searches for a pet: its type, and without current vaccinations only homes that do not require them', async () => {
    const host = await user('search-host');
    const city = 'Bhuj';
    const make = (title: string, policy: Record<string, unknown>) => createListing(t, host, { title, city, ...policy });
    const dogs = await make('Dog house with a big yard in Bhuj', { pet_types: ['dog'] });
    const cats = await make('Cat flat with window seats in Bhuj', { pet_types: ['cat'] });
    const strict = await make('Vaccinated pets only, garden flat in Bhuj', { pet_types: ['dog', 'cat'], vaccinations_required: true });
    const search = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?city=${city}&${q}` });
      expect(res.statusCode, res.body).toBe(200);
      return new Set((res.json().results as { id: string }[]).map((r) => r.id));
    };
    expect(await search('')).toEqual(new Set([dogs.id, cats.id, strict.id]));
    expect(await search('type=dog')).toEqual(new Set([dogs.id, strict.id]));
    expect(await search('type=cat&vaccinated=false')).toEqual(new Set([cats.id]));
    expect(await search('type=dog&vaccinated=true')).toEqual(new Set([dogs.id, strict.id]));
    for (const [q, message] of [
      ['type=parrot', 'Pet type must be dog or cat'],
      ['vaccinated=maybe', 'Vaccinated must be true or false'],
      ['type=dog&type=cat', 'Give type only once'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?city=${city}&${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(JSON.stringify(res.json().error), q).toContain(message);
    }
  });
});
