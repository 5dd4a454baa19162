import multipart from '@fastify/multipart';
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stayEndpoints } from '../../../domain/contracts/stay';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StayUpdateFields } from '../../../domain/stays/update-form';
import { incidentReportSchema } from '../../../domain/stays/incident-form';
import { REPORT_KINDS } from '../../../domain/stays/incidents';
import { routesOf } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { sendPrivatePhoto } from '../../http/private-document';
import type { StoredUpdatePhoto } from './queries';
import {
  answerStayArrival,
  assertHostMayPost,
  checkIn,
  checkOut,
  confirmStayHome,
  getStay,
  postUpdate,
  readStayPhoto,
  reportStayProblem,
  saveCareSheet,
  type StayDeps,
} from './service';
import { checkedFields, type ReceivedPhotos, receiveReportForm, receiveUpdateForm, removeStoredPhotos, STAY_UPLOAD_LIMITS } from './upload';
import { assertMayReport } from './incidents';

const route = routesOf(stayEndpoints);

/** For the OpenAPI document only: the multipart forms' parts (the parser leaves the body null). */
const updateForm = z
  .object({
    photos: z.array(z.string().meta({ format: 'binary' })).meta({ description: 'Up to 8 JPEG, PNG or WebP photos, 10 MB each; any field name' }),
    note: z.string().optional().meta({ description: 'A few words, up to 1,000 characters' }),
    log: z.string().optional().meta({ description: 'The care log as JSON: [{ "pet_id", "kind": "fed|walked|medicine|potty|played|slept", "at": "HH:MM", "medicine"? }]' }),
  })
  .nullish();
/** The report's form, for the OpenAPI document: JSON takes the same fields without the photos. */
const reportForm = z.object({
  photos: z.array(z.string().meta({ format: 'binary' })).optional().meta({ description: 'Up to 4 JPEG, PNG or WebP photos, 10 MB each; any field name' }),
  kind: z.enum(REPORT_KINDS),
  description: z.string().meta({ description: 'What happened, up to 2,000 characters' }),
});
const formDoc = (body: z.ZodType) => (doc: Parameters<typeof jsonSchemaTransform>[0]) =>
  jsonSchemaTransform({ ...doc, schema: { ...doc.schema, consumes: ['multipart/form-data', 'application/json'], body } });
const multipartDoc = { swaggerTransform: formDoc(updateForm) };

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
      ...route('GET /api/stays/:id/photos/:photoId', { tags, summary: "A photo of my stay, an update's or a reported problem's (WebP, card or large): the stay's guest and host only" }),
      ...signedIn,
      handler: async (request, reply) =>
        sendPrivatePhoto(reply, await readStayPhoto(service, requireUser(request).id, request.params.id, request.params.photoId, request.query.size), { kept: true }),
    });

    app.route({
      ...route('POST /api/stays/:id/check-out', { tags, summary: "The host's \"Bruno has gone home\": a stay under way is completed and its guest told" }),
      ...signedIn,
      handler: async (request) => checkOut(service, requireUser(request).id, request.params.id),
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
    // The three routes that take photos, in a scope of their own with the parser: every other route
    // still refuses a multipart body with 415.
    const uploadScope: FastifyPluginAsyncZod = async (upload) => {
      await upload.register(multipart, { limits: STAY_UPLOAD_LIMITS });

      /**
       * Reads the form with `read` (a multipart request's; `otherwise` for any other) and runs
       * `save`, removing the stored photos unless it succeeds. Who may send is asked (`before`)
       * before a byte of the photos is read.
       */
      const withForm = async <F, T>(
        request: FastifyRequest,
        reply: FastifyReply,
        form: { before: () => Promise<void>; read: (into: ReceivedPhotos) => Promise<F>; otherwise: () => F },
        save: (form: F & { photos: StoredUpdatePhoto[] }) => Promise<T>,
      ) => {
        const received: ReceivedPhotos = { photos: [] };
        let saved = false;
        try {
          if (request.isMultipart()) await form.before();
          const fields = request.isMultipart() ? await form.read(received) : form.otherwise();
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
          const read = (into: ReceivedPhotos) => receiveUpdateForm(request, service.photos, into, 1);
          return withForm(request, reply, { before, read, otherwise: (): StayUpdateFields => ({ note: '', log: [] }) }, (form) =>
            checkIn(service, hostId, request.params.id, { note: form.note, photos: form.photos }),
          );
        },
      });

      upload.route({
        ...route('POST /api/stays/:id/updates', { tags, summary: 'Post an update on a stay under way (multipart): up to 8 photos, a note and a care log; the guest is told' }),
        ...signedIn,
        config: multipartDoc,
        handler: async (request, reply) => {
          const hostId = requireUser(request).id;
          const before = () => assertHostMayPost(db, hostId, request.params.id, 'update');
          const read = (into: ReceivedPhotos) => receiveUpdateForm(request, service.photos, into);
          const refuse = (): StayUpdateFields => {
            throw new HttpError(415, 'unsupported_media_type', 'Send the update as multipart/form-data');
          };
          const view = await withForm(request, reply, { before, read, otherwise: refuse }, (form) => postUpdate(service, hostId, request.params.id, form, form.photos));
          return reply.code(201).send(view);
        },
      });

      upload.route({
        ...route('POST /api/stays/:id/incidents', {
          tags,
          summary:
            "Report a problem on my stay (its guest or its host), during it or within 48 hours after: health, escape, behaviour, damage or other, as JSON or as a multipart form with up to 4 photos. The other side is told; an urgent one (health, escape) alerts operators and the answer shows the pets' vets and emergency contacts",
        }),
        ...signedIn,
        config: { swaggerTransform: formDoc(reportForm) },
        handler: async (request, reply) => {
          const userId = requireUser(request).id;
          const before = () => assertMayReport(db, userId, request.params.id);
          const read = (into: ReceivedPhotos) => receiveReportForm(request, service.photos, into);
          // JSON, as API clients send it; an empty body is told what is missing.
          const otherwise = () => checkedFields(incidentReportSchema, request.body ?? {});
          const view = await withForm(request, reply, { before, read, otherwise }, (form) => reportStayProblem(service, userId, request.params.id, form));
          return reply.code(201).send(view);
        },
      });
    };
    await app.register(uploadScope);
  };
