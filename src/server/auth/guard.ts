import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATORS_PAGE, pagePathOf } from '../../domain/page-paths';
import type { Db } from '../db/client';
import { HttpError, unauthorized } from '../http/errors';
import { noRouteMessage } from '../http/not-found';
import { AUTH_POLICY } from './policy';
import { withoutTransactionCheck, withTransactionCheck } from '../db/transaction-check';
import { holdLiveSession } from './queries';
import { type ResolvedSession, resolveSession, type SessionUser, setSessionCookie } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: ResolvedSession | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether `request` asks for the operators' console page, in any spelling the pages answer
 * (http/pages.ts reads it the same way): its status depends on who asks, so its session is read.
 * A spelling this misses is answered as no page at all, never as the console.
 */
export const asksForOperatorsPage = (request: Pick<FastifyRequest, 'url'>) => pagePathOf(request.url.split('?')[0]!) === OPERATORS_PAGE;

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF), and resolves the
 * session cookie on every API request and on the operators' page, renewing a session in use.
 * SameSite=Lax already keeps the cookie off cross-site POSTs; the Origin check stops the rest.
 * Both are judged by the route the request reaches, never by its raw URL: the router decodes
 * `/%61pi/...` to `/api/...`, so a check of the raw text would be a way around the rule. The
 * Origin check is on every state-changing request, whatever its path, so no spelling of one
 * escapes it.
 */
export function installSessions(app: FastifyInstance, opts: { db: Db; secure: boolean; publicUrl: string }) {
  const publicOrigin = new URL(opts.publicUrl).origin;
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      const ownOrigin = `${request.protocol}://${request.host}`;
      if ((origin && origin !== ownOrigin && origin !== publicOrigin) || request.headers['sec-fetch-site'] === 'cross-site') {
        throw new HttpError(403, 'cross_site_request', 'Requests from other sites are not allowed');
      }
    }
    if (!request.routeOptions.url?.startsWith('/api/') && !asksForOperatorsPage(request)) return;
    const token = request.cookies[AUTH_POLICY.cookieName];
    if (!token) return;
    const session = token.length <= 100 ? await resolveSession(opts.db, token) : null;
    // An ended session's cookie is left as it is, not cleared: by the time this answer arrives the
    // browser may hold a newer one (a sign-in in another tab), which a clearing cookie would wipe.
    // The old token opens nothing; sign-out clears the cookie itself.
    if (!session) return;
    request.auth = session;
    if (session.renewedUntil) setSessionCookie(reply, token, session.renewedUntil, opts.secure);
  });
  // A state-changing request is judged on its session as it is when each of its transactions
  // writes, not as it was when the request arrived: its body may take seconds to come, its work
  // longer, and a sign-out or a suspension in between must hold for what commits after it
  // (decision 037). The sign-in routes are judged by their code, not by a session they replace.
  // Any other request runs unjudged, even one made in process from within a judged one (the test
  // gateway, answering as Razorpay would for a checkout): it is someone else's, not that session's.
  app.addHook('preHandler', (request, _reply, done) => {
    const auth = request.auth;
    if (!auth || SAFE_METHODS.has(request.method) || request.routeOptions.url?.startsWith(SIGN_IN_ROUTES)) return withoutTransactionCheck(done);
    withTransactionCheck(async (query) => {
      if (!(await holdLiveSession(query, auth.sessionId))) throw unauthorized(SESSION_ENDED);
    }, done);
  });
}

const SIGN_IN_ROUTES = '/api/auth/';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

/**
 * Route options for signed-in routes: a 401 before the body is looked at, so a signed-out visitor
 * learns to sign in, not what is wrong with a form they cannot send anyway.
 */
export const signedIn = { preValidation: async (request: FastifyRequest) => void requireUser(request) };

/**
 * Route options for the operators' routes (/api/ops): anyone else, signed in or not, is answered
 * as for an address that does not exist, so the console's API cannot even be found by probing.
 * Checked as the request arrives, before its body is parsed: a malformed body must not answer
 * otherwise than a well-formed one.
 */
export const operatorsOnly = {
  onRequest: async (request: FastifyRequest) => void requireOperator(request),
};

/** The signed-in operator, or the 404 of a path nothing serves (http/not-found.ts), word for word. */
export function requireOperator(request: FastifyRequest): SessionUser {
  if (!request.auth?.user.operator) throw new HttpError(404, 'not_found', noRouteMessage(request));
  return request.auth.user;
}
