import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idDocumentTypeSchema, verificationEndpoints, verificationOpsEndpoints } from '../../../domain/contracts/verification';
import { ID_FILE_MAX_BYTES, type IdDocumentType, type IdFileType, sniffIdFileType, VERIFICATION_MESSAGES } from '../../../domain/verification';
import type { AppDeps } from '../../app-deps';
import { operatorsOnly, requireOperator, requireUser, signedIn } from '../../auth/guard';
import { badRequest, badUpload, HttpError } from '../../http/errors';
import { routesOf } from '../../http/endpoint';
import { sendPrivateDocument } from '../../http/private-document';
import { chooseCall, confirmPhotos, decideVerification, getVerification, openIdDocument, saveIdDocument, submitVerification, verificationQueue } from './service';

const route = routesOf(verificationEndpoints);
const opsRoute = routesOf(verificationOpsEndpoints);

/** For the OpenAPI document only: the upload's form (the parser streams it; the contract has no body). */
const uploadBody = z
  .object({
    id_type: idDocumentTypeSchema,
    file: z.string().meta({ format: 'binary', description: 'A JPEG, PNG or PDF of the ID, 10 MB at most' }),
  })
  .nullish();

const UPLOAD_LIMITS = { fileSize: ID_FILE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 100 };

/** Reads the ID upload: its kind (a field) and one file, checked by content: JPEG, PNG or PDF. */
async function receiveIdDocument(request: FastifyRequest): Promise<{ type: IdDocumentType; bytes: Buffer; fileType: IdFileType }> {
  let type: IdDocumentType | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts() as AsyncIterable<MultipartFile | MultipartValue>) {
      if (part.type === 'field') {
        if (part.fieldname !== 'id_type') continue;
        const parsed = idDocumentTypeSchema.safeParse(part.value);
        if (!parsed.success) throw badRequest(VERIFICATION_MESSAGES.idType, { id_type: VERIFICATION_MESSAGES.idType });
        type = parsed.data;
      } else {
        bytes = await part.toBuffer();
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'payload_too_large', VERIFICATION_MESSAGES.idFileSize, { file: VERIFICATION_MESSAGES.idFileSize });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Send one ID file and its kind only');
    throw badUpload();
  }
  if (!type) throw badRequest(VERIFICATION_MESSAGES.idType, { id_type: VERIFICATION_MESSAGES.idType });
  if (!bytes || bytes.length === 0) throw badRequest(VERIFICATION_MESSAGES.idFile, { file: VERIFICATION_MESSAGES.idFile });
  const fileType = sniffIdFileType(bytes);
  if (!fileType) throw badRequest(VERIFICATION_MESSAGES.idFileType, { file: VERIFICATION_MESSAGES.idFileType });
  return { type, bytes, fileType };
}

export const verificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const files = deps.storage.idDocuments;
    const publicUrl = deps.config.publicUrl;
    const tags = ['host verification'];

    app.route({
      ...route('GET /api/host/verification', { tags, summary: 'My verification: its state, each step, and the call slots on offer' }),
      ...signedIn,
      handler: async (request) => getVerification(db, requireUser(request).id),
    });
    // The only multipart route of this module: the parser lives in this scope alone.
    await app.register(async (upload) => {
      await upload.register(multipart, { limits: UPLOAD_LIMITS });
      upload.route({
        ...route('PUT /api/host/verification/id-document', {
          tags,
          summary: 'Step 1: send my government ID (multipart: id_type and one JPEG, PNG or PDF file, 10 MB); kept private, deleted 30 days after the decision',
        }),
        ...signedIn,
        config: {
          swaggerTransform: (doc) => jsonSchemaTransform({ ...doc, schema: { ...doc.schema, consumes: ['multipart/form-data'], body: uploadBody } }),
        },
        handler: async (request, reply) => {
          const host = requireUser(request);
          if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the ID as multipart/form-data');
          try {
            return await saveIdDocument(db, files, host, publicUrl, await receiveIdDocument(request));
          } catch (err) {
            // The rest of a refused upload is not read: close the connection rather than drain it.
            reply.header('connection', 'close');
            throw err;
          }
        },
      });
    });
    app.route({
      ...route('PUT /api/host/verification/photos', { tags, summary: 'Step 2: confirm that my listing photos are of my own home' }),
      ...signedIn,
      handler: async (request) => confirmPhotos(db, requireUser(request).id),
    });
    app.route({
      ...route('PUT /api/host/verification/call', { tags, summary: 'Step 3: choose a video-call slot among those on offer' }),
      ...signedIn,
      handler: async (request) => chooseCall(db, requireUser(request), publicUrl, request.body.starts_at),
    });
    app.route({
      ...route('POST /api/host/verification/submit', { tags, summary: 'Send my finished verification for review (an operator decides within 1-2 business days)' }),
      ...signedIn,
      handler: async (request) => submitVerification(db, requireUser(request), publicUrl),
    });

    // Left out of the public OpenAPI document: the console is not advertised (decision 032).
    const opsTags = ['operators'];
    app.route({
      ...opsRoute('GET /api/ops/verifications', { tags: opsTags, hide: true, summary: 'Operators: the verification queue, oldest first, with each host’s listings and photos' }),
      ...operatorsOnly,
      handler: async () => ({ results: await verificationQueue(db) }),
    });
    app.route({
      ...opsRoute('GET /api/ops/verifications/:id/id-document', { tags: opsTags, hide: true, summary: 'Operators: the ID file of a request (never cached); each opening is recorded' }),
      ...operatorsOnly,
      // A HEAD would be recorded as an opening with nothing shown.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const file = await openIdDocument(db, files, requireOperator(request).id, request.params.id);
        return sendPrivateDocument(reply, file, 'id-document');
      },
    });
    app.route({
      ...opsRoute('POST /api/ops/verifications/:id/approve', { tags: opsTags, hide: true, summary: 'Operators: approve; the host and all their listings are verified at once' }),
      ...operatorsOnly,
      handler: async (request) => decideVerification(db, requireOperator(request).id, request.params.id, { approve: true }, publicUrl),
    });
    app.route({
      ...opsRoute('POST /api/ops/verifications/:id/reject', { tags: opsTags, hide: true, summary: 'Operators: reject with a reason, which the host is e-mailed' }),
      ...operatorsOnly,
      handler: async (request) => decideVerification(db, requireOperator(request).id, request.params.id, { approve: false, reason: request.body.reason }, publicUrl),
    });
  };
