import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, badUpload, HttpError } from './errors';

// Reading an upload of exactly one file (a pet's photo, a certificate): multipart/form-data whose
// one file part, under any field name, is read into memory within the parser's size limit. Other
// fields are ignored; a second file is refused.

/** The parser's limits for a one-file route of at most `maxBytes`. */
export const oneFileLimits = (maxBytes: number) => ({ fileSize: maxBytes, files: 1, fields: 4, fieldSize: 200, parts: 5, headerPairs: 100 });

export type OneFileMessages = {
  /** Nothing, or an empty file, was sent. */
  missing: string;
  /** Over the size limit. */
  tooLarge: string;
};

/** The one file's bytes; a 4xx with `messages` (under `field`) for anything else. */
export async function receiveOneFile(request: FastifyRequest, field: string, messages: OneFileMessages): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts() as AsyncIterable<MultipartFile | MultipartValue>) {
      if (part.type === 'file') bytes = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'payload_too_large', messages.tooLarge, { [field]: messages.tooLarge });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Send one file only');
    throw badUpload();
  }
  if (!bytes || bytes.length === 0) throw badRequest(messages.missing, { [field]: messages.missing });
  return bytes;
}
