import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { photoVariant } from '../../../domain/photos';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { multipartBody, testJpeg, type UploadFile } from '../../test/listings';
import { api, inDays } from '../bookings/test-support';

// PUT /api/pets/:id/files: a pet's photo and certificates saved by one request, all or nothing.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const pdf = (field: string): UploadFile => ({ filename: `${field}.pdf`, content: PDF, type: 'application/pdf', field });

describe('PUT /api/pets/:id/files', () => {
  const t = useTestApp();
  let n = 0;
  const user = (name: string) => signIn(t, `${name}${++n}@example.com`);
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) => api(t)(method, url, cookie, payload);

  async function putFiles(cookie: string | undefined, petId: string, files: UploadFile[], remove: string[] = []) {
    const { payload, headers } = await multipartBodyWith(files, remove);
    return t.app.inject({ method: 'PUT', url: `/api/pets/${petId}/files`, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
  }

  /** multipartBody with a `remove` field for each name (FormData repeats a name; a record cannot). */
  async function multipartBodyWith(files: UploadFile[], remove: string[]) {
    if (remove.length <= 1) return multipartBody(files, remove.length === 1 ? { remove: remove[0]! } : {});
    const form = new FormData();
    for (const r of remove) form.append('remove', r);
    for (const f of files) form.append(f.field ?? 'photo', new Blob([new Uint8Array(f.content)], { type: f.type ?? 'image/jpeg' }), f.filename);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
  }

  async function addPet(cookie: string, vaccinations = { rabies: inDays(-30), core: inDays(-10) }) {
    const res = await call('POST', '/api/pets', cookie, { name: 'Bruno', type: 'dog', size: 'm', vaccinations });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }
  const getPet = async (cookie: string, id: string) => (await call('GET', `/api/pets/${id}`, cookie)).json();
  const photoFiles = () => {
    const dir = path.join(t.dataDir, 'uploads', 'photos');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const certificateFiles = () => {
    const dir = path.join(t.dataDir, 'private', 'pet-certificates');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const fileOf = (url: string) => path.join(t.dataDir, photoVariant(url, 'card'));

  it('sets the photo and both certificates in one request, then replaces and removes them, deleting the old files', async () => {
    const owner = await user('files-owner');
    const pet = await addPet(owner);
    const first = await putFiles(owner, pet.id, [{ filename: 'bruno.jpg', content: await testJpeg(), field: 'photo' }, pdf('rabies'), pdf('core')]);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json();
    expect(saved.photo_url).toMatch(/^\/uploads\/photos\//);
    expect(saved.vaccinations.rabies.has_certificate).toBe(true);
    expect(saved.vaccinations.core.has_certificate).toBe(true);
    expect(await getPet(owner, pet.id)).toEqual(saved);
    const certificates = certificateFiles();
    expect(certificates).toHaveLength(2);

    // A new photo and the rabies certificate removed, the core one left as it is.
    const second = await putFiles(owner, pet.id, [{ filename: 'new.jpg', content: await testJpeg(200, 200, '#3366aa'), field: 'photo' }], ['rabies']);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().photo_url).not.toBe(saved.photo_url);
    expect(existsSync(fileOf(saved.photo_url))).toBe(false);
    expect(existsSync(fileOf(second.json().photo_url))).toBe(true);
    expect(second.json().vaccinations.rabies).toMatchObject({ has_certificate: false });
    expect(second.json().vaccinations.core).toMatchObject({ has_certificate: true });
    expect(certificateFiles()).toHaveLength(1);

    const cleared = await putFiles(owner, pet.id, [], ['photo', 'core']);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().photo_url).toBeNull();
    expect(existsSync(fileOf(second.json().photo_url))).toBe(false);
    expect(certificateFiles()).toEqual([]);
  });

  it('refuses a bad form with a clear message and keeps nothing of it', async () => {
    const owner = await user('files-bad');
    const pet = await addPet(owner, { rabies: inDays(-30), core: '' as never });
    const before = await putFiles(owner, pet.id, [{ filename: 'bruno.jpg', content: await testJpeg(), field: 'photo' }]);
    expect(before.statusCode).toBe(200);
    const state = before.json();
    const [photos, certificates] = [photoFiles(), certificateFiles()];
    const jpeg = await testJpeg(100, 100, '#123456');
    const cases: [UploadFile[], string[], number, string, string][] = [
      [[], [], 400, 'send', 'Send a file, or name one to remove'],
      [[pdf('rabies')], ['everything'], 400, 'remove.0', 'Name each file photo, rabies or core'],
      [[{ filename: 'x.jpg', content: jpeg, field: 'avatar' }], [], 400, 'send.0', 'Name each file photo, rabies or core'],
      [[pdf('rabies')], ['rabies'], 400, 'rabies', 'Send or remove each file once'],
      [[{ filename: 'a.jpg', content: jpeg, field: 'photo' }, { filename: 'b.jpg', content: jpeg, field: 'photo' }], [], 400, 'photo', 'Send or remove each file once'],
      [[{ filename: 'a.jpg', content: jpeg, field: 'photo' }, { filename: 'x.exe', content: Buffer.from('MZ\x90\x00 not a certificate'), type: 'application/pdf', field: 'rabies' }], [], 400, 'rabies', 'This file is not a JPEG, PNG or PDF. Send a photo or scan of the certificate in one of those.'],
      [[pdf('rabies'), { filename: 'x.jpg', content: Buffer.from('not a photo'), field: 'photo' }], [], 400, 'photo', expect.any(String) as unknown as string],
      [[{ filename: 'empty.jpg', content: Buffer.alloc(0), field: 'photo' }], [], 400, 'photo', 'Choose a photo of your pet: JPEG, PNG or WebP'],
      // A certificate for a vaccination not recorded: the photo sent with it is not kept either.
      [[{ filename: 'a.jpg', content: jpeg, field: 'photo' }, pdf('core')], [], 409, 'core', 'Give the date of this vaccination before its certificate'],
    ];
    for (const [files, remove, status, field, message] of cases) {
      const label = `${files.map((f) => f.field).join()} / ${remove.join()}`;
      const res = await putFiles(owner, pet.id, files, remove);
      expect(res.statusCode, label).toBe(status);
      expect(res.json().error.fields?.[field], label).toEqual(message);
    }
    const big = await putFiles(owner, pet.id, [{ filename: 'big.jpg', content: Buffer.alloc(10 * 1024 * 1024 + 1, 1), field: 'photo' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields.photo).toBe('The photo must be 10 MB or smaller');
    const json = await t.app.inject({ method: 'PUT', url: `/api/pets/${pet.id}/files`, headers: { cookie: owner }, payload: { remove: ['photo'] } });
    expect(json.statusCode).toBe(415);

    expect(await getPet(owner, pet.id)).toEqual(state);
    expect(photoFiles()).toEqual(photos);
    expect(certificateFiles()).toEqual(certificates);
  });

  it("answers 404 for another user's pet and a missing one, signed out 401, and changes nothing", async () => {
    const owner = await user('files-owner');
    const stranger = await user('files-stranger');
    const pet = await addPet(owner);
    const state = await getPet(owner, pet.id);
    const [photos, certificates] = [photoFiles(), certificateFiles()];
    const files = [{ filename: 'mine.jpg', content: await testJpeg(), field: 'photo' }, pdf('rabies')];
    for (const [id, who] of [
      [pet.id, stranger],
      ['00000000-0000-4000-8000-000000000000', owner],
    ] as const) {
      const res = await putFiles(who, id, files);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Pet not found');
    }
    expect((await putFiles(stranger, pet.id, [], ['photo', 'rabies'])).statusCode).toBe(404);
    expect((await putFiles(undefined, pet.id, files)).statusCode).toBe(401);
    expect(await getPet(owner, pet.id)).toEqual(state);
    expect(photoFiles()).toEqual(photos);
    expect(certificateFiles()).toEqual(certificates);
  });
});
