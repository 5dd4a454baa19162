import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCodeSchema, verifyCodeSchema } from '../../../domain/schemas/auth';
import type { AppDeps } from '../../app-deps';
import { consumeCode, issueCode } from '../../auth/codes';
import { AUTH_POLICY } from '../../auth/policy';
import { hashSessionToken, isToken, newSessionToken } from '../../auth/tokens';
import { clearSessionCookie, createSession, deleteSession, setBrowserCookie, setSessionCookie } from '../../auth/sessions';
import { HttpError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { signInCodeMail } from '../../mail/sign-in-code';
import { findOrCreateUser, getProfile, profileResponse } from '../profile';

const ok = z.object({ ok: z.literal(true) });

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const secure = deps.config.env === 'production';

    app.post(
      '/api/auth/otp/send',
      {
        schema: {
          tags: ['auth'],
          summary: 'E-mail a one-time sign-in code (the same answer for every address)',
          body: sendCodeSchema,
          response: { 200: ok, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { email } = request.body;
        // The browser's sign-in token: kept if it has one, so its codes and its standing with
        // the address stay its own; made otherwise. Sent again each time to keep it for a year.
        const held = request.cookies[AUTH_POLICY.browserCookieName];
        const browser = isToken(held) ? held : newSessionToken();
        setBrowserCookie(reply, browser, secure);
        const { code, withdraw } = await issueCode(db, email, request.ip, hashSessionToken(browser));
        try {
          await deps.mailer.send(signInCodeMail(email, code, deps.config.publicUrl));
        } catch (err) {
          request.log.error({ err }, 'sign-in code not sent');
          await withdraw();
          throw new HttpError(503, 'mail_unavailable', 'We could not send the code right now. Please try again.');
        }
        return { ok: true as const };
      },
    );

    app.post(
      '/api/auth/otp/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with the e-mailed code; sets the session cookie',
          body: verifyCodeSchema,
          response: { 200: z.object({ user: profileResponse }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { email, code } = request.body;
        const browser = request.cookies[AUTH_POLICY.browserCookieName];
        if (!isToken(browser)) {
          throw new HttpError(400, 'no_sign_in_attempt', 'Invalid OTP: please enter the code in the browser that asked for it, or request a new one.');
        }
        await consumeCode(db, email, code, hashSessionToken(browser));
        const userId = await findOrCreateUser(db, email);
        // A signed-in browser that signs in again gets a new token; the old one ends here.
        if (request.auth) await deleteSession(db, request.auth.sessionId);
        const { token, expiresAt } = await createSession(db, userId, request.headers['user-agent']);
        setSessionCookie(reply, token, expiresAt, secure);
        return { user: await getProfile(db, userId) };
      },
    );

    app.post(
      '/api/auth/sign-out',
      { schema: { tags: ['auth'], summary: 'End this session on the server', response: { 200: ok, ...errorResponses } } },
      async (request, reply) => {
        if (request.auth) await deleteSession(db, request.auth.sessionId);
        clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'Who is signed in (null when nobody)',
          response: { 200: z.object({ user: profileResponse.nullable() }) },
        },
      },
      async (request, reply) => {
        return { user: request.auth ? await getProfile(db, request.auth.user.id) : null };
      },
    );
  };
