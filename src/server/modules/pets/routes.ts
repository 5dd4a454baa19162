import multipart from '@fastify/multipart';
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { petEndpoints } from '../../../domain/contracts/pet';
import { DOCUMENT_FILE_MAX_BYTES, sniffDocumentFile } from '../../../domain/document-files';
import { LISTING_LIMITS } from '../../../domain/listing-limits';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { badRequest } from '../../http/errors';
import { routesOf } from '../../http/endpoint';
import { oneFileLimits, receiveOneFile } from '../../http/one-file-upload';
import { sendPrivateDocument } from '../../http/private-document';
import { deletePhotoFiles, PhotoRejectedError, storePhoto } from '../../uploads/photo-store';
import { createPet, deletePet, getPet, listPets, openCertificate, type PetFiles, saveCertificate, savePetFiles, setPetPhoto, updatePet } from './service';
import { PET_FILES_LIMITS, PET_UPLOAD_MESSAGES, receivePetFiles, type StoredPetFiles } from './upload';

const route = routesOf(petEndpoints);

/** For the OpenAPI document only: the uploads' form (the parser streams it; the contract has no body). */
const fileBody = (description: string) => z.object({ file: z.string().meta({ format: 'binary', description }) }).nullish();
const multipartDoc = (description: string) => ({
  swaggerTransform: (doc: Parameters<typeof jsonSchemaTransform>[0]) =>
    jsonSchemaTransform({ ...doc, schema: { ...doc.schema, consumes: ['multipart/form-data'], body: fileBody(description) } }),
});

const petFilesBody = z
  .object({
    photo: z.string().meta({ format: 'binary', description: 'A JPEG, PNG or WebP photo, 10 MB at most' }).optional(),
    rabies: z.string().meta({ format: 'binary', description: 'The rabies certificate: JPEG, PNG or PDF, 10 MB at most' }).optional(),
    core: z.string().meta({ format: 'binary', description: 'The core vaccine certificate: JPEG, PNG or PDF, 10 MB at most' }).optional(),
    remove: z.array(z.enum(['photo', 'rabies', 'core'])).optional().meta({ description: 'Files to remove' }),
  })
  .nullish();

