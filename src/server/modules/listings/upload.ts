import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LISTING_LIMITS } from '../../../domain/listing-limits';
import { photoAltSchema } from '../../../domain/contracts/listing';
import { badRequest, badUpload, HttpError } from '../../http/errors';
import { hasNul, nulRefused } from '../../http/input-guard';
import type { ObjectStore } from '../../storage';
import { PhotoRejectedError, type StoredPhoto, storePhoto } from '../../uploads/photo-store';
import { tooManyPhotos } from './photos';

// Reading a photo upload: multipart/form-data with one or more files (any field name) and an
// optional `alt` text field. Each file is read into memory (at most 10 MB, by the parser's limit),
// checked and stored by storePhoto before the next one is read, so at most one file is held at a
// time. Whatever goes wrong, every file this request stored is removed again by the caller.

const MAX_MB = LISTING_LIMITS.photos.maxBytes / (1024 * 1024);

/** The parser's limits for the photo upload route (registered on that route only). */
export const PHOTO_UPLOAD_LIMITS = {
  fileSize: LISTING_LIMITS.photos.maxBytes,
  files: LISTING_LIMITS.photos.max,
  fields: 4,
  fieldSize: 2048,
  parts: LISTING_LIMITS.photos.max + 4,
  headerPairs: 100,
};

const quoted = (filename: string) => (filename ? `"${filename.slice(0, 100)}"` : 'A file');

/** The parser's and the stream's errors, as answers for the client who sent the upload. */
function uploadError(err: unknown, existing: number, filename?: string): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const name = filename ?? (err as { part?: { filename?: string } }).part?.filename ?? '';
    return new HttpError(413, 'payload_too_large', `${quoted(name)} is larger than ${MAX_MB} MB. Each photo must be ${MAX_MB} MB or smaller.`, {
      photos: `Each photo must be ${MAX_MB} MB or smaller`,
    });
  }
  if (code === 'FST_FILES_LIMIT') return tooManyPhotos(existing);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('Too many form fields: send the photos and an optional alt text only');
  // A truncated body, a broken boundary, a client that went away: nothing of it was kept.
  return badUpload();
}

export type ReceivedPhotos = { stored: StoredPhoto[]; alt: string };

/**
 * Reads the upload, storing each file as it arrives, into `into.stored` (so the caller can clean
 * up even when this throws). At most `room` files are accepted; the rest is a 400.
 */
export async function receivePhotos(
  request: FastifyRequest,
  opts: { photos: ObjectStore; existing: number; into: ReceivedPhotos },
): Promise<void> {
  const room = LISTING_LIMITS.photos.max - opts.existing;
  const iterator = request.parts()[Symbol.asyncIterator]();
  let files = 0;
  for (;;) {
    let next: IteratorResult<MultipartFile | MultipartValue>;
    try {
      next = await iterator.next();
    } catch (err) {
      throw uploadError(err, opts.existing);
    }
    if (next.done) break;
    const part = next.value;
    if (part.type === 'field') {
      if (part.fieldname !== 'alt') continue;
      // The global NUL guard (http/input-guard.ts) sees JSON bodies, not multipart fields.
      if (typeof part.value === 'string' && hasNul(part.value)) throw nulRefused();
      const parsed = photoAltSchema.safeParse({ alt: part.valueTruncated ? 'x'.repeat(LISTING_LIMITS.altText.max + 1) : part.value });
      if (!parsed.success) {
        const message = parsed.error.issues[0]!.message;
        throw badRequest(message, { alt: message });
      }
      opts.into.alt = parsed.data.alt;
      continue;
    }
    files += 1;
    if (files > room) throw tooManyPhotos(opts.existing);
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch (err) {
      throw uploadError(err, opts.existing, part.filename);
    }
    if (buffer.length === 0) {
      throw badRequest(`${quoted(part.filename)} is empty. Choose a JPEG, PNG or WebP photo.`, { photos: 'This file is empty' });
    }
    try {
      opts.into.stored.push(await storePhoto(buffer, opts.photos));
    } catch (err) {
      if (!(err instanceof PhotoRejectedError)) throw err;
      throw badRequest(`${quoted(part.filename)}: ${err.message}`, { photos: err.message });
    }
  }
  if (files === 0) throw badRequest('Choose at least one photo to upload', { photos: 'Choose at least one photo to upload' });
}
