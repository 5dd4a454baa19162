import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { diskStore } from '../storage/disk-store';
import { backfillPhotoVariants, PhotoRejectedError, storePhoto } from './photo-store';

/** The photo store as the app has it on the disk: <DATA_DIR>/uploads/photos. */
const photosIn = (uploadsDir: string) => diskStore(path.join(uploadsDir, 'photos'));

describe('storePhoto', () => {
  it('stores WebP variants, applies the EXIF orientation and strips metadata', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-photos-'));
    try {
      // 2000x1000 landscape pixels, tagged "rotate 90°": the stored photo must be portrait.
      const input = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#e07a3f' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret' } } })
        .toBuffer();
      const photo = await storePhoto(input, photosIn(uploadsDir));
      expect(photo.url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-1600\.webp$/);
      expect({ width: photo.width, height: photo.height }).toEqual({ width: 1000, height: 2000 });
      const large = path.join(uploadsDir, 'photos', path.basename(photo.url));
      const meta = await sharp(large).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const card = await sharp(large.replace('-1600.webp', '-640.webp')).metadata();
      expect(card.width).toBe(640);
      // A card or a photo across a phone's screen (380-412 px at 1.75-2x) takes this one.
      const phone = await sharp(large.replace('-1600.webp', '-800.webp')).metadata();
      expect(phone.width).toBe(800);
      const medium = await sharp(large.replace('-1600.webp', '-960.webp')).metadata();
      expect(medium.width).toBe(960);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it('refuses what is not a JPEG, PNG or WebP by content, leaving no file behind', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-photos-'));
    try {
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
      await expect(storePhoto(gif, photosIn(uploadsDir))).rejects.toThrow(PhotoRejectedError);
      await expect(storePhoto(Buffer.from('<?php echo 1; ?>'), photosIn(uploadsDir))).rejects.toThrow(PhotoRejectedError);
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      await expect(storePhoto(jpeg.subarray(0, 400), photosIn(uploadsDir))).rejects.toThrow(PhotoRejectedError);
      expect(existsSync(path.join(uploadsDir, 'photos')) ? readdirSync(path.join(uploadsDir, 'photos')) : []).toEqual([]);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});

describe('backfillPhotoVariants', () => {
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => void warnings.push(args) };

  it('warns about a damaged photo and goes on with the others', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-photos-'));
    try {
      const good = await storePhoto(await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0a0' } }).jpeg().toBuffer(), photosIn(uploadsDir));
      const goodMedium = path.join(uploadsDir, 'photos', path.basename(good.url).replace('-1600.webp', '-960.webp'));
      rmSync(goodMedium);
      writeFileSync(path.join(uploadsDir, 'photos', '00000000-0000-4000-8000-000000000000-1600.webp'), 'not a photo');
      const before = warnings.length;
      expect(await backfillPhotoVariants(photosIn(uploadsDir), log)).toBe(1);
      expect(existsSync(goodMedium)).toBe(true);
      // The damaged one's three missing variants.
      expect(warnings.length - before).toBe(3);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it('makes the variants a photo stored before them lacks, from its large file, once', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-photos-'));
    try {
      const input = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3f7ae0' } }).jpeg().toBuffer();
      const photo = await storePhoto(input, photosIn(uploadsDir));
      const large = path.join(uploadsDir, 'photos', path.basename(photo.url));
      const medium = large.replace('-1600.webp', '-960.webp');
      rmSync(medium);
      // A stray file that is no stored photo is left alone.
      writeFileSync(path.join(uploadsDir, 'photos', 'notes.txt'), 'x');

      // A temporary file that a killed run left behind is no obstacle.
      writeFileSync(`${medium}.${process.pid}.tmp`, 'half');
      expect(await backfillPhotoVariants(photosIn(uploadsDir), log)).toBe(1);
      const meta = await sharp(medium).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 960, height: 640 });
      expect(await backfillPhotoVariants(photosIn(uploadsDir), log)).toBe(0);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it('does nothing where no photo was ever stored', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-photos-'));
    try {
      expect(await backfillPhotoVariants(photosIn(uploadsDir), log)).toBe(0);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});
