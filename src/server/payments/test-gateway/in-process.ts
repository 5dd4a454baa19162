import type { FastifyInstance, InjectOptions } from 'fastify';

// Test mode's wire between the app and its own test gateway: the official SDK's requests (an
// axios adapter) and the gateway's webhooks go through the app's router with `inject`, in
// process. The requests and answers are the HTTP ones, byte for byte (method, path, Basic auth,
// JSON body, status, signature headers); only the socket is skipped, so test mode needs no port
// of its own and works the same in `npm start`, a test, or any number of processes.

/** The part of axios's request config the SDK's requests use. */
type AxiosRequest = {
  method?: string;
  baseURL?: string;
  url?: string;
  params?: Record<string, string | number | null | undefined>;
  data?: unknown;
  headers?: { toJSON?(): Record<string, unknown> } & Record<string, unknown>;
  auth?: { username: string; password: string };
};

type Inject = (options: InjectOptions) => ReturnType<FastifyInstance['inject']>;

/** An axios adapter that answers through `app`, and fails on a non-2xx as axios's own adapters do. */
export function inProcessAdapter(app: { inject: Inject }) {
  return async (config: AxiosRequest) => {
    const url = new URL(`${config.baseURL ?? ''}${config.url ?? ''}`, 'http://in-process');
    // As axios builds a URL: a parameter left undefined or null is not sent (the SDK's Fetch Transfers leaves `to` so).
    for (const [key, value] of Object.entries(config.params ?? {})) if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    const headers = Object.fromEntries(
      Object.entries(config.headers?.toJSON?.() ?? config.headers ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
    ) as Record<string, string>;
    if (config.auth) headers.authorization = `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`;
    const res = await app.inject({
      method: (config.method ?? 'get').toUpperCase() as InjectOptions['method'],
      url: url.pathname + url.search,
      headers,
      ...(config.data !== undefined && { payload: config.data as string }),
    });
    // axios parses the JSON text itself (its transformResponse), as from the network.
    const response = { data: res.body, status: res.statusCode, statusText: res.statusMessage, headers: res.headers, config, request: null };
    if (res.statusCode >= 200 && res.statusCode < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${res.statusCode}`), { isAxiosError: true, config, response });
  };
}

/** What a webhook delivery hands over: the body exactly as signed, and its headers. */
export type WebhookPost = (delivery: { body: string; headers: Record<string, string> }) => Promise<number>;

/** Posts a webhook to `path` of `app`; answers the status. */
export const inProcessWebhooks =
  (app: { inject: Inject }, path: string): WebhookPost =>
  async ({ body, headers }) =>
    (await app.inject({ method: 'POST', url: path, headers: { ...headers, 'content-type': 'application/json' }, payload: body })).statusCode;

/** Posts a webhook over HTTP to `url` (a test's receiver, or another app); answers the status. */
export const httpWebhooks =
  (url: string, timeoutMs: number): WebhookPost =>
  async ({ body, headers }) => {
    const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  };
