import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PET_FILE_SLOTS, type PetFileSlot, petFilesFormSchema } from '../../../domain/contracts/pet';
import { DOCUMENT_FILE_MAX_BYTES, type DocumentFileType, sniffDocumentFile } from '../../../domain/document-files';
import { LISTING_LIMITS } from '../../../domain/listing-limits';
import type { Vaccine } from '../../../domain/pet-profile';
import { badRequest, badUpload, HttpError } from '../../http/errors';
import { hasNul, nulRefused } from '../../http/input-guard';
import type { ObjectStore, PrivateFiles } from '../../storage';
import { PhotoRejectedError, storePhoto } from '../../uploads/photo-store';

// Reading `PUT /api/pets/:id/files`: a multipart form whose file parts are named photo, rabies or
// core and whose `remove` fields name files to remove (contracts/pet.ts). Each file is checked and
// stored as it arrives, so at most one is held in memory; whatever goes wrong, the caller removes
// every file this request stored.

const MB = (bytes: number) => bytes / (1024 * 1024);

export const PET_UPLOAD_MESSAGES = {
  photoMissing: 'Choose a photo of your pet: JPEG, PNG or WebP',
  photoTooLarge: `The photo must be ${MB(LISTING_LIMITS.photos.maxBytes)} MB or smaller`,
  certificateMissing: 'Choose the certificate: a photo or scan, JPEG, PNG or PDF',
  certificateTooLarge: `The certificate must be ${MB(DOCUMENT_FILE_MAX_BYTES)} MB or smaller`,
  certificateType: 'This file is not a JPEG, PNG or PDF. Send a photo or scan of the certificate in one of those.',
} as const;

/** The parser's limits: one file a slot, and a `remove` field a slot. */
export const PET_FILES_LIMITS = {
  fileSize: Math.max(LISTING_LIMITS.photos.maxBytes, DOCUMENT_FILE_MAX_BYTES),
  files: PET_FILE_SLOTS.length,
  fields: PET_FILE_SLOTS.length,
  fieldSize: 20,
  parts: PET_FILE_SLOTS.length * 2,
  headerPairs: 100,
};

const isSlot = (name: string): name is PetFileSlot => (PET_FILE_SLOTS as readonly string[]).includes(name);
const isVaccine = (slot: PetFileSlot): slot is Vaccine => slot !== 'photo';

/** What a files form changes: undefined leaves a file as it is, null removes it. */
export type PetFileChanges = {
  photo?: string | null;
  certificates: Partial<Record<Vaccine, { key: string; type: DocumentFileType } | null>>;
};

/** What the request stored so far: the caller removes it if the save does not go through. */
export type StoredPetFiles = { photos: string[]; certificates: string[] };

function tooLarge(slot: string): HttpError {
  const message = slot === 'photo' ? PET_UPLOAD_MESSAGES.photoTooLarge : PET_UPLOAD_MESSAGES.certificateTooLarge;
  return new HttpError(413, 'payload_too_large', message, { [slot]: message });
}

function partsError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge((err as { part?: { fieldname?: string } }).part?.fieldname ?? 'photo');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('Send at most one photo and one certificate for each vaccination');
  }
  return badUpload();
}

/** Reads the form, storing each file into `stored` as it arrives; answers the changes it asks for. */
export async function receivePetFiles(
  request: FastifyRequest,
  stores: { photos: ObjectStore; certificates: PrivateFiles },
  stored: StoredPetFiles,
): Promise<PetFileChanges> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the files as multipart/form-data');
  const send: string[] = [];
  const remove: string[] = [];
  const changes: PetFileChanges = { certificates: {} };
  const iterator = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<MultipartFile | MultipartValue>;
    try {
      next = await iterator.next();
    } catch (err) {
      throw partsError(err);
    }
    if (next.done) break;
    const part = next.value;
    if (part.type === 'field') {
      if (typeof part.value === 'string' && hasNul(part.value)) throw nulRefused();
      if (part.fieldname === 'remove') remove.push(String(part.value));
      continue;
    }
    const slot = part.fieldname;
    send.push(slot);
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      throw err instanceof Error && (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(slot) : partsError(err);
    }
    // Names are checked once all are known, below; a file under no known name is not kept.
    if (!isSlot(slot) || send.indexOf(slot) !== send.length - 1) continue;
    if (bytes.length === 0) {
      const message = slot === 'photo' ? PET_UPLOAD_MESSAGES.photoMissing : PET_UPLOAD_MESSAGES.certificateMissing;
      throw badRequest(message, { [slot]: message });
    }
    if (isVaccine(slot)) {
      const type = sniffDocumentFile(bytes);
      if (!type) throw badRequest(PET_UPLOAD_MESSAGES.certificateType, { [slot]: PET_UPLOAD_MESSAGES.certificateType });
      const key = await stores.certificates.put(bytes);
      stored.certificates.push(key);
      changes.certificates[slot] = { key, type };
    } else {
      const photo = await storePhoto(bytes, stores.photos).catch((err: unknown) => {
        if (err instanceof PhotoRejectedError) throw badRequest(err.message, { photo: err.message });
        throw err;
      });
      stored.photos.push(photo.url);
      changes.photo = photo.url;
    }
  }
  const form = petFilesFormSchema.safeParse({ send, remove });
  if (!form.success) {
    const issue = form.error.issues[0]!;
    throw badRequest(issue.message, { [issue.path.map(String).join('.')]: issue.message });
  }
  for (const slot of form.data.remove) {
    if (isVaccine(slot)) changes.certificates[slot] = null;
    else changes.photo = null;
  }
  return changes;
}
