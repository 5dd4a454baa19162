import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { bucketConfigOf, useS3Server } from '../test/s3-server';
import { bucketStores, diskStores, isObjectKey, openStorage, type StoreSet, type Storage } from '.';

// The same tests against both stores (issue 25): what the app does with a file cannot depend on
// whether it is kept on the disk or in a bucket.

const s3 = useS3Server();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-stores-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const kinds: [string, () => { stores: StoreSet; storage: Storage }][] = [
  ['the local disk', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    return { stores: diskStores(dataDir), storage: openStorage(config) };
  }],
  ['an S3-compatible bucket', () => {
    const storage = bucketConfigOf(s3);
    return { stores: bucketStores(storage), storage: openStorage({ dataDir, storage }) };
  }],
];

describe.each(kinds)('the store on %s', (_, open) => {
  let stores: StoreSet;
  let storage: Storage;
  beforeAll(() => {
    ({ stores, storage } = open());
  });
  const bytes = (text: string) => Buffer.from(text, 'utf8');

  it('keeps an object whole, replaces it whole, and forgets it', async () => {
    const key = `${crypto.randomUUID()}-640.webp`;
    expect(await stores.photos.get(key)).toBeUndefined();
    expect(await stores.photos.size(key)).toBeUndefined();
    await stores.photos.put(key, bytes('first'), { contentType: 'image/webp' });
    expect((await stores.photos.get(key))?.toString()).toBe('first');
    await stores.photos.put(key, bytes('second, longer'), { contentType: 'image/webp' });
    expect((await stores.photos.get(key))?.toString()).toBe('second, longer');
    expect(await stores.photos.size(key)).toBe(14);
    await stores.photos.remove(key);
    expect(await stores.photos.get(key)).toBeUndefined();
    // Removing what is not there is no error: a retried clean-up must not fail.
    await stores.photos.remove(key);
  });

  it('lists by prefix, and each store sees its own keys only', async () => {
    const id = crypto.randomUUID();
    await stores.photos.put(`${id}-640.webp`, bytes('a'), { contentType: 'image/webp' });
    await stores.photos.put(`${id}-1600.webp`, bytes('bb'), { contentType: 'image/webp' });
    const certificate = await storage.petCertificates.put(bytes('%PDF-1.4 certificate'));
    const listed = [];
    for await (const o of stores.photos.list(id)) listed.push(o);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `${id}-1600.webp`, size: 2 },
      { key: `${id}-640.webp`, size: 1 },
    ]);
    const photoKeys = [];
    for await (const o of stores.photos.list('')) photoKeys.push(o.key);
    expect(photoKeys.some((k) => k.includes(certificate))).toBe(false);
    const certificates = [];
    for await (const o of stores.petCertificates.list('')) certificates.push(o.key);
    expect(certificates).toContain(certificate);
  });

  it('refuses any key that could name a place outside the store', async () => {
    for (const key of ['../x', 'photos/../../x', '/etc/passwd', 'photos//x', 'photos/./x', '', 'a\\b', 'photos/x?y', 'é']) {
      expect(isObjectKey(key), key).toBe(false);
      await expect(stores.photos.put(key, bytes('x'), { contentType: 'text/plain' })).rejects.toThrow(/not an object key/);
      await expect(stores.photos.get(key)).rejects.toThrow(/not an object key/);
    }
    expect(isObjectKey('photos/0b9c-640.webp')).toBe(true);
  });

  it('keeps private files under random keys and reads nothing by any other name', async () => {
    const key = await storage.idDocuments.put(bytes('%PDF-1.7 an ID'));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await storage.idDocuments.read(key))?.toString()).toBe('%PDF-1.7 an ID');
    // Another store's files, paths and spellings are not this store's keys.
    expect(await storage.petCertificates.read(key)).toBeUndefined();
    for (const other of [`../id-documents/${key}`, key.toUpperCase(), `${key}/`, `private/id-documents/${key}`]) {
      expect(await storage.idDocuments.read(other)).toBeUndefined();
    }
    await storage.idDocuments.remove(key);
    expect(await storage.idDocuments.read(key)).toBeUndefined();
  });
});

describe('private files on the disk', () => {
  it('are readable by the app\'s user alone', async () => {
    const storage = openStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const key = await storage.petCertificates.put(Buffer.from('certificate'));
    const file = path.join(dataDir, 'private', 'pet-certificates', key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });
});
