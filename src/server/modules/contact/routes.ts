import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema } from '../../../domain/schemas/contact';
import { errorResponses } from '../../http/openapi';
import type { AppDeps } from '../../app-deps';
import { submitContactMessage } from './service';

export const contactRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact',
      {
        bodyLimit: 16 * 1024,
        schema: {
          tags: ['contact'],
          summary: 'Send a message to support',
          body: contactSchema,
          response: { 201: z.object({ id: z.uuid() }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await submitContactMessage(
          { db: deps.database.db, supportEmail: deps.config.supportEmail },
          { ...request.body, clientIp: request.ip },
        );
        return reply.code(201).send(result);
      },
    );
  };
