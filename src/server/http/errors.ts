import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loadCatalogues, readerLocale, say } from '../i18n/words';

/** The one error shape of the API (PRODUCT.md section 5). */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

/** Thrown by services for an answer the client caused (4xx) with a message a user can read. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = /*i18n*/ 'Not found') => new HttpError(404, 'not_found', message);
/**
 * The HttpError `err` is, or carries as its cause: a refusal thrown inside a query (the session
 * check of db/transaction-check.ts) reaches the handler wrapped by Drizzle's DrizzleQueryError.
 */
function httpErrorIn(err: unknown): HttpError | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof HttpError) return e;
  }
  return undefined;
}

export const unauthorized = (message = /*i18n*/ 'Please sign in') =>
  new HttpError(401, 'unauthorized', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, fields);
/** A multipart upload cut short or broken (a truncated body, a bad boundary, a client gone). */
export const badUpload = () => new HttpError(400, 'bad_upload', 'The upload was incomplete or malformed. Please try again.');

function body(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

// Fastify's own client errors, by their code, with wording for people.
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Unsupported content type: send JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Invalid content length' },
  FST_ERR_CTP_INVALID_CHARSET: { code: 'unsupported_media_type', message: 'Unsupported charset' },
};

/** The API's code for a client error that came with no code of ours (from a plugin, or Node's parser). */
const CODE_BY_STATUS: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
};
const codeFor = (status: number) => CODE_BY_STATUS[status] ?? 'bad_request';

/**
 * Node's parser refuses some requests before Fastify sees them (headers over 16 KB, a request
 * that is no HTTP, a client too slow); Fastify's own answer has another shape, so this writes the
 * API's onto the socket, as Node would, and closes it.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP'];
  const json = JSON.stringify(body(codeFor(status), message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}

/**
 * Fastify's router answers a URL it cannot decode (`/api/pets/%`) and a path param over its length
 * limit by itself, in its own shape; the `frameworkErrors` option sends them in the API's.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send(body('uri_too_long', 'The address is too long'));
  } else if (err.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send(body('bad_request', 'The address is not valid: check its % escapes'));
  } else {
    const status = err.statusCode ?? 500;
    reply.code(status).send(status < 500 ? body('bad_request', err.message || 'Bad request') : body('internal', /*i18n*/ 'Something went wrong on our side'));
  }
}

/**
 * Every error leaves as `{ error: { code, message, fields? } }`. Validation failures name each
 * field with its message (the first one per field, as the forms show them); anything unexpected
 * is logged and answered with a generic 500 that reveals nothing.
 */
export function installErrorHandling(app: FastifyInstance): void {
  loadCatalogues();
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const answer = errorAnswer(err, request);
    // The words are the reader's (decision 063), so a cache keeps one answer per language.
    const locale = readerLocale(request);
    const { code, message, fields } = answer.body.error;
    const translated = fields && Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, say(locale, text)]));
    return reply.code(answer.status).header('vary', 'cookie, accept-language').send(body(code, say(locale, message), translated));
  });
}

/** The status and body (in English) of an error's answer. */
function errorAnswer(err: FastifyError, request: FastifyRequest): { status: number; body: ApiErrorBody } {
  const refusal = httpErrorIn(err);
  if (refusal) return { status: refusal.statusCode, body: body(refusal.code, refusal.message, refusal.fields) };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[key] ??= issue.message ?? 'Invalid value';
    }
    const first = err.validation[0]!;
    const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
    const text = first.message ?? 'Invalid value';
    const message = first.instancePath === '/' ? `Invalid ${where ?? 'request'}: ${text}` : text;
    return { status: 400, body: body('validation_failed', message, fields) };
  }
  const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
  const status = err.statusCode ?? 500;
  if (known) return { status, body: body(known.code, known.message) };
  if (status >= 400 && status < 500) return { status, body: body(codeFor(status), err.message || 'Bad request') };
  request.log.error({ err }, 'unhandled error');
  return { status: 500, body: body('internal', /*i18n*/ 'Something went wrong on our side') };
}