export const petRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const photos = deps.storage.photos;
    const files: PetFiles = {
      certificates: deps.storage.petCertificates,
      deletePhoto: (url) => deletePhotoFiles(url, photos),
    };
    const tags = ['pets'];
    app.route({
      ...route('GET /api/pets', { tags, summary: 'My pets, oldest first' }),
      ...signedIn,
      handler: async (request) => ({ results: await listPets(db, requireUser(request).id) }),
    });
    app.route({
      ...route('POST /api/pets', { tags, summary: 'Add a pet' }),
      ...signedIn,
      handler: async (request, reply) => reply.code(201).send(await createPet(db, requireUser(request).id, request.body)),
    });
    app.route({
      ...route('GET /api/pets/:id', { tags, summary: 'One of my pets' }),
      ...signedIn,
      handler: async (request) => getPet(db, requireUser(request).id, request.params.id),
    });
    app.route({
      ...route('PATCH /api/pets/:id', { tags, summary: 'Change one of my pets (a vaccination given as null is removed, with its certificate)' }),
      ...signedIn,
      handler: async (request) => updatePet(db, files, requireUser(request).id, request.params.id, request.body),
    });
    app.route({
      ...route('DELETE /api/pets/:id', { tags, summary: 'Remove one of my pets (refused while a request or stay not yet over brings it)' }),
      ...signedIn,
      handler: async (request, reply) => {
        await deletePet(db, files, requireUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    });
    app.route({
      ...route('DELETE /api/pets/:id/photo', { tags, summary: "Remove my pet's photo" }),
      ...signedIn,
      handler: async (request) => {
        const ownerId = requireUser(request).id;
        await setPetPhoto(db, files, ownerId, request.params.id, null);
        return getPet(db, ownerId, request.params.id);
      },
    });
    app.route({
      ...route('GET /api/pets/:id/vaccinations/:vaccine/certificate', {
        tags,
        summary: "A vaccination's certificate: for the pet's owner, and for a host the owner has an open request or stay with (never cached)",
      }),
      ...signedIn,
      handler: async (request, reply) => {
        const { id, vaccine } = request.params;
        return sendPrivateDocument(reply, await openCertificate(db, files, requireUser(request).id, id, vaccine), 'vaccination-certificate');
      },
    });
    app.route({
      ...route('DELETE /api/pets/:id/vaccinations/:vaccine/certificate', { tags, summary: "Remove a vaccination's certificate" }),
      ...signedIn,
      handler: async (request) => saveCertificate(db, files, requireUser(request).id, request.params.id, request.params.vaccine, null),
    });

    // The uploads, each in a scope with its own parser and limits: other routes still refuse multipart.
    const photoScope: FastifyPluginAsyncZod = async (upload) => {
      await upload.register(multipart, { limits: oneFileLimits(LISTING_LIMITS.photos.maxBytes) });
      upload.route({
        ...route('PUT /api/pets/:id/photo', { tags, summary: "Set my pet's photo (multipart: one JPEG, PNG or WebP, 10 MB), resized like listing photos" }),
        ...signedIn,
        config: multipartDoc('A JPEG, PNG or WebP photo, 10 MB at most'),
        handler: async (request, reply) => {
          const ownerId = requireUser(request).id;
          try {
            // The pet is checked before the upload is read: a stranger's id costs no image work.
            await getPet(db, ownerId, request.params.id);
            const bytes = await receiveOneFile(request, 'photo', { missing: PET_UPLOAD_MESSAGES.photoMissing, tooLarge: PET_UPLOAD_MESSAGES.photoTooLarge });
            const stored = await storePhoto(bytes, photos).catch((err: unknown) => {
              if (err instanceof PhotoRejectedError) throw badRequest(err.message, { photo: err.message });
              throw err;
            });
            try {
              await setPetPhoto(db, files, ownerId, request.params.id, stored.url);
            } catch (err) {
              await files.deletePhoto(stored.url);
              throw err;
            }
            return await getPet(db, ownerId, request.params.id);
          } catch (err) {
            // The rest of a refused upload is not read: close the connection rather than drain it.
            reply.header('connection', 'close');
            throw err;
          }
        },
      });
    };
    const certificateScope: FastifyPluginAsyncZod = async (upload) => {
      await upload.register(multipart, { limits: oneFileLimits(DOCUMENT_FILE_MAX_BYTES) });
      upload.route({
        ...route('PUT /api/pets/:id/vaccinations/:vaccine/certificate', {
          tags,
          summary: "Set a vaccination's certificate (multipart: one JPEG, PNG or PDF, 10 MB); kept private",
        }),
        ...signedIn,
        config: multipartDoc('A JPEG, PNG or PDF of the certificate, 10 MB at most'),
        handler: async (request, reply) => {
          const ownerId = requireUser(request).id;
          const { id, vaccine } = request.params;
          try {
            await getPet(db, ownerId, id);
            const bytes = await receiveOneFile(request, 'certificate', {
              missing: PET_UPLOAD_MESSAGES.certificateMissing,
              tooLarge: PET_UPLOAD_MESSAGES.certificateTooLarge,
            });
            const type = sniffDocumentFile(bytes);
            if (!type) throw badRequest(PET_UPLOAD_MESSAGES.certificateType, { certificate: PET_UPLOAD_MESSAGES.certificateType });
            return await saveCertificate(db, files, ownerId, id, vaccine, { bytes, type });
          } catch (err) {
            reply.header('connection', 'close');
            throw err;
          }
        },
      });
    };
    const filesScope: FastifyPluginAsyncZod = async (upload) => {
      await upload.register(multipart, { limits: PET_FILES_LIMITS });
      upload.route({
        ...route('PUT /api/pets/:id/files', {
          tags,
          summary:
            "Save my pet's files at once, all or nothing (multipart: a file named photo, rabies or core replaces it; a `remove` field naming one removes it)",
        }),
        ...signedIn,
        config: {
          swaggerTransform: (doc) =>
            jsonSchemaTransform({ ...doc, schema: { ...doc.schema, consumes: ['multipart/form-data'], body: petFilesBody } }),
        },
        handler: async (request, reply) => {
          const ownerId = requireUser(request).id;
          const { id } = request.params;
          const stored: StoredPetFiles = { photos: [], certificates: [] };
          let saved = false;
          try {
            await getPet(db, ownerId, id);
            const changes = await receivePetFiles(request, { photos, certificates: files.certificates }, stored);
            const pet = await savePetFiles(db, files, ownerId, id, changes);
            saved = true;
            return pet;
          } catch (err) {
            reply.header('connection', 'close');
            throw err;
          } finally {
            // Nothing of a refused request is kept.
            if (!saved) {
              await Promise.all([
                ...stored.photos.map((url) => files.deletePhoto(url).catch(() => {})),
                ...stored.certificates.map((key) => files.certificates.remove(key).catch(() => {})),
              ]);
            }
          }
        },
      });
    };
    await app.register(photoScope);
    await app.register(certificateScope);
    await app.register(filesScope);
  };
