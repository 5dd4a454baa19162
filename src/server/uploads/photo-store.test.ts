import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PhotoRejectedError, storePhoto } from './photo-store';

describe('storePhoto', () => {
  it('stores WebP variants, applies the EXIF orientation and strips metadata', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-photos-'));
    try {
      // 2000x1000 landscape pixels, tagged "rotate 90°": the stored photo must be portrait.
      const input = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#e07a3f' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret' } } })
        .toBuffer();
      const photo = await storePhoto(input, uploadsDir);
      expect(photo.url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}-1600\.webp$/);
      expect({ width: photo.width, height: photo.height }).toEqual({ width: 1000, height: 2000 });
      const large = path.join(uploadsDir, 'photos', path.basename(photo.url));
      const meta = await sharp(large).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const card = await sharp(large.replace('-1600.webp', '-640.webp')).metadata();
      expect(card.width).toBe(640);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it('refuses what is not a JPEG, PNG or WebP by content, leaving no file behind', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-photos-'));
    try {
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
      await expect(storePhoto(gif, uploadsDir)).rejects.toThrow(PhotoRejectedError);
      await expect(storePhoto(Buffer.from('<?php echo 1; ?>'), uploadsDir)).rejects.toThrow(PhotoRejectedError);
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fff' } }).jpeg().toBuffer();
      await expect(storePhoto(jpeg.subarray(0, 400), uploadsDir)).rejects.toThrow(PhotoRejectedError);
      expect(existsSync(path.join(uploadsDir, 'photos')) ? readdirSync(path.join(uploadsDir, 'photos')) : []).toEqual([]);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});
