import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { photoVariant } from '../../domain/photos';
import { api } from '../modules/bookings/test-support';
import { setOperator } from '../modules/ops';
import { useTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { createListing, multipartBody, testJpeg, uploadPhotos } from '../test/listings';
import { S3_TEST_BUCKET, useS3Server } from '../test/s3-server';

// The app's files through its routes, the same tests on the local disk and in an S3-compatible
// bucket (issue 25): photos stored, served and removed; private files (an ID document, a
// vaccination certificate) given to whom may see them and refused to strangers, on both.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const s3 = useS3Server();

describe.each([
  ['the local disk', () => ({})],
  ['an S3-compatible bucket', () => s3.env],
  ['a bucket whose photos a CDN serves', () => ({ ...s3.env, PUBLIC_ASSET_URL: `${s3.endpoint}/${S3_TEST_BUCKET}/` })],
])('files kept on %s', (_, envOf) => {
  const env: Record<string, string> = {};
  // Filled before the app is built (useTestApp reads it in its own beforeAll, registered after).
  beforeAll(() => void Object.assign(env, envOf()));
  const t = useTestApp(env);
  const call = api(t);
  let n = 0;
  const user = () => signIn(t, `files${++n}@example.com`);

  /** With a CDN, the app's own path must appear nowhere; without one there is nothing to check. */
  const cdnOnly = (url: string) => (env.PUBLIC_ASSET_URL ? `"/uploads/photos/${url.split('/').at(-1)}"` : '"no CDN"');

  async function upload(cookie: string, url: string, fields: Record<string, string>, content: Buffer, type: string) {
    const { payload, headers } = await multipartBody([{ filename: 'file', content, type, field: 'file' }], fields);
    return t.app.inject({ method: 'PUT', url, headers: { ...headers, cookie }, payload });
  }

  it('stores a photo, serves each variant for a year, and removes the files with the photo', async () => {
    const host = await user();
    const listing = await createListing(t, host);
    const up = await uploadPhotos(t, host, listing.id, [{ filename: 'home.jpg', content: await testJpeg(1200, 800) }]);
    expect(up.statusCode, up.body).toBe(201);
    const photo = up.json().listing_photos[0] as { id: string; url: string };
    const page = await call('GET', `/api/listings/${listing.id}`);
    expect(page.json().listing_photos[0].url).toBe(photo.url);
    // The search's answer, written as JSON by the database, names the same URL.
    const found = (await call('GET', '/api/search?city=Ahmedabad')).body;
    expect(found).toContain(JSON.stringify(photo.url));
    expect(found).not.toContain(cdnOnly(photo.url));

    // Where the browser fetches it: the CDN's copy when PUBLIC_ASSET_URL is set, else the app.
    const cdn = env.PUBLIC_ASSET_URL;
    const id = /([0-9a-f-]{36})-1600\.webp$/.exec(photo.url)?.[1];
    expect(id).toBeDefined();
    expect(photo.url).toBe(cdn ? `${cdn.replace(/\/$/, '')}/photos/${id}-1600.webp` : `/uploads/photos/${id}-1600.webp`);
    const card = `/uploads/photos/${id}-640.webp`;
    const served = await t.app.inject({ method: 'GET', url: card });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
    if (cdn) {
      // The bucket holds the variant where the public URL says, with its type and caching.
      const direct = await fetch(photoVariant(photo.url, 'card'));
      expect(direct.status).toBe(200);
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await direct.arrayBuffer()).equals(served.rawPayload)).toBe(true);
    }

    const gone = await call('DELETE', `/api/listings/${listing.id}/photos/${photo.id}`, host);
    expect(gone.statusCode).toBe(200);
    for (const url of [card, `/uploads/photos/${id}-1600.webp`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    // Nothing but a stored photo's name is looked up.
    for (const url of ['/uploads/photos/../private/x', '/uploads/photos/x.webp', '/uploads/private/id-documents/x', '/uploads/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('gives a vaccination certificate to its owner and to nobody else', async () => {
    const owner = await user();
    const pet = await call('POST', '/api/pets', owner, { name: 'Bruno', type: 'dog', size: 'm', vaccinations: { rabies: '2026-10-01', core: null } });
    expect(pet.statusCode, pet.body).toBe(201);
    const url = `/api/pets/${pet.json().id}/vaccinations/rabies/certificate`;
    const put = await upload(owner, url, {}, PDF, 'application/pdf');
    expect(put.statusCode, put.body).toBe(200);

    const mine = await call('GET', url, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toContain('no-store');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect((await call('GET', url, await user())).statusCode).toBe(404);
    // Signed out, the pets' routes ask for a sign-in first; no file either way.
    expect((await call('GET', url)).statusCode).toBe(401);
  });

  it('gives a host\'s ID document to an operator and to nobody else, the host included', async () => {
    const host = await user();
    const put = await upload(host, '/api/host/verification/id-document', { id_type: 'pan' }, PDF, 'application/pdf');
    expect(put.statusCode, put.body).toBe(200);
    const listing = await createListing(t, host);
    expect((await uploadPhotos(t, host, listing.id, [{ filename: 'home.jpg', content: await testJpeg() }])).statusCode).toBe(201);
    expect((await call('PUT', '/api/host/verification/photos', host, { confirmed: true })).statusCode).toBe(200);
    const slot = (await call('GET', '/api/host/verification', host)).json().slots[0].starts[0];
    expect((await call('PUT', '/api/host/verification/call', host, { starts_at: slot })).statusCode).toBe(200);
    expect((await call('POST', '/api/host/verification/submit', host)).statusCode).toBe(200);

    const opsEmail = `files-ops${++n}@example.com`;
    const ops = await signIn(t, opsEmail);
    await setOperator(t.database.db, opsEmail, true);
    const queue = await call('GET', '/api/ops/verifications', ops);
    const id = (queue.json().results as { id: string }[])[0]!.id;
    const url = `/api/ops/verifications/${id}/id-document`;
    const opened = await call('GET', url, ops);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toContain('no-store');
    expect(opened.rawPayload.equals(PDF)).toBe(true);
    for (const who of [host, await user(), undefined]) expect((await call('GET', url, who)).statusCode).toBe(404);
  });
});
