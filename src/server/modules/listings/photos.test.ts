import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PHOTO_WIDTHS, type PhotoVariant, photoVariant } from '../../../domain/photos';
import { queryRows } from '../../db/rows';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing, multipartBody, testJpeg, type UploadFile, uploadPhotos } from '../../test/listings';

const urlRow = z.object({ url: z.string() });

/** The files of every variant of the photo whose large file is `large`. */
const variantsOf = (large: string) => (Object.keys(PHOTO_WIDTHS) as PhotoVariant[]).map((v) => photoVariant(large, v));

describe('listing photos', () => {
  const t = useTestApp();
  let cookie: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    cookie = await signIn(t, 'photo-host@example.com');
    jpeg = await testJpeg();
  });

  const filesOnDisk = () => {
    const dir = path.join(t.dataDir, 'uploads', 'photos');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const photoRows = async (listingId: string) =>
    queryRows(t.database.db, urlRow, sql`select url from listing_photos where listing_id = ${listingId}`);
  const photosOf = async (listingId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/listings/${listingId}`, headers: { cookie } })).json().listing_photos;
  const jpegs = (n: number): UploadFile[] => Array.from({ length: n }, (_, i) => ({ filename: `p${i}.jpg`, content: jpeg }));

  /** Asserts that a refused upload left the listing's rows and the photo folder as they were. */
  async function expectNothingStored(listingId: string, rowsBefore: number, filesBefore: string[]) {
    expect(await photoRows(listingId)).toHaveLength(rowsBefore);
    expect(filesOnDisk()).toEqual(filesBefore);
  }

  it('stores uploaded photos as WebP variants, in order, with their alt text', async () => {
    const listing = await createListing(t, cookie);
    const res = await uploadPhotos(
      t,
      cookie,
      listing.id,
      [
        { filename: 'porch.jpg', content: await testJpeg(800, 600) },
        { filename: 'garden.png', content: await sharp({ create: { width: 400, height: 500, channels: 3, background: '#3a7' } }).png().toBuffer(), type: 'image/png' },
      ],
      { alt: '  Bruno on the porch  ' },
    );
    expect(res.statusCode).toBe(201);
    const { added, listing_photos } = res.json();
    expect(added).toHaveLength(2);
    expect(listing_photos).toEqual(added);
    expect(added.map((p: { sort_order: number }) => p.sort_order)).toEqual([0, 1]);
    expect(added[0]).toMatchObject({ width: 800, height: 600, alt: 'Bruno on the porch', url: expect.stringMatching(/^\/uploads\/photos\/[0-9a-f-]{36}-1600\.webp$/) });
    expect(added[1]).toMatchObject({ width: 400, height: 500 });
    for (const { url } of added) {
      const file = path.join(t.dataDir, url);
      expect((await sharp(file).metadata()).format).toBe('webp');
      for (const other of variantsOf(file)) expect(existsSync(other), other).toBe(true);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toContain('immutable');
    }
    expect(await photosOf(listing.id)).toEqual(added);
    // More photos go after the existing ones.
    const more = (await uploadPhotos(t, cookie, listing.id, jpegs(1))).json();
    expect(more.added[0].sort_order).toBe(2);
    expect(more.listing_photos).toHaveLength(3);
  });

  it('reorders photos (the first is the cover) and refuses an order that is not exactly the listing\'s photos', async () => {
    const listing = await createListing(t, cookie);
    const photos = (await uploadPhotos(t, cookie, listing.id, jpegs(3))).json().listing_photos as { id: string; url: string }[];
    const order = (photo_ids: string[]) =>
      t.app.inject({ method: 'PUT', url: `/api/listings/${listing.id}/photos/order`, headers: { cookie }, payload: { photo_ids } });
    const ids = photos.map((p) => p.id);
    const reversed = [...ids].reverse();
    const res = await order(reversed);
    expect(res.statusCode).toBe(200);
    expect(res.json().listing_photos.map((p: { id: string }) => p.id)).toEqual(reversed);
    expect((await photosOf(listing.id)).map((p: { id: string }) => p.id)).toEqual(reversed);
    const host = (await t.app.inject({ method: 'GET', url: '/api/host/listings', headers: { cookie } })).json().results;
    expect(host.find((l: { id: string }) => l.id === listing.id).cover_photo_url).toBe(photos[2]!.url);

    const other = await createListing(t, cookie);
    const foreign = (await uploadPhotos(t, cookie, other.id, jpegs(1))).json().added[0].id;
    for (const wrong of [ids.slice(0, 2), [...ids, ids[0]!], [ids[0]!, ids[1]!, foreign], [ids[0]!, ids[0]!, ids[1]!], []]) {
      const bad = await order(wrong);
      expect(bad.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(bad.json().error.fields.photo_ids).toBe('Send every photo of this listing exactly once');
    }
    expect((await photosOf(listing.id)).map((p: { id: string }) => p.id)).toEqual(reversed);
    expect((await order(['not-a-uuid'])).json().error.fields['photo_ids.0']).toBe('Invalid photo id');
  });

  it('deletes a photo with its files and closes the gap in the order', async () => {
    const listing = await createListing(t, cookie);
    const photos = (await uploadPhotos(t, cookie, listing.id, jpegs(3))).json().listing_photos as { id: string; url: string }[];
    const victim = photos[1]!;
    const large = path.join(t.dataDir, victim.url);
    expect(existsSync(large)).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/listings/${listing.id}/photos/${victim.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().listing_photos.map((p: { id: string; sort_order: number }) => [p.id, p.sort_order])).toEqual([
      [photos[0]!.id, 0],
      [photos[2]!.id, 1],
    ]);
    expect(existsSync(large)).toBe(false);
    for (const other of variantsOf(large)) expect(existsSync(other), other).toBe(false);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/listings/${listing.id}/photos/${victim.id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
    // A photo id of another listing of mine does not belong to this one.
    const other = await createListing(t, cookie);
    const wrongListing = await t.app.inject({ method: 'DELETE', url: `/api/listings/${other.id}/photos/${photos[0]!.id}`, headers: { cookie } });
    expect(wrongListing.statusCode).toBe(404);
    expect(await photoRows(listing.id)).toHaveLength(2);
  });

  it('changes a photo description', async () => {
    const listing = await createListing(t, cookie);
    const photo = (await uploadPhotos(t, cookie, listing.id, jpegs(1))).json().added[0];
    const res = await t.app.inject({ method: 'PATCH', url: `/api/listings/${listing.id}/photos/${photo.id}`, headers: { cookie }, payload: { alt: 'The shaded terrace' } });
    expect(res.json()).toEqual({ ...photo, alt: 'The shaded terrace' });
    const long = await t.app.inject({ method: 'PATCH', url: `/api/listings/${listing.id}/photos/${photo.id}`, headers: { cookie }, payload: { alt: 'a'.repeat(201) } });
    expect(long.statusCode).toBe(400);
  });

  it('refuses a text file renamed .jpg, a GIF and a truncated image, storing nothing', async () => {
    const listing = await createListing(t, cookie);
    const before = filesOnDisk();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    for (const [file, message] of [
      [{ filename: 'notes.jpg', content: Buffer.from('Just some notes about the dog, not a photo at all.\n') }, /^"notes\.jpg": This file is not a photo we can read/],
      [{ filename: 'anim.gif', content: gif, type: 'image/gif' }, /^"anim\.gif": Photos must be JPEG, PNG or WebP images \(this file is GIF\)/],
      [{ filename: 'cut.jpg', content: (await testJpeg(800, 600)).subarray(0, 500) }, /^"cut\.jpg": /],
    ] as const) {
      // A good photo first: it must not be kept when the request is refused.
      const res = await uploadPhotos(t, cookie, listing.id, [{ filename: 'good.jpg', content: jpeg }, file]);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json().error.message).toMatch(message);
      await expectNothingStored(listing.id, 0, before);
    }
  });

  it('refuses a photo over 10 MB with 413, storing nothing', async () => {
    const listing = await createListing(t, cookie);
    const before = filesOnDisk();
    // Noise does not compress: an uncompressed PNG of 2000x2000 RGB is about 12 MB.
    const big = await sharp(randomBytes(2000 * 2000 * 3), { raw: { width: 2000, height: 2000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(11 * 1024 * 1024);
    const res = await uploadPhotos(t, cookie, listing.id, [{ filename: 'good.jpg', content: jpeg }, { filename: 'huge.png', content: big, type: 'image/png' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: '"huge.png" is larger than 10 MB. Each photo must be 10 MB or smaller.' });
    await expectNothingStored(listing.id, 0, before);
  });

  it('refuses a zero-byte file, a truncated upload and an upload without files', async () => {
    const listing = await createListing(t, cookie);
    const before = filesOnDisk();
    const empty = await uploadPhotos(t, cookie, listing.id, [{ filename: 'good.jpg', content: jpeg }, { filename: 'empty.jpg', content: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('"empty.jpg" is empty. Choose a JPEG, PNG or WebP photo.');
    await expectNothingStored(listing.id, 0, before);

    // The connection dropped half-way through the second file.
    const { payload, headers } = await multipartBody([{ filename: 'good.jpg', content: jpeg }, { filename: 'second.jpg', content: jpeg }]);
    const truncated = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/photos`,
      headers: { ...headers, cookie },
      payload: payload.subarray(0, payload.length - Math.floor(jpeg.length / 2)),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toMatchObject({ code: 'bad_upload', message: 'The upload was incomplete or malformed. Please try again.' });
    await expectNothingStored(listing.id, 0, before);

    const none = await uploadPhotos(t, cookie, listing.id, [], { alt: 'Nothing' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Choose at least one photo to upload');
    const json = await t.app.inject({ method: 'POST', url: `/api/listings/${listing.id}/photos`, headers: { cookie }, payload: { photos: ['x'] } });
    expect(json.statusCode).toBe(415);
    const longAlt = await uploadPhotos(t, cookie, listing.id, jpegs(1), { alt: 'a'.repeat(3000) });
    expect(longAlt.statusCode).toBe(400);
    expect(longAlt.json().error.fields.alt).toBe('Photo descriptions must be less than 200 characters');
    await expectNothingStored(listing.id, 0, before);
  });

  it('keeps a listing at 10 photos: the 11th is refused and nothing of that request is stored', async () => {
    const listing = await createListing(t, cookie);
    expect((await uploadPhotos(t, cookie, listing.id, jpegs(9))).statusCode).toBe(201);
    const before = filesOnDisk();
    const tooMany = await uploadPhotos(t, cookie, listing.id, jpegs(2));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('A listing can have at most 10 photos (this one has 9). Remove some before adding more.');
    await expectNothingStored(listing.id, 9, before);

    expect((await uploadPhotos(t, cookie, listing.id, jpegs(1))).statusCode).toBe(201);
    const full = filesOnDisk();
    const eleventh = await uploadPhotos(t, cookie, listing.id, jpegs(1));
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().error.fields.photos).toBe('A listing can have at most 10 photos');
    await expectNothingStored(listing.id, 10, full);

    // Eleven files in one request to an empty listing: the parser's own limit, the same answer.
    const fresh = await createListing(t, cookie);
    const eleven = await uploadPhotos(t, cookie, fresh.id, jpegs(11));
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error.fields.photos).toBe('A listing can have at most 10 photos');
    await expectNothingStored(fresh.id, 0, full);
  });

  it('holds the limit when two uploads race', async () => {
    const listing = await createListing(t, cookie);
    await uploadPhotos(t, cookie, listing.id, jpegs(8));
    const results = await Promise.all([uploadPhotos(t, cookie, listing.id, jpegs(2)), uploadPhotos(t, cookie, listing.id, jpegs(2))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const rows = await photoRows(listing.id);
    expect(rows).toHaveLength(10);
    // Every file on disk belongs to a row: the refused request left nothing behind.
    const all = await queryRows(t.database.db, urlRow, sql`select url from listing_photos`);
    const expected = all.flatMap((r) => variantsOf(path.basename(r.url))).sort();
    expect(filesOnDisk()).toEqual(expected);
  });

  describe('PUT /api/listings/:id/photos: the whole set at once', () => {
    type Photo = { id: string; url: string; alt: string; sort_order: number };
    const putSet = (listingId: string, body: unknown, who = cookie) =>
      t.app.inject({ method: 'PUT', url: `/api/listings/${listingId}/photos`, headers: { cookie: who }, payload: body as object });
    /** A listing with `n` photos; answers it and its photos in order. */
    async function listingWith(n: number) {
      const listing = await createListing(t, cookie);
      const photos = (await uploadPhotos(t, cookie, listing.id, jpegs(n))).json().listing_photos as Photo[];
      return { listing, photos };
    }
    /** Asserts the listing's photos, their files and descriptions are as `photos` left them. */
    async function expectUnchanged(listingId: string, photos: Photo[], files: string[]) {
      expect(await photosOf(listingId)).toEqual(photos);
      expect(filesOnDisk()).toEqual(files);
    }

    it('keeps the photos named, in that order with those descriptions, and removes the others with their files', async () => {
      const { listing, photos } = await listingWith(4);
      const [a, b, c, d] = photos as [Photo, Photo, Photo, Photo];
      const res = await putSet(listing.id, {
        photos: [
          { id: c.id, alt: '  The lawn  ' },
          { id: a.id, alt: '' },
          { id: d.id.toUpperCase(), alt: 'The porch' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const saved = res.json().listing_photos as Photo[];
      expect(saved.map((p) => [p.id, p.alt, p.sort_order])).toEqual([
        [c.id, 'The lawn', 0],
        [a.id, '', 1],
        [d.id, 'The porch', 2],
      ]);
      expect(await photosOf(listing.id)).toEqual(saved);
      for (const gone of variantsOf(path.join(t.dataDir, b.url))) expect(existsSync(gone), gone).toBe(false);
      for (const kept of [a, c, d]) expect(existsSync(path.join(t.dataDir, kept.url))).toBe(true);
      const host = (await t.app.inject({ method: 'GET', url: '/api/host/listings', headers: { cookie } })).json().results;
      expect(host.find((l: { id: string }) => l.id === listing.id).cover_photo_url).toBe(c.url);

      // An empty set removes every photo.
      const none = await putSet(listing.id, { photos: [] });
      expect(none.statusCode).toBe(200);
      expect(none.json().listing_photos).toEqual([]);
      expect(await photoRows(listing.id)).toEqual([]);
    });

    it('refuses a bad body with a clear message and changes nothing', async () => {
      const { listing, photos } = await listingWith(2);
      const [a, b] = photos as [Photo, Photo];
      const files = filesOnDisk();
      const cases: [unknown, string, string][] = [
        [{}, 'photos', 'Send the photos to keep, in their order'],
        [{ photos: 'all' }, 'photos', 'Send the photos to keep, in their order'],
        [{ photos: [{ id: 'nope', alt: '' }] }, 'photos.0.id', 'Invalid photo id'],
        [{ photos: [{ id: a.id }] }, 'photos.0.alt', 'Describe the photo in words'],
        [{ photos: [{ id: a.id, alt: 'x'.repeat(201) }] }, 'photos.0.alt', 'Photo descriptions must be less than 200 characters'],
        [{ photos: [{ id: a.id, alt: '' }, { id: a.id, alt: '' }] }, 'photos', 'Send each photo once'],
        [{ photos: Array.from({ length: 11 }, () => ({ id: a.id, alt: '' })) }, 'photos', 'A listing can have at most 10 photos'],
      ];
      for (const [body, field, message] of cases) {
        const res = await putSet(listing.id, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().error.fields[field], JSON.stringify(body).slice(0, 80)).toBe(message);
      }
      await expectUnchanged(listing.id, photos, files);
      expect(b).toBeDefined();
    });

    it("refuses a photo of another listing, even the same host's, and changes nothing", async () => {
      const { listing, photos } = await listingWith(2);
      const other = await listingWith(1);
      const files = filesOnDisk();
      const foreign = other.photos[0]!;
      const res = await putSet(listing.id, { photos: [{ id: photos[1]!.id, alt: 'Kept?' }, { id: foreign.id, alt: 'Moved here' }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("A photo sent is not one of this listing's photos. Reload the page and try again.");
      expect(res.json().error.fields['photos.1.id']).toBe('Not a photo of this listing');
      await expectUnchanged(listing.id, photos, files);
      expect(await photosOf(other.listing.id)).toEqual(other.photos);
    });

    it("answers 404 for another user's listing and a missing one, and changes nothing", async () => {
      const { listing, photos } = await listingWith(2);
      const files = filesOnDisk();
      const stranger = await signIn(t, 'photo-set-stranger@example.com');
      for (const [id, who] of [
        [listing.id, stranger],
        ['00000000-0000-4000-8000-000000000000', cookie],
      ] as const) {
        const res = await putSet(id, { photos: [] }, who);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
      expect((await t.app.inject({ method: 'PUT', url: `/api/listings/${listing.id}/photos`, payload: { photos: [] } })).statusCode).toBe(401);
      await expectUnchanged(listing.id, photos, files);
    });
  });
});
