import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CareSheetInput } from '../../../domain/stays/care-sheet';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing, multipartBody, testJpeg, type UploadFile } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { storedStayPhotoFiles } from '../../test/stay-photos';
import { addPet, api, inDays } from '../bookings/test-support';
import { payForStay } from '../payments/test-support';
import { runLifecycle } from '../../jobs/lifecycle';
import { search } from '../search/test-support';
import { sweepStayPhotos } from './service';
import { addDays, instantInIndia, todayInIndia } from '../../../domain/dates';

// The stay itself through the real app (issue 37): care sheets, check-in and check-out, on both
// databases, with who may do what and the races between them.

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const goodSheet = (overrides: Partial<CareSheetInput> = {}): CareSheetInput => ({
  food: { what: 'Drools chicken & rice kibble', amount: '1 cup', times: ['19:00', '08:00'] },
  medicines: [{ name: 'Apoquel', dose: 'Half a tablet', times: ['20:00'] }],
  walks: 'Two walks, morning and evening, 30 minutes each',
  habits: 'Scared of fireworks; loves belly rubs',
  house_training: 'Fully house trained',
  vet: { name: 'Dr. Mehta', clinic: 'Paws Clinic, Bodakdev', phone: '079 2640 1234' },
  emergency_contact: { name: 'Kiran Shah', phone: '98250 12345' },
  ...overrides,
});

