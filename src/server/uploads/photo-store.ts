import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_WIDTHS, type PhotoVariant, photoUrl } from '../../domain/photos';
import type { ObjectStore } from '../storage';

// The photo pipeline: check the bytes (never the file name), decode within a pixel budget, apply
// the EXIF orientation, drop all metadata (location, camera), and store WebP variants that share
// one stem: the objects <uuid>-<width>.webp of the photo store, whose path in the app is
// /uploads/photos/<uuid>-<width>.webp (see domain/photos.ts and storage/public-urls.ts).

/** Accepted by content; anything else is refused with PhotoRejectedError. */
export const ACCEPTED_PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;

/** Decompression-bomb guard: no input may decode to more pixels than this. */
export const MAX_INPUT_PIXELS = 40_000_000;

const WEBP_QUALITY = 78;
const URL_PREFIX = '/uploads/photos/';
const STORED_NAME = /^\/uploads\/photos\/([0-9a-f-]{36})-\d+\.webp$/;

/** A variant's file never changes (a new photo gets a new uuid): a year, immutable. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PHOTO_CONTENT_TYPE = 'image/webp';

/** The store's key of the photo file at `url` (/uploads/photos/x.webp → x.webp). */
const keyOf = (url: string) => url.slice(URL_PREFIX.length);

/** The input is not a photo we accept; its message can be shown to the user as it is. */
export class PhotoRejectedError extends Error {
  override name = 'PhotoRejectedError';
}

export type StoredPhoto = {
  /** The large variant's URL; the card variant shares its stem. */
  url: string;
  /** The large variant's size in pixels. */
  width: number;
  height: number;
};

export type StorePhotoOptions = {
  /** WebP encoder effort 0-6 (sharp's default 4); bulk jobs such as the demo seed trade a few per cent of size for speed. */
  effort?: number;
};

const VARIANTS = Object.keys(PHOTO_WIDTHS) as PhotoVariant[];

function encodeVariant(image: Sharp, variant: PhotoVariant, effort = 4) {
  return image
    .clone()
    .resize({ width: PHOTO_WIDTHS[variant], withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort })
    .toBuffer({ resolveWithObject: true });
}

const putVariant = (store: ObjectStore, url: string, data: Buffer) =>
  store.put(keyOf(url), data, { contentType: PHOTO_CONTENT_TYPE, cacheControl: PHOTO_CACHE_CONTROL });

function isAccepted(format: string | undefined): boolean {
  return (ACCEPTED_PHOTO_FORMATS as readonly string[]).includes(format ?? '');
}

/**
 * Validates `input` by its content and encodes the `variants` in memory: upright, without any
 * metadata. Throws PhotoRejectedError for anything that is not a readable JPEG, PNG or WebP
 * within the pixel budget. storePhoto writes them to the public photo store; a private photo (a
 * stay's update) is written by its module to a private store.
 */
export async function encodePhoto(
  input: Buffer,
  variants: readonly PhotoVariant[] = VARIANTS,
  options: StorePhotoOptions = {},
): Promise<{ variant: PhotoVariant; data: Buffer; info: OutputInfo }[]> {
  let meta: Metadata;
  try {
    // The header only, never the pixels: without the decoding limit here, an image over it gets
    // the message that names its size rather than "not a photo we can read".
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejectedError('This file is not a photo we can read. Upload a JPEG, PNG or WebP image.');
  }
  if (!isAccepted(meta.format)) {
    throw new PhotoRejectedError(
      `Photos must be JPEG, PNG or WebP images${meta.format ? ` (this file is ${meta.format.toUpperCase()})` : ''}.`,
    );
  }
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) {
    throw new PhotoRejectedError('This photo has no pixels we can read.');
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new PhotoRejectedError(
      `This photo is too large (${width}x${height} pixels); the limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
  }

  // Encode every variant in memory first: a corrupt image fails here, before any file exists.
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  try {
    return await Promise.all(variants.map(async (variant) => ({ variant, ...(await encodeVariant(base, variant, options.effort)) })));
  } catch (err) {
    throw new PhotoRejectedError(
      `This photo could not be processed; it may be damaged. (${err instanceof Error ? err.message : String(err)})`,
    );
  }
}

/**
 * Validates `input` by its content and writes its WebP variants to the photo store. Throws
 * PhotoRejectedError for anything that is not a readable JPEG, PNG or WebP within the pixel
 * budget; on any failure no file is left behind.
 */
export async function storePhoto(input: Buffer, store: ObjectStore, options: StorePhotoOptions = {}): Promise<StoredPhoto> {
  const encoded = await encodePhoto(input, VARIANTS, options);

  const stem = `${URL_PREFIX}${randomUUID()}`;
  // Every put settles before any clean-up, so a slow one cannot land after it.
  const puts = await Promise.allSettled(encoded.map(({ variant, data }) => putVariant(store, photoUrl(stem, variant), data)));
  const failed = puts.find((p): p is PromiseRejectedResult => p.status === 'rejected');
  if (failed) {
    await Promise.all(VARIANTS.map((variant) => store.remove(keyOf(photoUrl(stem, variant))).catch(() => {})));
    throw failed.reason;
  }

  const large = encoded.find((e) => e.variant === 'large');
  if (!large) throw new Error('photo-store: the large variant is missing from PHOTO_WIDTHS');
  return { url: photoUrl(stem, 'large'), width: large.info.width, height: large.info.height };
}

/**
 * Removes every variant of a photo stored by storePhoto. URLs that storePhoto did not produce
 * (foreign or malformed) are ignored, so no path outside the photo folder can ever be touched.
 */
export async function deletePhotoFiles(url: string, store: ObjectStore): Promise<void> {
  const m = STORED_NAME.exec(url);
  if (!m) return;
  const stem = `${URL_PREFIX}${m[1]}`;
  await Promise.all(VARIANTS.map((variant) => store.remove(keyOf(photoUrl(stem, variant)))));
}

/** The photo file at `url`, read from the store for serving; undefined for any other path. */
export async function readPhotoFile(url: string, store: ObjectStore): Promise<Buffer | undefined> {
  if (!STORED_NAME.test(url)) return undefined;
  return store.get(keyOf(url));
}

/**
 * Makes the variants that photos stored before a width was added to PHOTO_WIDTHS lack, from their
 * large file, so that no srcset names a missing file. Run at start-up; returns how many it made.
 */
export async function backfillPhotoVariants(store: ObjectStore, log: Pick<Logger, 'warn'>): Promise<number> {
  const largeFile = new RegExp(`^([0-9a-f-]{36})-${PHOTO_WIDTHS.large}\\.webp$`);
  const present = new Set<string>();
  const larges: string[] = [];
  for await (const { key } of store.list('')) {
    present.add(key);
    const id = largeFile.exec(key)?.[1];
    if (id) larges.push(id);
  }
  let made = 0;
  for (const id of larges) {
    const stem = `${URL_PREFIX}${id}`;
    const missing = VARIANTS.filter((variant) => !present.has(keyOf(photoUrl(stem, variant))));
    if (missing.length === 0) continue;
    const large = await store.get(keyOf(photoUrl(stem, 'large')));
    if (!large) continue;
    for (const variant of missing) {
      const url = photoUrl(stem, variant);
      try {
        // The large file is already upright and free of metadata.
        const { data } = await encodeVariant(sharp(large, { limitInputPixels: MAX_INPUT_PIXELS }), variant);
        await putVariant(store, url, data);
        made += 1;
      } catch (err) {
        // One damaged photo must not keep the server from starting; its other variants still serve.
        log.warn({ err, url }, 'could not make a photo variant');
      }
    }
  }
  return made;
}
