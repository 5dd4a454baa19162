import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactEndpoints } from '../../../domain/contracts/contact';
import { routesOf } from '../../http/endpoint';
import type { AppDeps } from '../../app-deps';
import { submitContactMessage } from './service';

const route = routesOf(contactEndpoints);

export const contactRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...route('POST /api/contact', { tags: ['contact'], summary: 'Send a message to support' }),
      bodyLimit: 16 * 1024,
      handler: async (request, reply) => {
        const result = await submitContactMessage(
          { db: deps.database.db, supportEmail: deps.config.supportEmail },
          { ...request.body, clientIp: request.ip },
        );
        return reply.code(201).send(result);
      },
    });
  };
