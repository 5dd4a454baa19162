import multipart from '@fastify/multipart';
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingEndpoints } from '../../../domain/contracts/listing';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { HttpError } from '../../http/errors';
import { routesOf } from '../../http/endpoint';
import { deletePhotoFiles } from '../../uploads/photo-store';
import { addPhotos, deletePhoto, reorderPhotos, savePhotoSet, tooManyPhotos, updatePhotoAlt } from './photos';
import { countListingPhotos } from './queries/photos';
import { assertOwnListing } from './service';
import { PHOTO_UPLOAD_LIMITS, type ReceivedPhotos, receivePhotos } from './upload';

const route = routesOf(listingEndpoints);

/**
 * For the OpenAPI document only: the upload's contract has no body schema (the multipart parser
 * leaves the body null, the files are streamed), so the document is told of the form here.
 */
const uploadBody = z
  .object({
    photos: z.array(z.string().meta({ format: 'binary' })).meta({ description: 'JPEG, PNG or WebP files, 10 MB each; any field name' }),
    alt: z.string().optional().meta({ description: 'A description of the photos, for screen readers' }),
  })
  .nullish();

export const photoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const photos = deps.storage.photos;
    const tags = ['listing photos'];

    // The only route that takes multipart: the parser is registered in this scope alone, so every
    // other route still refuses a multipart body with 415.
    const uploadScope: FastifyPluginAsyncZod = async (upload) => {
      await upload.register(multipart, { limits: PHOTO_UPLOAD_LIMITS });
      upload.route({
        ...route('POST /api/listings/:id/photos', {
          tags,
          summary: 'Add photos to one of my listings (multipart/form-data; at most 10 per listing, 10 MB each)',
        }),
        config: {
          swaggerTransform: (doc) => jsonSchemaTransform({ ...doc, schema: { ...doc.schema, consumes: ['multipart/form-data'], body: uploadBody } }),
        },
        handler: async (request, reply) => {
          const hostId = requireUser(request).id;
          if (!request.isMultipart()) {
            throw new HttpError(415, 'unsupported_media_type', 'Send the photos as multipart/form-data');
          }
          const listingId = request.params.id;
          await assertOwnListing(db, hostId, listingId);
          const existing = await countListingPhotos(db, listingId);
          if (existing >= PHOTO_UPLOAD_LIMITS.files) throw tooManyPhotos(existing);
          const received: ReceivedPhotos = { stored: [], alt: '' };
          let committed = false;
          try {
            await receivePhotos(request, { photos, existing, into: received });
            const result = await addPhotos(db, hostId, listingId, received.stored, received.alt);
            committed = true;
            return reply.code(201).send(result);
          } catch (err) {
            // The rest of a refused upload is not read: close the connection rather than drain it.
            reply.header('connection', 'close');
            throw err;
          } finally {
            if (!committed) {
              await Promise.all(received.stored.map((p) => deletePhotoFiles(p.url, photos)));
            }
          }
        },
      });
    };
    await app.register(uploadScope);

    app.route({
      ...route('DELETE /api/listings/:id/photos/:photoId', {
        tags,
        summary: "Remove a photo of one of my listings (and its files); answers the listing's remaining photos",
      }),
      handler: async (request) => {
        const { id, photoId } = request.params;
        const { url, listing_photos } = await deletePhoto(db, requireUser(request).id, id, photoId);
        // After the row is gone: a failed file removal leaves an orphan file, never a broken photo.
        await deletePhotoFiles(url, photos).catch((err) => request.log.warn({ err, url }, 'photo files not removed'));
        return { listing_photos };
      },
    });

    app.route({
      ...route('PUT /api/listings/:id/photos', {
        tags,
        summary:
          "Save the whole photo set of one of my listings at once: the photos to keep, in order (the first is the cover), with their descriptions; the others are removed",
      }),
      handler: async (request) => {
        const { listing_photos, removed } = await savePhotoSet(db, requireUser(request).id, request.params.id, request.body);
        // After the rows are gone: a failed file removal leaves an orphan file, never a broken photo.
        await Promise.all(
          removed.map((url) => deletePhotoFiles(url, photos).catch((err) => request.log.warn({ err, url }, 'photo files not removed'))),
        );
        return { listing_photos };
      },
    });

    app.route({
      ...route('PUT /api/listings/:id/photos/order', {
        tags,
        summary: 'Reorder the photos of one of my listings: every photo id once; the first is the cover',
      }),
      handler: async (request) => ({
        listing_photos: await reorderPhotos(db, requireUser(request).id, request.params.id, request.body.photo_ids),
      }),
    });

    app.route({
      ...route('PATCH /api/listings/:id/photos/:photoId', { tags, summary: 'Change the description (alt text) of a photo of one of my listings' }),
      handler: async (request) => {
        const { id, photoId } = request.params;
        return updatePhotoAlt(db, requireUser(request).id, id, photoId, request.body.alt);
      },
    });
  };
