import { z } from 'zod';
import type { Contract, Endpoint } from '../../../domain/contracts/endpoint';

// The routes the fuzz suite (../fuzz.test.ts) sends requests to: read from the OpenAPI document,
// so a new route is fuzzed without a line here, and from the contracts for the routes the
// document leaves out.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Operation = {
  method: string;
  /** As the document writes it: /api/listings/{id} */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** The request body's schema (JSON or multipart), when the route takes one. */
  body?: JsonSchema;
  multipart: boolean;
};

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every method of every path of the document. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const multipart = Object.keys(content).some((c) => c.startsWith('multipart/'));
      const body = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        ...(body ? { body } : {}),
        multipart,
      });
    }
  }
  return ops;
}

/**
 * Operations of the routes a contract table names, for those the OpenAPI document leaves out (the
 * operators' console): the same shape operationsOf gives, from the contracts' own schemas.
 */
export function operationsOfContract(contract: Contract): Operation[] {
  const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return Object.entries(contract as Record<string, Endpoint>).map(([key, endpoint]) => {
    const [method, route] = key.split(' ') as [string, string];
    const path = route.replace(/:(\w+)/g, '{$1}');
    return {
      method,
      path,
      pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      query: Object.entries(endpoint.query ? (propertiesOf(json(endpoint.query)) ?? {}) : {}).map(([name, schema]) => ({ name, schema })),
      ...(endpoint.body ? { body: json(endpoint.body) } : {}),
      multipart: Boolean(endpoint.upload),
    };
  });
}

/** The properties an object schema (or any branch of a union of them) names. */
export function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return Object.assign({}, ...branches.map(propertiesOf), schema.properties ?? {});
}
