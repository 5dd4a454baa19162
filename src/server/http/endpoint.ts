import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { Contract, Endpoint, SuccessStatus } from '../../domain/contracts/endpoint';
import { errorResponses } from './openapi';

// A route's method, path and schemas, taken from its contract (src/domain/contracts): the one place
// an endpoint's shape is written. Fastify then validates the request and serialises the answer with
// them (fastify-type-provider-zod), and the handler's types follow.

type Has<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;
type Statuses<E> = E extends { status: infer S } ? (S extends readonly (infer T)[] ? T : S) : 200;
type Success<E> = E extends { response: infer R extends z.ZodType } ? { [S in Statuses<E> & number]: R } : unknown;

type Failures<E> = E extends { failures: infer F } ? F : unknown;

type RouteOf<E> = {
  method: HTTPMethods;
  url: string;
  schema: {
    tags: string[];
    summary: string;
    params: Has<E, 'params'>;
    querystring: Has<E, 'query'>;
    body: Has<E, 'body'>;
    response: Success<E> & Omit<typeof errorResponses, keyof Failures<E>> & Failures<E>;
    description?: string;
    hide?: boolean;
  };
};

export type RouteDoc = {
  tags: string[];
  summary: string;
  /** The OpenAPI document's longer word on the endpoint. */
  description?: string;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
};

/** The part of Fastify's route options that a contract decides: `app.route({ ...route(key, doc), handler })`. */
export function routesOf<C extends { [K in keyof C]: Endpoint } & Contract>(contract: C) {
  return <K extends keyof C & string>(key: K, doc: RouteDoc): RouteOf<C[K]> => {
    const endpoint = contract[key] as Endpoint;
    const space = key.indexOf(' ');
    const statuses: readonly SuccessStatus[] = endpoint.status === undefined ? [200] : typeof endpoint.status === 'number' ? [endpoint.status] : endpoint.status;
    const success = endpoint.response ? Object.fromEntries(statuses.map((status) => [status, endpoint.response])) : {};
    return {
      method: key.slice(0, space) as HTTPMethods,
      url: key.slice(space + 1),
      schema: {
        ...doc,
        // Only the parts the endpoint has: Fastify warns of a schema that is undefined.
        ...(endpoint.params && { params: endpoint.params }),
        ...(endpoint.query && { querystring: endpoint.query }),
        ...(endpoint.body && { body: endpoint.body }),
        response: { ...success, ...errorResponses, ...endpoint.failures },
      },
    } as unknown as RouteOf<C[K]>;
  };
}

/**
 * Makes the app refuse to start with an /api route that is not in the contracts, or that takes
 * its schemas from anywhere else: the contracts then describe the whole API, and the web's types
 * cannot drift from what the server does. Call before the routes are registered.
 */
export function requireContracts(app: FastifyInstance, contract: Contract) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route to each GET route.
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const endpoint: Endpoint | undefined = (contract as Record<string, Endpoint>)[key];
      if (!endpoint) throw new Error(`${key} has no contract in src/domain/contracts`);
      const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<number, unknown> };
      const success = endpoint.status === undefined ? [200] : [endpoint.status].flat();
      const agrees =
        schema.params === endpoint.params &&
        schema.querystring === endpoint.query &&
        schema.body === endpoint.body &&
        success.every((status) => (schema.response?.[status] ?? null) === endpoint.response);
      if (!agrees) throw new Error(`${key} must take its schemas from its contract (routesOf in server/http/endpoint.ts)`);
    }
  });
}
