import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '../../../domain/contracts/auth';
import type { AppDeps } from '../../app-deps';
import { consumeCode, issueCode } from '../../auth/codes';
import { AUTH_POLICY } from '../../auth/policy';
import { isSuspendedAddress } from '../../auth/queries';
import { hashSessionToken, isToken, newSessionToken } from '../../auth/tokens';
import { clearSessionCookie, createSession, deleteSession, setBrowserCookie, setSessionCookie } from '../../auth/sessions';
import { routesOf } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { accountSuspendedMail } from '../../mail/moderation';
import { signInCodeMail } from '../../mail/sign-in-code';
import { findOrCreateUser, getProfile } from '../profile';

const route = routesOf(authEndpoints);

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const secure = deps.config.env === 'production';
    const tags = ['auth'];

    app.route({
      ...route('POST /api/auth/otp/send', { tags, summary: 'E-mail a one-time sign-in code (the same answer for every address)' }),
      handler: async (request, reply) => {
        const { email } = request.body;
        // The browser's sign-in token: kept if it has one, so its codes and its standing with
        // the address stay its own; made otherwise. Sent again each time to keep it for a year.
        const held = request.cookies[AUTH_POLICY.browserCookieName];
        const browser = isToken(held) ? held : newSessionToken();
        setBrowserCookie(reply, browser, secure);
        const { code, withdraw } = await issueCode(db, email, request.ip, hashSessionToken(browser));
        // A suspended account is answered as any other (the same limits, the same answer): only
        // its mailbox learns, instead of a code, that it cannot sign in.
        const suspended = await isSuspendedAddress(db, email);
        try {
          await deps.mailer.send(
            suspended ? accountSuspendedMail({ to: email, publicUrl: deps.config.publicUrl }) : signInCodeMail(email, code, deps.config.publicUrl),
          );
        } catch (err) {
          request.log.error({ err }, 'sign-in code not sent');
          await withdraw();
          throw new HttpError(503, 'mail_unavailable', 'We could not send the code right now. Please try again.');
        }
        return { ok: true as const };
      },
    });

    app.route({
      ...route('POST /api/auth/otp/verify', { tags, summary: 'Sign in with the e-mailed code; sets the session cookie' }),
      handler: async (request, reply) => {
        const { email, code } = request.body;
        const browser = request.cookies[AUTH_POLICY.browserCookieName];
        if (!isToken(browser)) {
          throw new HttpError(400, 'no_sign_in_attempt', 'Invalid OTP: please enter the code in the browser that asked for it, or request a new one.');
        }
        await consumeCode(db, email, code, hashSessionToken(browser));
        // No code is sent to a suspended account; one sent before it was suspended opens nothing.
        if (await isSuspendedAddress(db, email)) throw new HttpError(400, 'invalid_code', 'Invalid OTP');
        const userId = await findOrCreateUser(db, email);
        // A signed-in browser that signs in again gets a new token; the old one ends here.
        if (request.auth) await deleteSession(db, request.auth.sessionId);
        const { token, expiresAt } = await createSession(db, userId, request.headers['user-agent']);
        setSessionCookie(reply, token, expiresAt, secure);
        return { user: await getProfile(db, userId) };
      },
    });

    app.route({
      ...route('POST /api/auth/sign-out', { tags, summary: 'End this session on the server' }),
      handler: async (request, reply) => {
        if (request.auth) await deleteSession(db, request.auth.sessionId);
        clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    });

    app.route({
      ...route('GET /api/auth/session', { tags, summary: 'Who is signed in (null when nobody)' }),
      handler: async (request) => ({ user: request.auth ? await getProfile(db, request.auth.user.id) : null }),
    });
  };
