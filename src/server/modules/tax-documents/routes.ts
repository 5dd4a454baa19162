import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxDocumentEndpoints } from '../../../domain/contracts/tax-document';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/guard';
import { notFound } from '../../http/errors';
import { routesOf } from '../../http/endpoint';
import { taxDocumentFileName, taxDocumentPdf } from './pdf';
import { selectDocumentForMember } from './queries';

const route = routesOf(taxDocumentEndpoints);

export const taxDocumentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...route('GET /api/tax-documents/:id', {
        tags: ['bookings'],
        summary: "A stay's GST invoice or credit note, as a PDF: for its guest and its host only",
      }),
      ...signedIn,
      handler: async (request, reply) => {
        // Someone else's document and no document answer alike: nothing tells one from the other.
        const doc = await selectDocumentForMember(deps.database.db, request.params.id, requireUser(request).id);
        if (!doc) throw notFound('No such document');
        const pdf = await taxDocumentPdf(doc);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${taxDocumentFileName(doc)}"`)
          .header('Cache-Control', 'private, no-store')
          // The contract has no JSON answer for a success (a file), so its type knows only the errors.
          .send(Buffer.from(pdf) as never);
      },
    });
  };
