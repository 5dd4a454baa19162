import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileEndpoints } from '../../../domain/contracts/profile';
import type { AppDeps } from '../../app-deps';
import { requireUser } from '../../auth/guard';
import { readerLocale } from '../../i18n/words';
import { routesOf } from '../../http/endpoint';
import { sendPhoneCode, verifyPhoneCode } from './phone';
import { chooseLanguage } from './language';
import { getProfile, updateProfile } from './service';

const route = routesOf(profileEndpoints);

export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const tags = ['profile'];
    app.route({
      ...route('GET /api/me', { tags, summary: 'My profile' }),
      handler: async (request) => getProfile(db, requireUser(request).id),
    });
    app.route({
      ...route('PATCH /api/me', { tags, summary: 'Change my name or phone (the e-mail cannot be changed)' }),
      handler: async (request) => updateProfile(db, requireUser(request).id, request.body),
    });
    app.route({
      ...route('PUT /api/language', { tags, summary: 'Choose my language (en, gu, hi): kept in a cookie, and on my profile when signed in' }),
      handler: async (request, reply) => {
        const { locale } = request.body;
        await chooseLanguage(db, reply, request.auth?.user.id, locale, deps.config.env === 'production');
        return { locale };
      },
    });
    app.route({
      ...route('POST /api/me/phone/code', { tags, summary: 'Send a code by SMS to my mobile number, to verify it (5 an hour)' }),
      handler: async (request) => sendPhoneCode(db, deps.phone.sms, requireUser(request).id, readerLocale(request)),
    });
    app.route({
      ...route('POST /api/me/phone/verify', { tags, summary: 'Verify my mobile number with the code sent by SMS' }),
      handler: async (request) => verifyPhoneCode(db, requireUser(request).id, request.body.code),
    });
  };
