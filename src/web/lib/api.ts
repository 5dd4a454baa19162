import type { ApiEndpoints, ApiRoute } from '@/domain/contracts';
import type { Answer, CallInput, HttpMethod } from '@/domain/contracts/endpoint';

// The one way the web app talks to the API: JSON in and out, same-origin cookies, and every
// failure as an ApiError carrying the API's error shape `{ error: { code, message, fields? } }`.
// `call` names an endpoint of the contracts (src/domain/contracts) and is typed by it: what it
// sends and what it answers. The imports are of types only: no schema reaches the browser.

export type ApiErrorFields = Record<string, string>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, aborted, CORS). */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: ApiErrorFields,
  ) {
    super(message);
  }

  get isRateLimited(): boolean {
    return this.status === 429;
  }
}

type RequestOptions = {
  /** Query parameters; undefined, null and empty strings are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A JSON body, or FormData sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
};

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function isErrorBody(value: unknown): value is { error: { code: string; message: string; fields?: ApiErrorFields } } {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/**
 * How requests reach the API: the browser's fetch, or, in the server's render of a page
 * (web/entry-server.tsx), the server answering them itself.
 */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);

/** For the server's render only: answers the app's API requests without a network. */
export function setApiTransport(send: typeof transport) {
  transport = send;
}

async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(withQuery(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'Could not reach PawStay. Check your connection and try again.');
  }

  const text = response.status === 204 ? '' : await response.text();
  // A 204 is the contracts' `z.null()`.
  let data: unknown = response.status === 204 ? null : undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    if (isErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
    }
    throw new ApiError(response.status, 'http_error', response.statusText || `Request failed (${response.status})`);
  }
  return data as T;
}

type CallOptions<E> = CallInput<E> & { signal?: AbortSignal };
type CallArgs<E> = {} extends CallInput<E> ? [input?: CallOptions<E>] : [input: CallOptions<E>];

/** `call('GET /api/listings/:id', { params: { id } })`: the path's parameters are encoded here. */
export function call<K extends ApiRoute>(route: K, ...[input]: CallArgs<ApiEndpoints[K]>): Promise<Answer<ApiEndpoints[K]>> {
  const space = route.indexOf(' ');
  const options = (input ?? {}) as { params?: Record<string, string>; query?: RequestOptions['query']; body?: unknown; signal?: AbortSignal };
  const path = route.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  return request(route.slice(0, space) as HttpMethod, path, { query: options.query, body: options.body, signal: options.signal });
}
