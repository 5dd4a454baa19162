import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '../../../domain/contracts/auth';
import type { AppDeps } from '../../app-deps';
import { consumeCode, issueCode } from '../../auth/codes';
import { previewLink, signInLinkUrl, signInWithLink } from '../../auth/links';
import { AUTH_POLICY } from '../../auth/policy';
import { isSuspendedAddress } from '../../auth/queries';
import { hashSessionToken, isToken, newSessionToken } from '../../auth/tokens';
import { clearSessionCookie, createSession, deleteSession, setBrowserCookie, setSessionCookie } from '../../auth/sessions';
import { routesOf } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { accountSuspendedMail } from '../../mail/moderation';
import { signInCodeMail } from '../../mail/sign-in-code';
import { readerLocale } from '../../i18n/words';
import { LOCALE_COOKIE } from '../../../domain/locales';
import { INVALID_CODE } from '../../../domain/sign-in-code';
import { findOrCreateUser, getProfile, settleLanguageAtSignIn } from '../profile';

const route = routesOf(authEndpoints);

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const secure = deps.config.env === 'production';
    const tags = ['auth'];

    /**
     * The browser's sign-in token: kept if it has one, so its codes and its standing with the
     * address stay its own; made otherwise. Sent again each time to keep it for a year.
     */
    const browserTokenOf = (request: FastifyRequest, reply: FastifyReply) => {
      const held = request.cookies[AUTH_POLICY.browserCookieName];
      const browser = isToken(held) ? held : newSessionToken();
      setBrowserCookie(reply, browser, secure);
      return browser;
    };

    /** Signs the browser in as `email` (making the account at its first sign-in); answers the profile. */
    const startSession = async (request: FastifyRequest, reply: FastifyReply, email: string) => {
      const userId = await findOrCreateUser(db, email);
      // A signed-in browser that signs in again gets a new token; the old one ends here.
      if (request.auth) await deleteSession(db, request.auth.sessionId);
      const { token, expiresAt } = await createSession(db, userId, request.headers['user-agent']);
      setSessionCookie(reply, token, expiresAt, secure);
      const user = await getProfile(db, userId);
      return { user: { ...user, locale: await settleLanguageAtSignIn(db, reply, user, request.cookies[LOCALE_COOKIE], secure) } };
    };

    app.route({
      ...route('POST /api/auth/otp/send', { tags, summary: 'E-mail a one-time sign-in code (the same answer for every address)' }),
      handler: async (request, reply) => {
        const { email } = request.body;
        const browser = browserTokenOf(request, reply);
        const { code, linkToken, withdraw } = await issueCode(db, email, request.ip, hashSessionToken(browser));
        // A suspended account is answered as any other (the same limits, the same answer): only
        // its mailbox learns, instead of a code and a link, that it cannot sign in.
        const suspended = await isSuspendedAddress(db, email);
        const { publicUrl } = deps.config;
        try {
          // In the language of the page that asked: the visitor waits for it.
          const mail = suspended ? accountSuspendedMail({ to: email, publicUrl }) : signInCodeMail(email, code, signInLinkUrl(publicUrl, linkToken), publicUrl);
          await deps.mailer.send(mail(readerLocale(request)));
        } catch (err) {
          request.log.error({ err }, 'sign-in code not sent');
          await withdraw();
          throw new HttpError(503, 'mail_unavailable', /*i18n*/ 'We could not send the code right now. Please try again.');
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
          throw new HttpError(400, 'no_sign_in_attempt', /*i18n*/ 'Invalid OTP: please enter the code in the browser that asked for it, or request a new one.');
        }
        await consumeCode(db, email, code, hashSessionToken(browser));
        // No code is sent to a suspended account; one sent before it was suspended opens nothing.
        if (await isSuspendedAddress(db, email)) throw new HttpError(400, 'invalid_code', INVALID_CODE);
        return startSession(request, reply, email);
      },
    });

    // The link in a sign-in e-mail (auth/links.ts): its page asks what it is for, then, once the
    // visitor confirms, signs the browser in. Both are POSTs, so the token stays out of URLs and
    // logs, and the confirmation is refused from another site (auth/guard.ts).
    app.route({
      ...route('POST /api/auth/link/preview', { tags, summary: 'The address a sign-in link signs in to (uses nothing)' }),
      handler: async (request) => ({ email: await previewLink(db, request.body.token) }),
    });

    app.route({
      ...route('POST /api/auth/link/sign-in', { tags, summary: 'Sign this browser in with a sign-in link, once confirmed; sets the session cookie' }),
      handler: async (request, reply) => {
        const browser = browserTokenOf(request, reply);
        const email = await signInWithLink(db, request.body.token, hashSessionToken(browser));
        return startSession(request, reply, email);
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
