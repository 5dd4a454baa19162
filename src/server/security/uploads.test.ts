import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { signIn } from '../test/auth';
import { createListing, testJpeg, uploadPhotos } from '../test/listings';

// Hostile uploads (issue 8): files that are two things at once, files that decode to far more
// pixels than they weigh, SVG, lying names and types, and names that try to leave the folder.
// The rule under test: a photo is judged by its decoded content only, re-encoded to WebP under a
// name the server makes up, and served as an image that a browser will not sniff into anything else.

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG header that declares `width` x `height` pixels, followed by a few compressed rows of
 * zeros: a kilobyte that would decode to gigabytes.
 */
function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPT = '<script>alert(document.cookie)</script>';

describe('hostile uploads', () => {
  const t = useTestApp();
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn(t, 'upload-attacker@example.com');
  });
  const uploadsDir = () => path.join(t.dataDir, 'uploads');

  async function expectRefused(files: Parameters<typeof uploadPhotos>[3], message: RegExp) {
    const listing = await createListing(t, cookie);
    const before = filesUnder(t.dataDir);
    const res = await uploadPhotos(t, cookie, listing.id, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
    expect(filesUnder(t.dataDir)).toEqual(before);
    const stored = await t.app.inject({ method: 'GET', url: `/api/listings/${listing.id}`, headers: { cookie } });
    expect(stored.json().listing_photos).toEqual([]);
  }

  it('refuses decompression bombs by their declared size, before decoding them', async () => {
    const bomb = pngBomb(100_000, 100_000); // 10 gigapixels in about a kilobyte
    expect(bomb.length).toBeLessThan(2_000);
    await expectRefused([{ filename: 'bomb.png', content: bomb, type: 'image/png' }], /too large \(100000x100000 pixels\)/);
    // Just over the 40-megapixel budget: refused with the limit named.
    await expectRefused([{ filename: 'wide.png', content: pngBomb(8_000, 5_001), type: 'image/png' }], /too large \(8000x5001 pixels\); the limit is 40 megapixels/);
  });

  it('refuses SVG, whatever its name and declared type says', async () => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">${SCRIPT}<rect width="10" height="10"/></svg>`);
    await expectRefused([{ filename: 'logo.svg', content: svg, type: 'image/svg+xml' }], /^"logo\.svg": Photos must be JPEG, PNG or WebP images/);
    await expectRefused([{ filename: 'photo.jpg', content: svg, type: 'image/jpeg' }], /^"photo\.jpg": /);
  });

  it('refuses HTML and scripts dressed as photos', async () => {
    for (const [filename, content] of [
      ['page.jpg', `<!doctype html><html><body>${SCRIPT}</body></html>`],
      ['shell.png', '<?php system($_GET["c"]); ?>'],
      // A GIF header with a script after it: a classic GIF/JavaScript polyglot.
      ['polyglot.gif.jpg', `GIF89a/*${'\0'.repeat(8)}*/=1;${SCRIPT}`],
    ] as const) {
      await expectRefused([{ filename, content: Buffer.from(content) }], new RegExp(`^"${filename.replace(/\./g, '\\.')}": `));
    }
  });

  it('neutralises a JPEG that carries HTML: only freshly encoded WebP is stored and served, and not sniffable', async () => {
    const listing = await createListing(t, cookie);
    const jpeg = await testJpeg(400, 300);
    // A real JPEG with a script in a comment segment, and an HTML page after its end marker.
    const comment = Buffer.from(SCRIPT);
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]), comment]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2), Buffer.from(`<html><body>${SCRIPT}</body></html>`)]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');

    const res = await uploadPhotos(t, cookie, listing.id, [{ filename: 'innocent.html', content: polyglot, type: 'text/html' }]);
    expect(res.statusCode).toBe(201);
    const { url } = res.json().added[0];
    expect(url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-1600\.webp$/);
    for (const file of filesUnder(uploadsDir())) expect(readFileSync(path.join(uploadsDir(), file)).includes('<script'), file).toBe(false);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes('<script')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('never uses the file name: traversal, absolute paths, odd characters and lying extensions stay inside uploads', async () => {
    const listing = await createListing(t, cookie);
    const before = filesUnder(t.dataDir);
    const jpeg = await testJpeg();
    const names = [
      '../../../outside.jpg',
      '..\\..\\outside.jpg',
      '/etc/cron.d/outside.jpg',
      'photo.php',
      'evil\u202Egpj.exe',
      `${'long'.repeat(300)}.jpg`,
    ];
    const res = await uploadPhotos(t, cookie, listing.id, names.map((filename) => ({ filename, content: jpeg })));
    expect(res.statusCode).toBe(201);
    const added: { url: string }[] = res.json().added;
    expect(added).toHaveLength(names.length);
    for (const { url } of added) expect(url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-1600\.webp$/);
    // Only new WebP files in uploads/photos, named by the server; nothing anywhere else.
    const created = filesUnder(t.dataDir).filter((f) => !before.includes(f));
    expect(created.length).toBeGreaterThan(0);
    for (const file of created) expect(file).toMatch(/^uploads\/photos\/[0-9a-f-]{36}-\d+\.webp$/);
    expect(existsSync(path.join(t.dataDir, '..', 'outside.jpg'))).toBe(false);
  });

  it('serves nothing outside the photo folder through /uploads, however the path is written', async () => {
    const listing = await createListing(t, cookie);
    await uploadPhotos(t, cookie, listing.id, [{ filename: 'a.jpg', content: await testJpeg() }]);
    for (const url of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/photos/..%2f..%2fpgdata%2fPG_VERSION',
      '/uploads/..%5c..%5cpgdata%5cPG_VERSION',
      '/uploads/%252e%252e/pgdata/PG_VERSION',
      '/uploads/photos/',
      '/uploads/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      // Not found, in the API's error shape: a folder or a climb out is nothing, not "forbidden".
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
  });
});
