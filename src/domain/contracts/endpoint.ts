import type { z } from 'zod';

// What an endpoint of the API takes and gives, written once and used by both sides: the server
// validates requests and serialises answers with these schemas (server/http/endpoint.ts), and the
// web's client (web/lib/api.ts) takes its types from them with type-only imports, so the browser
// ships none of them. A contract table is keyed by "METHOD /path", the path in Fastify's syntax.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${HttpMethod} /api/${string}`;

export type SuccessStatus = 200 | 201 | 204;

export type Endpoint = {
  /** Path parameters (`:id`), as strings. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body; a multipart upload leaves it out and says so in `upload`. */
  body?: z.ZodType;
  /** The answer of a success; null for one with no JSON body (204, a stream). */
  response: z.ZodType | null;
  /** The status of a success (or each it may be): 200 unless given. */
  status?: SuccessStatus | readonly SuccessStatus[];
  /** A multipart form (photos): the route reads the parts itself. */
  upload?: true;
  /** Failure answers of a shape other than the API's error (`{ error: { code, message } }`). */
  failures?: Partial<Record<400 | 403 | 404 | 409 | 503, z.ZodType>>;
};

export type Contract = Record<RouteKey, Endpoint>;

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What the browser sends: the fields of the schema before its defaults and transforms. */
type InputOf<E, K extends 'params' | 'query' | 'body'> = Schema<E, K> extends z.ZodType ? z.input<Schema<E, K>> : undefined;

/** What the caller passes: the parts the endpoint has, each required unless all its fields are optional. */
export type CallInput<E> = (Schema<E, 'params'> extends z.ZodType ? { params: InputOf<E, 'params'> } : { params?: never }) &
  (Schema<E, 'query'> extends z.ZodType ? { query?: InputOf<E, 'query'> } : { query?: never }) &
  (E extends { upload: true } ? { body: FormData } : Schema<E, 'body'> extends z.ZodType ? { body: InputOf<E, 'body'> } : { body?: never });

/** What the server answers on success, as the JSON the browser reads. */
export type Answer<E> = E extends { response: infer R extends z.ZodType } ? z.output<R> : undefined;
