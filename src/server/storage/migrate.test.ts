import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { bucketConfigOf, useS3Server } from '../test/s3-server';
import { testJpeg } from '../test/listings';
import { storePhoto } from '../uploads/photo-store';
import { bucketStores, diskStores, openStorage } from '.';
import { copyStores } from './migrate';

// storage:migrate: the files of one machine's DATA_DIR into a bucket, all of them, once.

const s3 = useS3Server();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-migrate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('storage:migrate', () => {
  it('copies every photo and private file into the bucket, and nothing on a second run', async () => {
    const disk = openStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const photo = await storePhoto(await testJpeg(900, 600), disk.photos);
    const idKey = await disk.idDocuments.put(Buffer.from('%PDF-1.7 an ID'));
    const certificateKey = await disk.petCertificates.put(Buffer.from('%PDF-1.7 rabies'));
    const stayPhotoKey = await disk.stayPhotos.put(Buffer.from('RIFF a stay photo'));

    const bucketConfig = bucketConfigOf(s3);
    const first = await copyStores(diskStores(dataDir), bucketStores(bucketConfig));
    expect(first).toEqual({
      photos: { copied: 4, present: 0 },
      idDocuments: { copied: 1, present: 0 },
      petCertificates: { copied: 1, present: 0 },
      stayPhotos: { copied: 1, present: 0 },
    });

    // The app opened on the bucket finds each file under the name the database keeps.
    const bucket = openStorage({ dataDir, storage: bucketConfig });
    expect((await bucket.idDocuments.read(idKey))?.toString()).toBe('%PDF-1.7 an ID');
    expect((await bucket.petCertificates.read(certificateKey))?.toString()).toBe('%PDF-1.7 rabies');
    expect((await bucket.stayPhotos.read(stayPhotoKey))?.toString()).toBe('RIFF a stay photo');
    const name = path.basename(photo.url);
    expect((await bucket.photos.get(name))?.equals((await disk.photos.get(name))!)).toBe(true);

    // The command itself, as an operator runs it: everything is already there.
    const { stdout } = await promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/storage-migrate.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, ...s3.env },
    });
    expect(stdout).toContain('photos: 0 copied, 4 already there');
    expect(stdout).toContain('idDocuments: 0 copied, 1 already there');
    expect(stdout).toContain('petCertificates: 0 copied, 1 already there');
    expect(stdout).toContain('stayPhotos: 0 copied, 1 already there');
  });

  it('says what it needs when no bucket is named', async () => {
    const run = promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/storage-migrate.ts'], { env: { ...process.env, DATA_DIR: dataDir, S3_BUCKET: '' } });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('set S3_BUCKET') });
  });
});