describe('/api/stays', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;

  /** A new host's listing and a new guest's stay of `nights` from `from` days ahead for `pets`, accepted, and paid unless told. */
  async function stay(opts: { from?: number; nights?: number; pets?: string[]; pay?: boolean } = {}) {
    n++;
    const hostEmail = `s-host${n}@example.com`;
    const host = await signIn(t, hostEmail);
    await call('PATCH', '/api/me', host, { name: 'Rohan Patel' });
    const listing = await createListing(t, host, { max_pets: 2 });
    const guestEmail = `s-guest${n}@example.com`;
    const guest = await signIn(t, guestEmail);
    await call('PATCH', '/api/me', guest, { name: 'Aditi Sharma', phone: '98765 43210' });
    const pets = [];
    for (const name of opts.pets ?? ['Bruno']) pets.push(await addPet(t, guest, { name, size: 's' }));
    const from = opts.from ?? 0;
    const created = await call('POST', '/api/bookings', guest, { listingId: listing.id, fromDate: inDays(from), toDate: inDays(from + (opts.nights ?? 3)), petIds: pets.map((p) => p.id) });
    if (created.statusCode !== 201) throw new Error(created.body);
    const id: string = created.json().id;
    const accepted = await call('POST', `/api/bookings/${id}/accept`, host);
    if (accepted.statusCode !== 200) throw new Error(accepted.body);
    if (opts.pay !== false) await payForStay(t, guest, id);
    return { id, host, hostEmail, guest, guestEmail, pets, listing };
  }
  const sheet = (s: { id: string; guest: string }, petId: string, body: unknown = goodSheet()) => call('PUT', `/api/stays/${s.id}/care-sheets/${petId}`, s.guest, body);
  const status = async (id: string) =>
    (await rawRows<{ status: string; checked_in_at: string | null; checked_out_at: string | null }>(t.database.db, sql`select status, checked_in_at::text, checked_out_at::text from bookings where id = ${id}`))[0]!;

  describe('GET', () => {
    it('shows the guest where the stay is and a draft begun from the pet profile; the host sees the same stay without drafts', async () => {
      const s = await stay({ from: 0 });
      await call('PATCH', `/api/pets/${s.pets[0]!.id}`, s.guest, { temperament: 'Shy with other dogs' });
      const guestView = await call('GET', `/api/stays/${s.id}`, s.guest);
      expect(guestView.statusCode).toBe(200);
      expect(guestView.json()).toMatchObject({
        viewer_role: 'guest',
        status: 'confirmed',
        stage: { kind: 'arrives_today' },
        guest: { name: 'Aditi Sharma' },
        host: { name: 'Rohan Patel' },
        care_sheets_visible: true,
        can_edit_care_sheets: true,
        can_check_in: false,
        check_in_problem: null,
        can_check_out: false,
      });
      expect(guestView.json().pets[0]).toMatchObject({ name: 'Bruno', care_sheet: null, draft: { habits: 'Shy with other dogs', medicines: [] } });

      const hostView = (await call('GET', `/api/stays/${s.id}`, s.host)).json();
      expect(hostView).toMatchObject({ viewer_role: 'host', can_edit_care_sheets: false, can_check_in: false, check_in_problem: 'Complete the care sheet for Bruno' });
      expect(hostView.pets[0]).toMatchObject({ care_sheet: null, draft: null });
    });

    it('is the guest\'s and the host\'s alone: a stranger, a host of another listing and an unknown id get 404; signed out, 401', async () => {
      const s = await stay({ from: 2 });
      const other = await stay({ from: 2 });
      const stranger = await signIn(t, 'stranger@example.com');
      expect((await call('GET', `/api/stays/${s.id}`, stranger)).statusCode).toBe(404);
      expect((await call('GET', `/api/stays/${s.id}`, other.host)).statusCode).toBe(404);
      expect((await call('GET', `/api/stays/${s.id}`, other.guest)).statusCode).toBe(404);
      expect((await call('GET', `/api/stays/${UNKNOWN}`, s.guest)).statusCode).toBe(404);
      expect((await call('GET', `/api/stays/${s.id}`)).statusCode).toBe(401);
      expect((await call('GET', '/api/stays/not-an-id', s.guest)).statusCode).toBe(400);
    });
  });

  describe('care sheets', () => {
    it('the guest writes one for each pet; the host reads it; the next stay begins from it', async () => {
      const s = await stay({ from: 3 });
      const saved = await sheet(s, s.pets[0]!.id);
      expect(saved.statusCode).toBe(200);
      const pet = saved.json().pets[0];
      // Kept as the schema makes it: times in the day's order, phones as E.164.
      expect(pet.care_sheet).toMatchObject({ food: { times: ['08:00', '19:00'] }, vet: { phone: '+917926401234' }, emergency_contact: { phone: '+919825012345' } });
      expect(pet.draft).toBeNull();
      const hostView = (await call('GET', `/api/stays/${s.id}`, s.host)).json();
      expect(hostView.pets[0].care_sheet.medicines).toEqual([{ name: 'Apoquel', dose: 'Half a tablet', times: ['20:00'] }]);

      // The same guest's next stay with Bruno begins from this sheet.
      const next = await call('POST', '/api/bookings', s.guest, { listingId: s.listing.id, fromDate: inDays(20), toDate: inDays(22), petIds: [s.pets[0]!.id] });
      await call('POST', `/api/bookings/${next.json().id}/accept`, s.host);
      await payForStay(t, s.guest, next.json().id);
      const draft = (await call('GET', `/api/stays/${next.json().id}`, s.guest)).json().pets[0].draft;
      expect(draft.vet).toEqual({ name: 'Dr. Mehta', clinic: 'Paws Clinic, Bodakdev', phone: '+917926401234' });
    });

    it('refuses a bad sheet with the field that is wrong, and stores nothing', async () => {
      const s = await stay({ from: 3 });
      const bad = await sheet(s, s.pets[0]!.id, goodSheet({ food: { what: '', amount: '1 cup', times: ['25:00'] } }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({ 'food.what': 'Say what your pet eats', 'food.times.0': 'Enter a time such as 08:00' });
      const noVetPhone = await sheet(s, s.pets[0]!.id, goodSheet({ vet: { name: 'Dr. Mehta', clinic: 'Paws', phone: '12' } }));
      expect(noVetPhone.json().error.fields).toMatchObject({ 'vet.phone': 'Enter a valid Indian phone number' });
      for (const body of [{}, [], { ...goodSheet(), food: 'kibble' }, { ...goodSheet(), medicines: Array(6).fill({ name: 'A', dose: 'B', times: ['08:00'] }) }]) {
        expect((await sheet(s, s.pets[0]!.id, body)).statusCode).toBe(400);
      }
      expect(await rawRows(t.database.db, sql`select 1 from care_sheets where booking_id = ${s.id}`)).toEqual([]);
    });

    it('refuses text jsonb cannot store (a lone surrogate), with a 400 and nothing stored', async () => {
      const s = await stay({ from: 3 });
      const res = await sheet(s, s.pets[0]!.id, goodSheet({ habits: 'Scared \ud800 of fireworks' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.habits).toBe('This text has characters we cannot store. Please type it again.');
      expect(await rawRows(t.database.db, sql`select 1 from care_sheets where booking_id = ${s.id}`)).toEqual([]);
    });

    it('refuses the guest as their own emergency contact, by phone or by name', async () => {
      const s = await stay({ from: 3 });
      const byPhone = await sheet(s, s.pets[0]!.id, goodSheet({ emergency_contact: { name: 'Mum', phone: '+91 98765 43210' } }));
      expect(byPhone.statusCode).toBe(400);
      expect(byPhone.json().error.message).toBe('The emergency contact must be someone other than you');
      const byName = await sheet(s, s.pets[0]!.id, goodSheet({ emergency_contact: { name: ' aditi  sharma ', phone: '98250 00000' } }));
      expect(byName.statusCode).toBe(400);
    });

    it('only the guest writes, only for a pet on the stay, only once paid and until the stay is over', async () => {
      const s = await stay({ from: 3 });
      expect((await call('PUT', `/api/stays/${s.id}/care-sheets/${s.pets[0]!.id}`, s.host, goodSheet())).statusCode).toBe(404);
      const stranger = await signIn(t, 'sheet-stranger@example.com');
      expect((await call('PUT', `/api/stays/${s.id}/care-sheets/${s.pets[0]!.id}`, stranger, goodSheet())).statusCode).toBe(404);
      const otherPet = await addPet(t, s.guest, { name: 'Coco', size: 's' });
      const notOnStay = await sheet(s, otherPet.id);
      expect(notOnStay.statusCode).toBe(404);
      expect(notOnStay.json().error.message).toBe('This pet is not on this stay');
      expect((await sheet(s, UNKNOWN)).statusCode).toBe(404);

      const unpaid = await stay({ from: 3, pay: false });
      const early = await sheet(unpaid, unpaid.pets[0]!.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe('Care sheets can be written once the stay is paid');
      expect((await call('GET', `/api/stays/${unpaid.id}`, unpaid.host)).json()).toMatchObject({ care_sheets_visible: false, stage: null });
    });
  });

  describe('check-in and check-out', () => {
    const checkIn = (s: { id: string; host: string }, cookie = s.host) => call('POST', `/api/stays/${s.id}/check-in`, cookie);
    const checkOut = (s: { id: string; host: string }, cookie = s.host) => call('POST', `/api/stays/${s.id}/check-out`, cookie);

    it('needs a care sheet for every pet, names the ones missing, then checks in and tells the guest', async () => {
      const s = await stay({ from: 0, pets: ['Bruno', 'Coco'] });
      await sheet(s, s.pets[0]!.id);
      const missing = await checkIn(s);
      expect(missing.statusCode).toBe(409);
      expect(missing.json().error.message).toBe('Complete the care sheet for Coco');
      expect((await status(s.id)).status).toBe('confirmed');

      await sheet(s, s.pets[1]!.id);
      t.mail.length = 0;
      const arrived = await checkIn(s);
      expect(arrived.statusCode).toBe(200);
      expect(arrived.json()).toMatchObject({ status: 'in_stay', stage: { kind: 'staying', day: 1, nights: 3 }, can_check_in: false, can_check_out: true });
      expect((await status(s.id)).checked_in_at).not.toBeNull();
      expect(t.mail.map((m) => [m.to, m.subject])).toEqual([[s.guestEmail, `Bruno and Coco have arrived at ${s.listing.title}`]]);
      expect(t.mail[0]!.text).toContain(`/stays/${s.id}`);
      // The guest's card says where the stay is, and it can no longer be cancelled.
      const card = (await call('GET', '/api/bookings', s.guest)).json().results.find((b: { id: string }) => b.id === s.id);
      expect(card).toMatchObject({ status: 'in_stay', stage: { kind: 'staying', day: 1, nights: 3 }, can_cancel: false });
      expect((await call('POST', `/api/host/bookings/${s.id}/cancel`, s.host)).statusCode).toBe(409);
    });

    it('is the host\'s alone, and only from the check-in day', async () => {
      const s = await stay({ from: 2 });
      await sheet(s, s.pets[0]!.id);
      expect((await checkIn(s, s.guest)).statusCode).toBe(404);
      const stranger = await signIn(t, 'checkin-stranger@example.com');
      expect((await checkIn(s, stranger)).statusCode).toBe(404);
      const early = await checkIn(s);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe('A stay can be checked in from its check-in day');
      expect((await call('GET', `/api/stays/${s.id}`, s.host)).json()).toMatchObject({ can_check_in: false, check_in_problem: 'A stay can be checked in from its check-in day' });

      const unpaid = await stay({ from: 0, pay: false });
      expect((await checkIn(unpaid)).json().error.message).toBe('Only a paid stay can be checked in');
      expect((await checkOut(s)).json().error.message).toBe('Only a stay under way can be checked out');
    });

    it('two check-ins at once: one checks in, the other is told the stay has started; one e-mail', async () => {
      const s = await stay({ from: 0 });
      await sheet(s, s.pets[0]!.id);
      t.mail.length = 0;
      const answers = await Promise.all([checkIn(s), checkIn(s), checkIn(s)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error.message)).toEqual(['This stay has already started', 'This stay has already started']);
      expect(t.mail.filter((m) => m.subject.includes('has arrived'))).toHaveLength(1);
    });

    it('a check-in and the host\'s cancellation at once: exactly one of them happens', async () => {
      const s = await stay({ from: 0 });
      await sheet(s, s.pets[0]!.id);
      const [inRes, cancelRes] = await Promise.all([checkIn(s), call('POST', `/api/host/bookings/${s.id}/cancel`, s.host)]);
      expect([inRes.statusCode, cancelRes.statusCode].sort()).toEqual([200, 409]);
      expect((await status(s.id)).status).toBe(inRes.statusCode === 200 ? 'in_stay' : 'cancelled');
    });

    it('checks out: completed, the guest told, the sheets read-only; a second check-out is refused', async () => {
      const s = await stay({ from: 0 });
      await sheet(s, s.pets[0]!.id);
      await checkIn(s);
      t.mail.length = 0;
      const gone = await checkOut(s);
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toMatchObject({ status: 'completed', stage: { kind: 'gone_home' }, can_check_out: false });
      expect((await status(s.id)).checked_out_at).not.toBeNull();
      expect(t.mail.map((m) => m.subject)).toEqual([`Bruno has gone home from ${s.listing.title}`]);
      expect((await checkOut(s)).json().error.message).toBe('This stay is already completed');
      const late = await sheet(s, s.pets[0]!.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe('This stay is over, so its care sheets can no longer be changed');
      // The host still reads the sheet for a week after the stay.
      expect((await call('GET', `/api/stays/${s.id}`, s.host)).json().care_sheets_visible).toBe(true);
    });

    it('the lifecycle job completes a stay under way once its check-out day is over; the host then no longer reads its sheets after a week', async () => {
      const s = await stay({ from: 0 });
      await sheet(s, s.pets[0]!.id);
      await checkIn(s);
      // Its check-out day passed ten days ago, as if the host never pressed "gone home".
      await t.database.db.execute(sql`update calendar_holds set during = daterange(current_date - 13, current_date - 10) where booking_id = ${s.id}`);
      await t.database.db.execute(sql`update bookings set start_date = current_date - 13, end_date = current_date - 10 where id = ${s.id}`);
      await runLifecycle(t.database.db, { publicUrl: 'http://localhost:3000', testMode: true });
      expect((await status(s.id)).status).toBe('completed');
      const hostView = (await call('GET', `/api/stays/${s.id}`, s.host)).json();
      expect(hostView).toMatchObject({ care_sheets_visible: false, stage: { kind: 'gone_home' } });
      expect(hostView.pets[0].care_sheet).toBeNull();
      expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json().pets[0].care_sheet).not.toBeNull();
    });
  });

  describe('updates', () => {
    /** A stay under way (checked in today, Bruno's sheet written) of a new host and guest. */
    async function underWay(opts: { pets?: string[] } = {}) {
      const s = await stay({ from: 0, pets: opts.pets });
      for (const p of s.pets) await sheet(s, p.id);
      const arrived = await call('POST', `/api/stays/${s.id}/check-in`, s.host);
      if (arrived.statusCode !== 200) throw new Error(arrived.body);
      return s;
    }
    const post = async (s: { id: string }, cookie: string, files: UploadFile[], fields: Record<string, string> = {}) => {
      const { payload, headers } = await multipartBody(files, fields);
      return t.app.inject({ method: 'POST', url: `/api/stays/${s.id}/updates`, headers: { ...headers, cookie }, payload });
    };
    const photo = async (name = 'bruno.jpg') => ({ filename: name, content: await testJpeg(800, 600) });
    const storedFiles = () => storedStayPhotoFiles(t.dataDir);

    it('the host posts words, ticks and photos; the guest sees them newest first, is told, and alone with the host opens the photos', async () => {
      const s = await underWay();
      const bruno = s.pets[0]!.id;
      t.mail.length = 0;
      const log = JSON.stringify([{ pet_id: bruno, kind: 'fed', at: '08:05' }, { pet_id: bruno, kind: 'medicine', at: '20:00', medicine: 'Apoquel' }]);
      const res = await post(s, s.host, [await photo(), await photo('park.jpg')], { note: 'A long walk in the park, then a nap.', log });
      expect(res.statusCode, res.body).toBe(201);
      const view = res.json();
      expect(view.updates.map((u: { kind: string }) => u.kind)).toEqual(['update', 'arrival']);
      const update = view.updates[0];
      expect(update).toMatchObject({ note: 'A long walk in the park, then a nap.', for_date: todayInIndia() });
      expect(update.care_log).toEqual([{ pet_id: bruno, kind: 'fed', at: '08:05', medicine: null }, { pet_id: bruno, kind: 'medicine', at: '20:00', medicine: 'Apoquel' }]);
      expect(update.photos).toHaveLength(2);
      expect(update.photos[0]).toMatchObject({ width: 800, height: 600, card_url: `/api/stays/${s.id}/photos/${update.photos[0].id}?size=card` });
      expect(t.mail.map((m) => [m.to, m.subject])).toEqual([[s.guestEmail, 'An update on Bruno from Rohan Patel']]);
      expect(t.mail[0]!.text).toContain('posted an update with 2 photos');

      const guestView = (await call('GET', `/api/stays/${s.id}`, s.guest)).json();
      expect(guestView.updates[0].photos).toHaveLength(2);
      const image = await call('GET', update.photos[0].large_url, s.guest);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('private, max-age=604800, immutable');
      expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
      expect((await call('GET', update.photos[0].card_url, s.host)).statusCode).toBe(200);

      const other = await stay({ from: 5 });
      const stranger = await signIn(t, 'photo-stranger@example.com');
      for (const cookie of [stranger, other.host, other.guest]) expect((await call('GET', update.photos[0].card_url, cookie)).statusCode).toBe(404);
      expect((await call('GET', update.photos[0].card_url)).statusCode).toBe(401);
      // A photo id of this stay asked for under another stay's id is not found either.
      expect((await call('GET', `/api/stays/${other.id}/photos/${update.photos[0].id}`, other.host)).statusCode).toBe(404);
      expect((await call('GET', `/api/stays/${s.id}/photos/${update.photos[0].id}?size=huge`, s.guest)).statusCode).toBe(400);
    });

    it('refuses an empty update, a file that is no photo, more than 8 photos, a bad care log and a long note, leaving no file behind', async () => {
      const s = await underWay();
      const before = storedFiles();
      const empty = await post(s, s.host, []);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('Add a photo, a few words or a tick to post an update');
      const notPhoto = await post(s, s.host, [await photo(), { filename: 'notes.txt', content: Buffer.from('not a photo'), type: 'text/plain' }], { note: 'x' });
      expect(notPhoto.statusCode).toBe(400);
      expect(notPhoto.json().error.fields.photos).toBe('This file is not a photo we can read. Upload a JPEG, PNG or WebP image.');
      const nine = await post(s, s.host, await Promise.all(Array.from({ length: 9 }, (_, i) => photo(`p${i}.jpg`))));
      expect(nine.statusCode).toBe(400);
      expect(nine.json().error.message).toBe('An update holds up to 8 photos');
      expect((await post(s, s.host, [], { log: '{not json' })).json().error.message).toBe('The care log could not be read');
      expect((await post(s, s.host, [], { log: JSON.stringify([{ pet_id: s.pets[0]!.id, kind: 'danced', at: '08:00' }]) })).statusCode).toBe(400);
      expect((await post(s, s.host, [], { log: JSON.stringify([{ pet_id: s.pets[0]!.id, kind: 'fed', at: '8am' }]) })).statusCode).toBe(400);
      const otherPet = await addPet(t, s.guest, { name: 'Coco', size: 's' });
      const notOnStay = await post(s, s.host, [await photo()], { log: JSON.stringify([{ pet_id: otherPet.id, kind: 'fed', at: '08:00' }]) });
      expect(notOnStay.statusCode).toBe(400);
      expect(notOnStay.json().error.message).toBe('This pet is not on this stay');
      expect((await post(s, s.host, [], { note: 'x'.repeat(1001) })).json().error.message).toBe('Keep the update under 1000 characters');
      const json = await call('POST', `/api/stays/${s.id}/updates`, s.host, { note: 'hello' });
      expect(json.statusCode).toBe(415);
      expect(storedFiles()).toBe(before);
      expect(await rawRows(t.database.db, sql`select 1 from stay_updates where booking_id = ${s.id} and kind = 'update'`)).toEqual([]);
    });

    it('refuses text jsonb cannot store in the note or the care log, and a field cut short by the form\'s limit', async () => {
      const s = await underWay();
      const bruno = s.pets[0]!.id;
      const nul = await post(s, s.host, [], { log: JSON.stringify([{ pet_id: bruno, kind: 'medicine', at: '08:00', medicine: 'Apo\u0000quel' }]) });
      expect(nul.statusCode).toBe(400);
      // A form field cannot carry half a surrogate pair (it is sent as U+FFFD); JSON inside one can.
      const surrogate = await post(s, s.host, [], { log: JSON.stringify([{ pet_id: bruno, kind: 'medicine', at: '08:00', medicine: 'Apo\ud800' }]) });
      expect(surrogate.statusCode).toBe(400);
      expect(surrogate.json().error.message).toBe('This text has characters we cannot store. Please type it again.');
      const long = await post(s, s.host, [], { note: 'x'.repeat(17 * 1024) });
      expect(long.statusCode).toBe(400);
      expect(long.json().error.fields.note).toBe('Keep the update under 1000 characters');
      expect(t.serverErrors).toEqual([]);
    });

    it('takes up to 12 updates a day, as each one e-mails the guest', async () => {
      const s = await underWay();
      for (let i = 0; i < 12; i++) expect((await post(s, s.host, [], { note: `Update ${i}` })).statusCode).toBe(201);
      const thirteenth = await post(s, s.host, [], { note: 'One more' });
      expect(thirteenth.statusCode).toBe(409);
      expect(thirteenth.json().error.message).toBe("You have posted 12 updates today, and the guest is told of each one. Please add more to tomorrow's.");
    });

    it('refuses someone else\'s upload before reading its photos, and closes the connection', async () => {
      const s = await underWay();
      const other = await stay({ from: 4 });
      const before = storedFiles();
      const res = await post(s, other.host, [await photo(), await photo('b.jpg')], { note: 'Not my stay' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.connection).toBe('close');
      expect(storedFiles()).toBe(before);
    });

    it('is the host\'s alone, and only while the stay is under way', async () => {
      const s = await stay({ from: 0 });
      await sheet(s, s.pets[0]!.id);
      const early = await post(s, s.host, [], { note: 'Not here yet' });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe('Updates can be posted while the stay is under way');
      await call('POST', `/api/stays/${s.id}/check-in`, s.host);
      expect((await post(s, s.guest, [], { note: 'I am the guest' })).statusCode).toBe(404);
      const stranger = await signIn(t, 'update-stranger@example.com');
      expect((await post(s, stranger, [], { note: 'Hi' })).statusCode).toBe(404);
      expect((await post(s, '', [], { note: 'Hi' })).statusCode).toBe(401);
      await call('POST', `/api/stays/${s.id}/check-out`, s.host);
      const late = await post(s, s.host, [], { note: 'After' });
      expect(late.statusCode).toBe(409);
    });

    it('an update and the check-out at once: the update is either saved before the stay ends or refused, never after', async () => {
      const s = await underWay();
      const [update, out] = await Promise.all([post(s, s.host, [await photo()], { note: 'Last walk' }), call('POST', `/api/stays/${s.id}/check-out`, s.host)]);
      expect(out.statusCode).toBe(200);
      expect([201, 409]).toContain(update.statusCode);
      const [row] = await rawRows<{ n: number; after: boolean }>(t.database.db, sql`
        select count(*)::int as n, coalesce(bool_or(u.created_at > b.checked_out_at), false) as after
        from stay_updates u join bookings b on b.id = u.booking_id where u.booking_id = ${s.id} and u.kind = 'update'
      `);
      expect(row).toEqual({ n: update.statusCode === 201 ? 1 : 0, after: false });
    });

    it('the check-in may bring one photo: the arrival is the first update', async () => {
      const s = await stay({ from: 0 });
      await sheet(s, s.pets[0]!.id);
      const { payload, headers } = await multipartBody([await photo('arrived.jpg')], { note: 'Settled in already' });
      const res = await t.app.inject({ method: 'POST', url: `/api/stays/${s.id}/check-in`, headers: { ...headers, cookie: s.host }, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().updates).toEqual([expect.objectContaining({ kind: 'arrival', note: 'Settled in already', photos: [expect.objectContaining({ width: 800 })] })]);
      expect(res.json().no_update_today).toBe(false);
      const two = await stay({ from: 0 });
      await sheet(two, two.pets[0]!.id);
      const body = await multipartBody([await photo(), await photo()]);
      const refused = await t.app.inject({ method: 'POST', url: `/api/stays/${two.id}/check-in`, headers: { ...body.headers, cookie: two.host }, payload: body.payload });
      expect(refused.statusCode).toBe(400);
      expect((await status(two.id)).status).toBe('confirmed');
    });

    it('sweeps the photo files no update names, an hour after first seeing them, and keeps every named one', async () => {
      const s = await underWay();
      expect((await post(s, s.host, [await photo()], { note: 'At the park' })).statusCode).toBe(201);
      const files = t.storage.stayPhotos;
      const all = async () => {
        const keys: string[] = [];
        for await (const key of files.keys()) keys.push(key);
        return keys.sort();
      };
      const named = await all();
      // A file stored for a request that then failed: no update names it.
      const orphan = await files.put(new Uint8Array([1, 2, 3]));
      const log = { warn: () => undefined };
      const now = new Date();
      // First seen: noted, not deleted (its request might still be running).
      expect(await sweepStayPhotos(t.database.db, files, log, now)).toMatchObject({ deleted: 0 });
      expect(await files.read(orphan)).toBeDefined();
      // Still within the hour: kept.
      expect((await sweepStayPhotos(t.database.db, files, log, new Date(now.getTime() + 30 * 60_000))).deleted).toBe(0);
      // An hour on, still unnamed: deleted; the update's own files stay, and nothing is noted any more.
      expect((await sweepStayPhotos(t.database.db, files, log, new Date(now.getTime() + 61 * 60_000))).deleted).toBe(1);
      expect(await files.read(orphan)).toBeUndefined();
      expect(await all()).toEqual(named);
      expect(await rawRows(t.database.db, sql`select key from stay_photo_orphans`)).toEqual([]);
      // The guest still opens the update's photo.
      const view = (await call('GET', `/api/stays/${s.id}`, s.guest)).json();
      const photoId = view.updates.find((u: { photos: unknown[] }) => u.photos.length > 0).photos[0].id;
      expect((await call('GET', `/api/stays/${s.id}/photos/${photoId}?size=card`, s.guest)).statusCode).toBe(200);
    });

    it('keeps a file that was unnamed when first seen and named by the time of the next sweep', async () => {
      const files = t.storage.stayPhotos;
      const log = { warn: () => undefined };
      await sweepStayPhotos(t.database.db, files, log);
      // A file seen while its request was still running (stored, not yet committed)...
      const key = await files.put(new Uint8Array([9]));
      const now = new Date();
      await sweepStayPhotos(t.database.db, files, log, now);
      expect(await rawRows(t.database.db, sql`select key from stay_photo_orphans where key = ${key}`)).toHaveLength(1);
      // ...then named by its update's row.
      const s = await underWay();
      const [update] = await rawRows<{ id: string }>(t.database.db, sql`select id from stay_updates where booking_id = ${s.id}`);
      await t.database.db.execute(sql`insert into stay_update_photos (update_id, place, card_key, large_key, width, height) values (${update!.id}, 1, ${key}, ${`${key.slice(0, -4)}0000`}, 10, 10)`);
      const later = new Date(now.getTime() + 2 * 3_600_000);
      expect((await sweepStayPhotos(t.database.db, files, log, later)).deleted).toBe(0);
      expect(await files.read(key)).toBeDefined();
      expect(await rawRows(t.database.db, sql`select key from stay_photo_orphans where key = ${key}`)).toEqual([]);
    });

    it('reminds the host at 8 pm of a day without an update, once, whichever process runs the job; the guest sees "no update yet"', async () => {
      const s = await underWay();
      // The stay began yesterday: its arrival was yesterday's, and today has nothing yet.
      await t.database.db.execute(sql`update calendar_holds set during = daterange(current_date - 1, current_date + 2) where booking_id = ${s.id}`);
      await t.database.db.execute(sql`update bookings set start_date = ${addDays(todayInIndia(), -1)}::date, end_date = ${addDays(todayInIndia(), 2)}::date where id = ${s.id}`);
      await t.database.db.execute(sql`update stay_updates set for_date = ${addDays(todayInIndia(), -1)}::date where booking_id = ${s.id}`);
      expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json().no_update_today).toBe(true);
      const config = { publicUrl: 'http://localhost:3000', testMode: true };
      const today = todayInIndia();
      const before8 = new Date(instantInIndia(today, 19).getTime() + 59 * 60_000);
      const after8 = new Date(instantInIndia(today, 20).getTime() + 30 * 60_000);
      t.mail.length = 0;
      expect((await runLifecycle(t.database.db, config, today, before8)).reminded).toBe(0);
      const runs = await Promise.all([runLifecycle(t.database.db, config, today, after8), runLifecycle(t.database.db, config, today, after8)]);
      await t.deliverMail();
      const reminders = t.mail.filter((m) => m.subject.startsWith('How is Bruno today?'));
      expect(reminders.map((m) => m.to)).toEqual([s.hostEmail]);
      expect(runs.map((r) => r.reminded).sort()).toEqual([0, 1]);
      expect(reminders[0]!.text).toContain(`/stays/${s.id}`);
      // Once an update is posted, the guest no longer reads "no update yet".
      await post(s, s.host, [], { note: 'Good morning from Bruno' });
      expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json().no_update_today).toBe(false);
    });
  });

  describe('"Sends daily updates": the badge and the recommended order', () => {
    let guests = 0;
    /** A stay of `nights` at `listing`, from today: paid, checked in (the arrival is the first day's entry), updated unless told, and checked out. */
    const stayAt = async (host: string, listing: string, updated: boolean, nights = 1) => {
      const guest = await signIn(t, `daily-guest${++guests}@example.com`);
      await call('PATCH', '/api/me', guest, { name: 'Aditi Sharma', phone: '98765 43210' });
      const pet = await addPet(t, guest, { name: 'Bruno', size: 's' });
      const created = await call('POST', '/api/bookings', guest, { listingId: listing, fromDate: inDays(0), toDate: inDays(nights), petIds: [pet.id] });
      const id: string = created.json().id;
      expect((await call('POST', `/api/bookings/${id}/accept`, host)).statusCode).toBe(200);
      await payForStay(t, guest, id);
      expect((await sheet({ id, guest }, pet.id)).statusCode).toBe(200);
      expect((await call('POST', `/api/stays/${id}/check-in`, host)).statusCode).toBe(200);
      if (updated) {
        const { payload, headers } = await multipartBody([], { note: 'Bruno ate well and slept on the sofa.' });
        expect((await t.app.inject({ method: 'POST', url: `/api/stays/${id}/updates`, headers: { ...headers, cookie: host }, payload })).statusCode).toBe(201);
      }
      expect((await call('POST', `/api/stays/${id}/check-out`, host)).statusCode).toBe(200);
    };

    it("shows once the host's last five stays each had an update on every day, and not after a stay without one", async () => {
      const host = await signIn(t, 'daily-host@example.com');
      const listings: { id: string }[] = [];
      for (let i = 0; i < 6; i++) listings.push(await createListing(t, host, { title: `Daily updates home ${i + 1}` }));
      const badge = async () => (await call('GET', `/api/listings/${listings[0]!.id}`, undefined)).json().host.sends_daily_updates as boolean;
      for (let i = 0; i < 4; i++) await stayAt(host, listings[i]!.id, true);
      // Four stays are not yet a record.
      expect(await badge()).toBe(false);
      await stayAt(host, listings[4]!.id, true);
      expect(await badge()).toBe(true);
      // The newest stay, two nights, had nothing on its second day: the last five no longer all did.
      await stayAt(host, listings[5]!.id, false, 2);
      expect(await badge()).toBe(false);
    });

    it('the share of stay days with an update lifts a home in the recommended order', async () => {
      const host = await signIn(t, 'share-host@example.com');
      // Three homes alike in all the order looks at before (unverified, unrated, at one place):
      // without their daily updates they would tie, and fall back on their random ids.
      const homes = { silent: '', half: '', daily: '' };
      for (const name of ['silent', 'half', 'daily'] as const) homes[name] = (await createListing(t, host, { title: `Share home ${name}`, city: 'Vadodara', nightly_price_inr: 1234 })).id;
      const shares = () => rawRows<{ title: string; update_share: number | null; recommended_score: number }>(t.database.db, sql`
        select title, update_share, recommended_score from listings where city = 'Vadodara' and nightly_price_inr = 1234 order by title`);
      expect((await shares()).map((r) => r.update_share)).toEqual([null, null, null]);
      await stayAt(host, homes.daily, true); // one night; its day had the arrival and an update: 1
      await stayAt(host, homes.half, false, 2); // two nights; the arrival on the first day only: 0.5
      await stayAt(host, homes.silent, false, 2);
      // Behind the app's back, the silent home's stay loses its arrival: the share follows.
      await t.database.db.execute(sql`delete from stay_updates where booking_id in (select id from bookings where listing_id = ${homes.silent})`);
      expect(await shares()).toEqual([
        { title: 'Share home daily', update_share: 1, recommended_score: 0.5 },
        { title: 'Share home half', update_share: 0.5, recommended_score: 0.25 },
        { title: 'Share home silent', update_share: 0, recommended_score: 0 },
      ]);
      const found = (await search(t, { city: 'Vadodara', minPrice: 1234, maxPrice: 1234 })).results.map((c) => c.id);
      expect(found).toEqual([homes.daily, homes.half, homes.silent]);
    });
  });
});
