import multipart from '@fastify/multipart';
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stayEndpoints } from '../../../domain/contracts/stay';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAY_UPDATE_LIMITS } from '../../../domain/stays/care-log';
import type { StayUpdateFields } from '../../../domain/stays/update-form';
import { routesOf } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { StoredUpdatePhoto } from './queries';
import {
  answerStayArrival,
  assertHostMayPost,
  checkIn,
  checkOut,
  confirmStayHome,
  getStay,
  postUpdate,
  readUpdatePhoto,
  reportStayProblem,
  saveCareSheet,
  type StayDeps,
} from './service';
import { type ReceivedUpdate, receiveUpdateForm, removeStoredPhotos, STAY_UPLOAD_LIMITS } from './upload';

const route = routesOf(stayEndpoints);

/** For the OpenAPI document only: the multipart forms' parts (the parser leaves the body null). */
const updateForm = z
  .object({
    photos: z.array(z.string().meta({ format: 'binary' })).meta({ description: 'Up to 8 JPEG, PNG or WebP photos, 10 MB each; any field name' }),
    note: z.string().optional().meta({ description: 'A few words, up to 1,000 characters' }),
    log: z.string().optional().meta({ description: 'The care log as JSON: [{ "pet_id", "kind": "fed|walked|medicine|potty|played|slept", "at": "HH:MM", "medicine"? }]' }),
  })
  .nullish();
const multipartDoc = { swaggerTransform: (doc: Parameters<typeof jsonSchemaTransform>[0]) => jsonSchemaTransform({ ...doc, schema: { ...doc.schema, consumes: ['multipart/form-data'], body: updateForm } }) };

export const stayRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const service: StayDeps = { db, publicUrl: deps.config.publicUrl, photos: deps.storage.stayPhotos };
    const tags = ['stays'];

    app.route({
      ...route('GET /api/stays/:id', { tags, summary: "A booking as a stay, for its guest or its host: where it is, its pets' care sheets, its updates, and what each side may do" }),
      ...signedIn,
      handler: async (request) => getStay(db, requireUser(request).id, request.params.id),
    });

    app.route({
      ...route('PUT /api/stays/:id/care-sheets/:petId', { tags, summary: "Write a pet's care sheet on my paid stay, before or during it; the host reads it until 7 days after the stay" }),
      ...signedIn,
      handler: async (request) => saveCareSheet(db, requireUser(request).id, request.params.id, request.params.petId, request.body),
    });

    app.route({
      ...route('GET /api/stays/:id/photos/:photoId', { tags, summary: "A photo of my stay's updates (WebP, card or large): the stay's guest and host only" }),
      ...signedIn,
      handler: async (request, reply) => {
        const bytes = await readUpdatePhoto(service, requireUser(request).id, request.params.id, request.params.photoId, request.query.size);
        return (
          reply
            .header('Content-Type', 'image/webp')
            // A photo's file never changes; kept by this browser only, never by a shared cache.
            .header('Cache-Control', 'private, max-age=604800, immutable')
            .header('Cross-Origin-Resource-Policy', 'same-origin')
            .header('Content-Security-Policy', "default-src 'none'; sandbox")
            .send(bytes as never)
        );
      },
    });

    app.route({
      ...route('POST /api/stays/:id/check-out', { tags, summary: "The host's \"Bruno has gone home\": a stay under way is completed and its guest told" }),
      ...signedIn,
      handler: async (request) => checkOut(service, requireUser(request).id, request.params.id),
    });

    app.route({
      ...route('POST /api/stays/:id/incidents', {
        tags,
        summary:
          'Report a problem on my stay (its guest or its host), during it or within 48 hours after: health, escape, behaviour, damage or other. The other side is told; an urgent one (health, escape) alerts operators and the answer shows the pets\' vets and emergency contacts',
      }),
      ...signedIn,
      handler: async (request, reply) => reply.code(201).send(await reportStayProblem(service, requireUser(request).id, request.params.id, request.body)),
    });

    app.route({
      ...route('POST /api/stays/:id/arrival', {
        tags,
        summary:
          'Answer "What happened?" on my stay (its guest or its host) while it is asked: a paid stay not checked in by the end of its check-in day. Arriving late, did not come, or called off; an operator decides what is refunded and paid. 409 once it is settled',
      }),
      ...signedIn,
      handler: async (request) => answerStayArrival(db, requireUser(request).id, request.params.id, request.body.answer),
    });
    app.route({
      ...route('POST /api/stays/:id/all-well', { tags, summary: "The guest's \"All well\" within 24 hours of the host's check-out; 409 after, or when said already" }),
      ...signedIn,
      handler: async (request) => confirmStayHome(db, requireUser(request).id, request.params.id),
    });
    // The two routes that take photos, in a scope of their own with the parser: every other route
    // still refuses a multipart body with 415.
    const uploadScope: FastifyPluginAsyncZod = async (upload) => {
      await upload.register(multipart, { limits: STAY_UPLOAD_LIMITS });

      /** Reads the form (if one came) and runs `save`, removing the stored photos unless it succeeds. */
      const withForm = async <T>(
        request: FastifyRequest,
        reply: FastifyReply,
        form: { maxPhotos: number; before: () => Promise<void> },
        save: (form: StayUpdateFields & { photos: StoredUpdatePhoto[] }) => Promise<T>,
      ) => {
        const received: ReceivedUpdate = { photos: [] };
        let saved = false;
        try {
          // Who may post is asked before a byte of the photos is read (assertHostMayPost).
          if (request.isMultipart()) await form.before();
          const fields: StayUpdateFields = request.isMultipart() ? await receiveUpdateForm(request, service.photos, received, form.maxPhotos) : { note: '', log: [] };
          const result = await save({ ...fields, photos: received.photos });
          saved = true;
          return result;
        } catch (err) {
          // The rest of a refused upload is not read: close the connection rather than drain it.
          reply.header('connection', 'close');
          throw err;
        } finally {
          if (!saved) await removeStoredPhotos(service.photos, received.photos, request.log);
        }
      };

      upload.route({
        ...route('POST /api/stays/:id/check-in', {
          tags,
          summary: "The host's \"Bruno has arrived\": from the check-in day until the day before check-out, once every pet has its care sheet; 409 otherwise. May bring one photo and a note (multipart)",
        }),
        ...signedIn,
        config: multipartDoc,
        handler: async (request, reply) => {
          const hostId = requireUser(request).id;
          const before = () => assertHostMayPost(db, hostId, request.params.id, 'check-in');
          return withForm(request, reply, { maxPhotos: 1, before }, (form) => checkIn(service, hostId, request.params.id, { note: form.note, photos: form.photos }));
        },
      });

      upload.route({
        ...route('POST /api/stays/:id/updates', { tags, summary: 'Post an update on a stay under way (multipart): up to 8 photos, a note and a care log; the guest is told' }),
        ...signedIn,
        config: multipartDoc,
        handler: async (request, reply) => {
          const hostId = requireUser(request).id;
          if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the update as multipart/form-data');
          const before = () => assertHostMayPost(db, hostId, request.params.id, 'update');
          const view = await withForm(request, reply, { maxPhotos: STAY_UPDATE_LIMITS.photos, before }, (form) => postUpdate(service, hostId, request.params.id, form, form.photos));
          return reply.code(201).send(view);
        },
      });
    };
    await app.register(uploadScope);
  };
