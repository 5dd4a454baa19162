import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LISTING_LIMITS } from '../../../domain/listing-limits';
import { STAY_UPDATE_LIMITS } from '../../../domain/stays/care-log';
import { type IncidentReport, incidentReportSchema } from '../../../domain/stays/incident-form';
import { INCIDENT_LIMITS, INCIDENT_MESSAGES } from '../../../domain/stays/incidents';
import { STAY_UPDATE_MESSAGES, type StayUpdateFields, stayUpdateFieldsSchema } from '../../../domain/stays/update-form';
import { badRequest, badUpload, HttpError } from '../../http/errors';
import { hasNul, nulRefused } from '../../http/input-guard';
import type { PrivateFiles } from '../../storage';
import { encodePhoto, PhotoRejectedError } from '../../uploads/photo-store';
import type { StoredUpdatePhoto } from './queries';

// Reading a stay update (and the check-in, which may bring a photo): a multipart form with up to
// 8 photos (any file field), a `note` and a `log` (the care log as JSON); and a reported problem,
// with up to 4 photos, its `kind` and `description`. Each photo goes through
// the listings' pipeline (checked by its content, upright, no metadata) into two WebP files in the
// private store, before the next is read; whatever goes wrong, the caller removes every file this
// request stored.

const MAX_MB = LISTING_LIMITS.photos.maxBytes / (1024 * 1024);

export const STAY_UPLOAD_LIMITS = {
  fileSize: LISTING_LIMITS.photos.maxBytes,
  files: STAY_UPDATE_LIMITS.photos,
  fields: 2,
  // 40 ticks of JSON, and a 1,000-character note in any script.
  fieldSize: 16 * 1024,
  parts: STAY_UPDATE_LIMITS.photos + 2,
  headerPairs: 100,
};

function uploadError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = `Each photo must be ${MAX_MB} MB or smaller`;
    return new HttpError(413, 'payload_too_large', message, { photos: message });
  }
  if (code === 'FST_FILES_LIMIT') return badRequest(STAY_UPDATE_MESSAGES.tooManyPhotos, { photos: STAY_UPDATE_MESSAGES.tooManyPhotos });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest("Send the photos and the form's own fields only");
  return badUpload();
}

/** What the request stored so far: the caller removes these if what they came with is not saved. */
export type ReceivedPhotos = { photos: StoredUpdatePhoto[] };

/** What one form takes: its text fields (others are ignored), how many photos, and what to say of too many or too long. */
type FormSpec<F extends string> = { fields: readonly F[]; maxPhotos: number; tooManyPhotos: string; tooLong: (field: F) => string };

/**
 * Reads a multipart form: the text fields `spec` names, checked for NUL and length, and each photo
 * (any file field), stored in the private store as it arrives and added to `into`.
 */
async function receiveForm<F extends string>(request: FastifyRequest, store: PrivateFiles, into: ReceivedPhotos, spec: FormSpec<F>): Promise<Partial<Record<F, string>>> {
  const fields: Partial<Record<F, string>> = {};
  const iterator = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<MultipartFile | MultipartValue>;
    try {
      next = await iterator.next();
    } catch (err) {
      throw uploadError(err);
    }
    if (next.done) break;
    const part = next.value;
    if (part.type === 'field') {
      const name = spec.fields.find((f) => f === part.fieldname);
      if (name === undefined || typeof part.value !== 'string') continue;
      // The global NUL guard (http/input-guard.ts) sees JSON bodies, not multipart fields.
      if (hasNul(part.value)) throw nulRefused();
      if (part.valueTruncated) throw badRequest(spec.tooLong(name), { [name]: spec.tooLong(name) });
      fields[name] = part.value;
      continue;
    }
    if (into.photos.length >= spec.maxPhotos) throw badRequest(spec.tooManyPhotos, { photos: spec.tooManyPhotos });
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch (err) {
      throw uploadError(err);
    }
    if (buffer.length === 0) continue;
    try {
      await storeUpdatePhoto(buffer, store, into.photos);
    } catch (err) {
      if (!(err instanceof PhotoRejectedError)) throw err;
      throw badRequest(err.message, { photos: err.message });
    }
  }
  return fields;
}

/** `input` checked by `schema`; a 400 naming the first field that fails, with its message, otherwise. */
export function checkedFields<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
  throw badRequest(issue.message, field ? { [field]: issue.message } : undefined);
}

/** Reads an update's form (or the check-in's, with one photo): its photos, a `note` and a `log` (the care log as JSON). */
export async function receiveUpdateForm(request: FastifyRequest, store: PrivateFiles, into: ReceivedPhotos, maxPhotos: number = STAY_UPDATE_LIMITS.photos): Promise<StayUpdateFields> {
  const form = await receiveForm(request, store, into, {
    fields: ['note', 'log'],
    maxPhotos,
    tooManyPhotos: maxPhotos === 1 ? 'Send one photo of the arrival' : STAY_UPDATE_MESSAGES.tooManyPhotos,
    tooLong: (field) => (field === 'note' ? STAY_UPDATE_MESSAGES.note : STAY_UPDATE_MESSAGES.tooManyTicks),
  });
  let log: unknown = [];
  if (form.log !== undefined && form.log.trim() !== '') {
    try {
      log = JSON.parse(form.log);
    } catch {
      throw badRequest(STAY_UPDATE_MESSAGES.log, { log: STAY_UPDATE_MESSAGES.log });
    }
  }
  return checkedFields(stayUpdateFieldsSchema, { note: form.note ?? '', log });
}

/** Reads a reported problem's form: `kind`, `description` and up to INCIDENT_LIMITS.photos photos. */
export async function receiveReportForm(request: FastifyRequest, store: PrivateFiles, into: ReceivedPhotos): Promise<IncidentReport> {
  const form = await receiveForm(request, store, into, {
    fields: ['kind', 'description'],
    maxPhotos: INCIDENT_LIMITS.photos,
    tooManyPhotos: INCIDENT_MESSAGES.tooManyPhotos,
    tooLong: (field) => (field === 'description' ? INCIDENT_MESSAGES.descriptionLong : INCIDENT_MESSAGES.kind),
  });
  return checkedFields(incidentReportSchema, form);
}

/**
 * Checks and encodes one photo (PhotoRejectedError for what is none) and writes its two files to
 * the private store, adding it to `into` as soon as its first file exists, so that a failure
 * later still leaves the caller everything to remove.
 */
export async function storeUpdatePhoto(bytes: Buffer, store: PrivateFiles, into: StoredUpdatePhoto[]): Promise<void> {
  const encoded = await encodePhoto(bytes, ['card', 'large']);
  const [card, large] = [encoded.find((e) => e.variant === 'card')!, encoded.find((e) => e.variant === 'large')!];
  const stored: StoredUpdatePhoto = { cardKey: await store.put(card.data), largeKey: '', width: large.info.width, height: large.info.height };
  into.push(stored);
  stored.largeKey = await store.put(large.data);
}

/** Removes the files of photos stored for an update that was not saved; a file that cannot be removed is logged. */
export const removeStoredPhotos = (store: PrivateFiles, photos: readonly StoredUpdatePhoto[], log?: Pick<FastifyBaseLogger, 'warn'>) =>
  Promise.all(
    photos.flatMap((p) =>
      [p.cardKey, p.largeKey].filter(Boolean).map((key) => store.remove(key).catch((err: unknown) => log?.warn({ err, key }, 'stays: an unsaved photo file could not be removed'))),
    ),
  );
