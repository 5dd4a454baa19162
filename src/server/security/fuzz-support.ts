import fc from 'fast-check';
import { z } from 'zod';
import { addDays, todayInIndia } from '../../domain/dates';
import { BOOKING_STATUSES } from '../../domain/bookings';
import { PET_SIZES, STAY_SIZES } from '../../domain/pet-sizes';
import { PET_TYPES } from '../../domain/pet-types';
import { LISTING_STATUSES } from '../../domain/contracts/listing';
import { SEARCH_SORTS } from '../../domain/contracts/search';
import { errorSchema } from '../http/openapi';
import type { Contract, Endpoint } from '../../domain/contracts/endpoint';

// Generators for the API fuzz suite (fuzz.test.ts): requests built from the OpenAPI document, so
// a new route is fuzzed without a line here. Field names, enums, formats and limits come from the
// route's own schemas; the values mix plausible ones (to get past the first check sometimes) with
// hostile ones: wrong types, huge strings and arrays, unicode and control characters, SQL and
// HTML fragments, numbers at and past every limit, malformed JSON and wrong content types.

// ---------------------------------------------------------------------------------------------
// The OpenAPI document

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

// ---------------------------------------------------------------------------------------------
// JSON text, with number literals JSON.stringify cannot write (1e309, 2^53 + 1 exactly)

/** A piece of JSON text written as it is. */
export class Raw {
  constructor(readonly text: string) {}
  toJSON() {
    return `<raw ${this.text.length > 40 ? `${this.text.slice(0, 40)}…` : this.text}>`;
  }
}

export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const SQL = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '; DROP TABLE listings',
  '" OR ""="',
  "1; SELECT pg_sleep(5) --",
  "admin'--",
  "') OR ('a'='a",
  '1 UNION SELECT null, version() --',
  "%' AND 1=0 UNION SELECT table_name FROM information_schema.tables --",
  "\\'; DELETE FROM bookings; --",
  '$$; drop table bookings; $$',
  "1' AND (SELECT COUNT(*) FROM sessions) > 0 --",
];

const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(document.cookie)',
  '<iframe src="//evil.example"></iframe>',
  '</textarea><script>x()</script>',
  '&lt;b&gt; &amp; &#0;',
  '{{7*7}} ${7*7} <%= 7*7 %>',
  '<!-- ]]> -->',
];

const UNICODE = [
  '🐶🐱🐾',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u202Egnp.exe',
  'Z̷̢͉̈́a̸̛͎l̴̰͛g̷̱̈o̵',
  'e\u0301\u0301\u0301',
  '\u200B\u200C\u200D\u2060',
  '\uFEFFbom',
  '\uD800',
  'lone \uDFFF surrogate',
  'ℌ𝔢𝔩𝔩𝔬 𝕏',
  'İstanbul ß ﬁ',
  'line\u2028sep\u2029',
  'नमस्ते दुनिया',
  '你好，世界',
  'ＡＢＣ１２３',
];

const CONTROL = ['\u0000', 'a\u0000b', '\u0001\u0002', '\b\f', '\t', '\n', '\r\n\r\n', '\u001b[31mred', '\u007f', '\u0085', '\u009b'];

const NUMERIC_TEXT = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '1_000',
  ' 42 ',
  '١٢٣',
  '12abc',
  '',
  ' ',
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e2',
  '+1',
  '00012',
  '99999999999999999999999',
];

/** Number literals, as JSON text: past float range, past 2^53, negative zero, tiny. */
const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '9007199254740993',
  '-9007199254740993',
  '1e-400',
  '-0',
  '123456789012345678901234567890',
  '2147483648',
  '-2147483649',
  '0.1e1',
  '1E+2',
];

const NUMBERS = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  0.5,
  -0.5,
  1.0000001,
  1e21,
];

const FRAGMENTS = [...SQL, ...HTML, ...UNICODE, ...CONTROL, ...NUMERIC_TEXT, '../../../etc/passwd', '%s%n%x', 'null', 'undefined', 'true'];

/** Long text, up to ~100 KB. */
const hugeText = fc
  .tuple(fc.constantFrom('a', '🐶', "' OR 1=1 --", '<script>', 'é', ' ', '\u0301', '%00'), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([s, n]) => s.repeat(Math.ceil(n / s.length)).slice(0, n));

const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));

const shortHostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Any code point, lone surrogates included (fc's 'binary' unit builds a million-entry table).
  { weight: 1, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 20 }) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 2, maxLength: 5 }).map((parts) => parts.join(' ')) },
);

// Rare, as a request holds many texts: about one request in ten carries a huge one.
export const hostileText: fc.Arbitrary<string> = fc.oneof({ weight: 60, arbitrary: shortHostileText }, { weight: 1, arbitrary: hugeText });

function scalar(text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(...NUMBERS),
    fc.integer(),
    fc.double(),
    fc.constantFrom(...RAW_NUMBERS).map((n) => new Raw(n)),
    text,
    text,
  );
}

const hostileScalar = scalar(hostileText);

/** Nesting far past anything the API takes. */
const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([n, array]) => new Raw(array ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));

/** A big array of one short value (up to 20,000 items). */
const hugeArray = fc.tuple(scalar(shortHostileText), fc.integer({ min: 100, max: 20_000 })).map(([v, n]) => Array<unknown>(n).fill(v));

const KEYS = ['__proto__', 'constructor', 'prototype', 'host_id', 'owner_id', 'user_id', 'guest_id', 'id', 'status', 'verified', 'role', 'is_admin', 'total_inr', ''];
const keyArb = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 }), hostileText.map((s) => s.slice(0, 200)));

/** Any JSON value, hostile. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    { weight: 8, arbitrary: hostileScalar },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 4 }).map((e) => Object.fromEntries(e)) },
    { weight: 1, arbitrary: hugeArray },
    { weight: 1, arbitrary: deepJson },
  ),
})).value;

// ---------------------------------------------------------------------------------------------
// Plausible values, from a schema and a field's name

export type FuzzContext = {
  /** Ids of rows that exist (a listing, a booking, a pet...): a random uuid finds nothing. */
  knownIds: string[];
  /** The same ids by kind (listing, photo, pet, booking, conversation, user): a field or path
   * segment naming a kind gets its ids more often. */
  idsByKind: Record<string, string[]>;
  /** A small real JPEG, so that an upload can succeed. */
  jpeg: Buffer;
};

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The known ids of the kind `name` names (listingId, photo_ids, /api/pets/{id}), or all of them. */
function idsFor(name: string, ctx: FuzzContext): string[] {
  const n = name.toLowerCase();
  const kind = Object.keys(ctx.idsByKind).find((k) => n.includes(k));
  return kind ? ctx.idsByKind[kind]! : ctx.knownIds;
}

function uuidArb(ctx: FuzzContext, name = ''): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...idsFor(name, ctx)) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.knownIds) },
    { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(NIL_UUID, 'ffffffff-ffff-ffff-ffff-ffffffffffff') },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.knownIds).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.knownIds).map((id) => id.replaceAll('-', '')) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.knownIds).map((id) => `{${id}}`) },
  );
}

const dateArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -10, max: 420 }).map((d) => addDays(todayInIndia(), d)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '2026-1-1', '2026-03-10T00:00:00Z', '10/03/2026', '1970-01-01', '+275760-09-13'),
  },
);

const intText = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map(String);

/** Values fit for a field of this name, when the schema says little (query params are all text). */
function byName(name: string, ctx: FuzzContext): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  if (n.includes('email')) {
    return fc.oneof(fc.emailAddress(), fc.constantFrom('fuzz@example.com', ' FUZZ@Example.COM ', 'a@b', '@', 'a@b.c', `${'a'.repeat(250)}@example.com`));
  }
  if (n === 'code') return fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom('12345', '1234567', ' 123456 ', '١٢٣٤٥٦'));
  if (n.endsWith('id') || n.endsWith('ids')) return uuidArb(ctx, name);
  if (n === 'from' || n === 'to' || n.includes('date')) return dateArb;
  if (n.includes('phone')) return fc.constantFrom('+91 98765 43210', '9876543210', '098765-43210', '12345', '+1 555 0100');
  if (n === 'size') {
    return fc.oneof(fc.constantFrom(...STAY_SIZES, ...PET_SIZES), fc.subarray([...STAY_SIZES]).map((s) => s.join(',')));
  }
  if (n === 'type') return fc.constantFrom(...PET_TYPES);
  if (n === 'sort') return fc.constantFrom(...SEARCH_SORTS);
  if (n === 'status') return fc.constantFrom(...BOOKING_STATUSES, ...LISTING_STATUSES, 'Accepted', 'all');
  if (['page', 'pagesize', 'before', 'after', 'seq'].includes(n)) return fc.oneof(intText(0, 200), fc.constantFrom('1', '5', '2147483648', '9007199254740993'));
  if (n.includes('price')) return intText(0, 120_000);
  if (['north', 'south', 'lat'].includes(n)) return fc.double({ min: -95, max: 95, noNaN: true }).map((v) => v.toFixed(4));
  if (['east', 'west', 'lng'].includes(n)) return fc.double({ min: -185, max: 185, noNaN: true }).map((v) => v.toFixed(4));
  if (n === 'verified') return fc.constantFrom('true', 'false', 'yes');
  if (n === 'city') return fc.constantFrom('Ahmedabad', 'ahmedabad', 'Gandhinagar', 'Mumbai');
  return undefined;
}

/** Text of about the lengths the schema allows, and one past each end. */
function textArb(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 80, 5_000);
  const lengths = [...new Set([min, Math.max(min - 1, 0), max, max + 1])];
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, 200)) }) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '🐶', ' ')).map(([n, c]) => c.repeat(n)) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FRAGMENTS), fc.integer({ min, max: Math.max(min, Math.min(max, 300)) })).map(([f, n]) => (f + ' pad'.repeat(n)).slice(0, n)) },
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const lo = Math.ceil(schema.minimum ?? (exMin !== undefined ? exMin + 1 : -1_000));
  const hi = Math.floor(schema.maximum ?? (exMax !== undefined ? exMax - 1 : 1_000));
  // fc.integer draws 32-bit integers; the edges and the hostile numbers go further.
  const safeLo = Math.min(Math.max(lo, -(2 ** 31)), 2 ** 31 - 1);
  const safeHi = Math.min(Math.max(hi, safeLo), 2 ** 31 - 1);
  const edges = [lo, hi, lo - 1, hi + 1, 0].filter(Number.isFinite);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: safeLo, max: safeHi }) },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    ...(integer ? [] : [{ weight: 1, arbitrary: fc.double({ min: safeLo, max: safeHi, noNaN: true }) }]),
  );
}

function typesOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** A value the schema may accept (or just miss): its enum, format, limits and nested fields. */
export function plausible(schema: JsonSchema, name: string, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].filter((b) => !typesOf(b).includes('null'));
  if (branches.length) return fc.oneof(...branches.map((b) => plausible(b, name, ctx, depth)));
  const types = typesOf(schema).filter((t) => t !== 'null');
  const type = types[0];
  const hint = byName(name, ctx);
  if (type === 'array') {
    const item = schema.items ? plausible(schema.items, name, ctx, depth + 1) : hostileScalar;
    return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 6, 12) + 1 });
  }
  if (type === 'object' || schema.properties) return depth > 3 ? fc.constant({}) : objectFor(schema, ctx, depth + 1);
  if (type === 'integer' || type === 'number') {
    const numbers = numberArb(schema, type === 'integer');
    return hint ? fc.oneof(numbers, hint) : numbers;
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'string') {
    if (schema.format === 'uuid') return uuidArb(ctx, name);
    if (schema.format === 'date') return dateArb;
    if (schema.format === 'email') return byName('email', ctx)!;
    return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: textArb(schema) }) : textArb(schema);
  }
  return hint ?? hostileScalar;
}

/**
 * Day offsets for valid-looking dates: two of them drawn at random make a bookable stay (after
 * today, check-out after check-in, at most 30 nights) about a third of the time.
 */
const validDate = fc.constantFrom(5, 7, 20, 25, 45, 47).map((d) => addDays(todayInIndia(), d));

/** Text the schema accepts: letters, or a hostile fragment padded to the length limits. */
function validText(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 2_000));
  return fc.oneof(
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: Math.max(min, 1), maxLength: Math.max(min, 1, Math.min(max, min + 40)) }),
    // Stored as it is: markup, SQL, emoji, RTL marks and control characters in real rows.
    fc.constantFrom(...FRAGMENTS.filter((f) => !f.includes('\u0000'))).map((f) => `${f.slice(0, Math.max(0, max - min - 1))}${'x'.repeat(Math.max(min, 1))}`.slice(0, max)),
  );
}

/** Valid values for a field of this name, when the schema does not say (query params are text). */
function validByName(name: string, ctx: FuzzContext): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  if (n.includes('email')) return fc.stringMatching(/^[a-z]{1,12}@example\.(com|in)$/);
  if (n === 'code') return fc.stringMatching(/^\d{6}$/);
  if (n.endsWith('id') || n.endsWith('ids')) return fc.constantFrom(...idsFor(name, ctx));
  if (n === 'from' || n === 'to' || n.includes('date')) return validDate;
  if (n.includes('phone')) return fc.constantFrom('+91 98765 43210', '9876543210', '');
  if (n === 'size') return fc.subarray([...STAY_SIZES], { minLength: 1 }).map((s) => s.join(','));
  if (n === 'sort') return fc.constantFrom(...SEARCH_SORTS);
  if (n === 'status') return fc.constantFrom(...BOOKING_STATUSES);
  if (n === 'page' || n === 'before' || n === 'after' || n === 'seq') return intText(1, 5);
  if (n === 'pagesize') return intText(1, 100);
  if (n.includes('price')) return intText(0, 100_000);
  if (n === 'north') return fc.constantFrom('23.2', '23.1');
  if (n === 'south') return fc.constantFrom('22.9', '23.0');
  if (n === 'east') return fc.constantFrom('72.8', '72.7');
  if (n === 'west') return fc.constantFrom('72.4', '72.5');
  if (n === 'verified') return fc.constantFrom('true', 'false');
  if (n === 'city') return fc.constantFrom('Ahmedabad', 'Gandhinagar');
  return undefined;
}

/** A value the schema accepts (mostly: cross-field rules are left to chance). */
export function validish(schema: JsonSchema, name: string, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].filter((b) => !typesOf(b).includes('null'));
  if (branches.length) return fc.oneof(...branches.map((b) => validish(b, name, ctx, depth)));
  const type = typesOf(schema).filter((t) => t !== 'null')[0];
  if (type === 'array') {
    const item = schema.items ? validish(schema.items, name, ctx, depth + 1) : fc.constant('x');
    return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)) });
  }
  if (type === 'object' || schema.properties) {
    if (depth > 3) return fc.constant({});
    const props = Object.entries(propertiesOf(schema));
    return fc.record(Object.fromEntries(props.map(([k, s]) => [k, validish(s, k, ctx, depth + 1)])));
  }
  if (type === 'integer' || type === 'number') {
    const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
    const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
    const lo = Math.max(Math.ceil(schema.minimum ?? exMin ?? 0), -(2 ** 31));
    const hi = Math.min(Math.floor(schema.maximum ?? exMax ?? Math.max(lo, 0) + 100), 2 ** 31 - 1);
    return fc.integer({ min: lo, max: Math.max(lo, hi) });
  }
  if (type === 'boolean') return fc.boolean();
  const hint = validByName(name, ctx);
  if (type === 'string') {
    if (schema.format === 'uuid') return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...idsFor(name, ctx)) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) });
    if (schema.format === 'date') return validDate;
    if (schema.format === 'email') return validByName('email', ctx)!;
    return hint ?? validText(schema);
  }
  return hint ?? fc.constant('x');
}

const DROP = Symbol('drop');

/**
 * An object for the schema: its fields valid (to get past the first check), or all valid but one
 * (dropped or hostile), or any subset of them plausible or hostile; and sometimes fields the
 * schema does not have (forged ids, prototype keys).
 */
export function objectFor(schema: JsonSchema | undefined, ctx: FuzzContext, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = propertiesOf(schema);
  const names = Object.keys(props);
  const model = Object.fromEntries(
    Object.entries(props).map(([name, s]) => [
      name,
      fc.oneof({ weight: 4, arbitrary: plausible(s, name, ctx, depth) }, { weight: 1, arbitrary: hostileJson }),
    ]),
  );
  let known: fc.Arbitrary<Record<string, unknown>> = fc.constant({});
  if (names.length) {
    const complete = fc.record(Object.fromEntries(Object.entries(props).map(([name, s]) => [name, validish(s, name, ctx, depth)])));
    const oneOff = fc
      .tuple(complete, fc.constantFrom(...names), fc.oneof(fc.constant<unknown>(DROP), hostileJson, fc.constant(null), fc.constant('')))
      .map(([o, name, value]) => {
        const copy: Record<string, unknown> = { ...o };
        if (value === DROP) delete copy[name];
        else copy[name] = value;
        return copy;
      });
    known = fc.oneof(
      { weight: 4, arbitrary: complete },
      { weight: 3, arbitrary: oneOff },
      { weight: 2, arbitrary: fc.record(model, { requiredKeys: [] }) },
    );
  }
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as [string, unknown][]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(keyArb, hostileJson), { maxLength: 3 }) },
  );
  // Extra keys first: a known field of the same name wins.
  return fc.tuple(known, extra).map(([k, e]) => Object.fromEntries([...e, ...Object.entries(k)]));
}

// ---------------------------------------------------------------------------------------------
// Requests

export type Identity = 'signed-out' | 'host' | 'guest' | 'garbage-cookie';

export type FuzzRequest = {
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
};

/** Percent-encodes every character; a lone surrogate becomes the (invalid) UTF-8 of one. */
export function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out += c >= 0xd800 && c <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch);
  }
  return out;
}

const PERCENT_JUNK = ['%', '%%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '%FF%FE', '%2e%2e%2f', '%2F', '%u0041', '%ED%A0%80', '..', '.', '%252e%252e'];

/** A path param; `name` is the param's name and the segment before it (`pets id`). */
function pathParamArb(ctx: FuzzContext, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: uuidArb(ctx, name).map(encode) },
    { weight: 2, arbitrary: hostileText.map((s) => encode(s.slice(0, 300))) },
    { weight: 1, arbitrary: fc.constantFrom(...PERCENT_JUNK) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...PERCENT_JUNK, 'a', '1'), { minLength: 1, maxLength: 6 }).map((p) => p.join('')) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '0', 'é', '-'), fc.integer({ min: 37, max: 5_000 })).map(([c, n]) => encode(c.repeat(n))) },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

function queryArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const valueOf = (name: string, schema: JsonSchema) =>
    fc.oneof({ weight: 3, arbitrary: plausible(schema, name, ctx).map((v) => (typeof v === 'string' ? v : jsonText(v))) }, { weight: 2, arbitrary: hostileText });
  const known = op.query.map((q) => fc.tuple(fc.constant(q.name), valueOf(q.name, q.schema)));
  const pair = fc.oneof(
    ...(known.length ? [{ weight: 4, arbitrary: fc.oneof(...known) }] : []),
    { weight: 1, arbitrary: fc.tuple(keyArb.map((k) => k.slice(0, 100)), hostileText) },
  );
  const encoded = fc
    .tuple(pair, fc.constantFrom(true, true, true, false))
    .map(([[k, v], plain]) => (plain ? `${encode(k)}=${encode(v)}` : `${encode(k)}[]=${encode(v)}`));
  // Valid values for some of the route's params, as a form would send them.
  const validSubset = known.length
    ? fc
        .subarray(op.query, { minLength: 1 })
        .chain((qs) => fc.tuple(...qs.map((q) => validish(q.schema, q.name, ctx).map((v) => `${encode(q.name)}=${encode(typeof v === 'string' ? v : jsonText(v))}`))))
        .map((pairs) => pairs.join('&'))
    : undefined;
  const junk = fc.constantFrom(...PERCENT_JUNK, '=', '==', '&&', 'a[b]=1', 'a[0]=1', '__proto__[x]=1', 'a=1&a=2&a=3', '+', 'size=small&size=large&size=small');
  const generated = fc
    .array(fc.oneof({ weight: 6, arbitrary: encoded }, { weight: 1, arbitrary: junk }), { maxLength: 6 })
    .chain((pairs) =>
      // A repeated key: the same param given twice or more.
      fc.constantFrom(0, 0, 0, 1, 2).map((dup) => (pairs.length && dup ? [...pairs, ...Array<string>(dup).fill(pairs[0]!)] : pairs)),
    )
    .map((pairs) => pairs.join('&'));
  return validSubset ? fc.oneof(validSubset, generated) : generated;
}

const headerText = fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 }).map((s) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, ''));

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/json;;', 'application/vnd.api+json', 'application/merge-patch+json'];
const OTHER_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'text/html',
  'application/octet-stream',
  '*/*',
  'image/jpeg',
  '',
  ';',
  'application/',
  '/json',
  'text/event-stream',
];

const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '[1,2',
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '{"a":1,}',
  '// comment\n{}',
  '{"a":"\\x41"}',
  '{"a":"\\uD800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  'nul',
  '\u0000',
  '"unterminated',
  '{"a":0123}',
  '[' + '1,'.repeat(10) + ']',
];

const malformedJson = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
  { weight: 1, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.tuple(objectFor(undefined, { knownIds: [NIL_UUID], idsByKind: {}, jpeg: Buffer.alloc(0) }), fc.nat()).map(([o, n]) => {
    const text = jsonText(o);
    return text.slice(0, n % (text.length + 1));
  }) },
);

/** application/x-www-form-urlencoded text of an object's fields. */
const formEncoded = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : jsonText(v))}`)
    .join('&');

type Body = { contentType?: string; payload?: string | Buffer };

function multipartArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
  const fields = Object.keys(propertiesOf(op.body));
  const file = fc.record({
    field: fc.constantFrom(...fields, 'photo', 'file', ''),
    filename: fc.constantFrom('a.jpg', 'photo.JPEG', '../../etc/passwd', '..\\..\\win.ini', 'a.svg', 'a.jpg.php', 'évil 🐶.png', 'x'.repeat(300), '', 'a"b.jpg', 'a\r\nX-Evil: 1.jpg', '%2e%2e%2fa.png'),
    type: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
    content: fc.oneof(
      { weight: 3, arbitrary: fc.constant(ctx.jpeg) },
      { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
          Buffer.from('<html><script>alert(1)</script></html>'),
          Buffer.from('GIF89a<script>alert(1)</script>'),
          Buffer.alloc(0),
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]),
          Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 1)]),
        ),
      },
      { weight: 1, arbitrary: fc.constant(ctx.jpeg.subarray(0, Math.floor(ctx.jpeg.length / 2))) },
    ),
  });
  const field = fc.record({ name: fc.constantFrom(...fields, 'alt', 'other'), value: hostileText.map((s) => s.slice(0, 5_000)) });
  const part = fc.oneof(file.map((f) => ({ kind: 'file' as const, ...f })), field.map((f) => ({ kind: 'field' as const, ...f })));
  return fc
    .record({
      boundary: fc.constantFrom('----fuzzBoundary7MA4YWxk', 'x', 'a'.repeat(200), 'fuzz boundary'),
      declared: fc.constantFrom('same', 'missing', 'other', 'quoted'),
      parts: fc.array(part, { maxLength: 4 }),
      // Now and then the body stops short, as an upload cut off would.
      cut: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat() }),
    })
    .map(({ boundary, declared, parts, cut }) => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const head =
          p.kind === 'file'
            ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`
            : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
        chunks.push(Buffer.from(head), p.kind === 'file' ? p.content : Buffer.from(p.value), Buffer.from('\r\n'));
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (cut !== undefined) payload = payload.subarray(0, cut % (payload.length + 1));
      const contentType = {
        same: `multipart/form-data; boundary=${boundary}`,
        missing: 'multipart/form-data',
        other: 'multipart/form-data; boundary=somethingElse',
        quoted: `multipart/form-data; boundary="${boundary}"`,
      }[declared];
      return { contentType, payload };
    });
}

function bodyArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
  const shaped = objectFor(op.body, ctx);
  const jsonBody = fc.oneof(
    { weight: op.body ? 6 : 1, arbitrary: shaped.map(jsonText) },
    { weight: 2, arbitrary: hostileJson.map(jsonText) },
    { weight: 2, arbitrary: malformedJson },
  );
  const json = fc.record({ contentType: fc.oneof({ weight: 5, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(...JSON_TYPES) }), payload: jsonBody });
  const other = fc.record({
    contentType: fc.constantFrom(...OTHER_TYPES),
    payload: fc.oneof(shaped.map(formEncoded), shaped.map(jsonText), hostileText),
  });
  const noBody = fc.constant<Body>({});
  // A body with no content-type at all.
  const untyped = jsonBody.map((payload): Body => ({ payload }));
  const hasBody = op.body !== undefined || !['GET', 'DELETE'].includes(op.method);
  return fc.oneof(
    { weight: hasBody ? 8 : 1, arbitrary: json },
    { weight: 1, arbitrary: other },
    { weight: hasBody ? 1 : 8, arbitrary: noBody },
    { weight: 1, arbitrary: untyped },
    ...(op.multipart ? [{ weight: 10, arbitrary: multipartArb(op, ctx) }] : []),
  );
}

const cookieJunk = fc.oneof(
  fc.constantFrom('', 'x', 'null', 'undefined', '%E0%A4%A', '%00', '"quoted"', 'a;b', '=', 'e30', 'eyJhbGciOiJub25lIn0.eyJ1c2VyIjoiYWRtaW4ifQ.'),
  fc.base64String({ minLength: 4, maxLength: 64 }).map((s) => s.replaceAll('=', '')),
  headerText.map((s) => s.replace(/[;,]/g, '')),
  fc.integer({ min: 101, max: 4_000 }).map((n) => 'A'.repeat(n)),
  fc.uuid({ version: 4 }),
);

/** The Cookie header: the identity's session, garbage, or both. */
function cookieArb(): fc.Arbitrary<(session: string | undefined) => string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant((s: string | undefined) => s) },
    { weight: 1, arbitrary: cookieJunk.map((j) => (s: string | undefined) => (s ? `${s}; theme=${j}` : `theme=${j}`)) },
    { weight: 1, arbitrary: cookieJunk.map((j) => (s: string | undefined) => (s ? `pawstay_session=${j}; ${s}` : `pawstay_session=${j}`)) },
    { weight: 1, arbitrary: fc.constantFrom(';;;', '=', 'pawstay_session', 'pawstay_session=; pawstay_session=', '  ;pawstay_session =x').map((c) => () => c) },
  );
}

/** Each header present about one request in `n`. */
function rareHeaders(model: Record<string, fc.Arbitrary<string>>, n: number): fc.Arbitrary<Record<string, string>> {
  const entries = Object.entries(model).map(([k, arb]) =>
    fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb }).map((v) => (v === undefined ? [] : [[k, v] as const])),
  );
  return fc.tuple(...entries).map((all) => Object.fromEntries(all.flat()));
}

const optionalHeaders = rareHeaders(
  {
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'text/event-stream', '', 'application/xml;q=0', 'text/*, */*;q=0', '😀'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, br', 'identity', 'identity;q=0', 'identity;q=0, *;q=0', 'compress', 'x-gzip', '*', ''),
    'accept-language': fc.oneof(fc.constantFrom('en-IN', 'hi-IN,hi;q=0.9', '*'), headerText),
    'last-event-id': fc.oneof(fc.constantFrom('0', '1', '-1', '99999999999999999999', '1e3', ' 5', 'NaN', ''), headerText),
    'user-agent': fc.oneof(headerText, fc.constant('Mozilla/5.0 '.repeat(100))),
    'content-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown', 'gzip, gzip'),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'garbage', ''),
    origin: fc.constantFrom('null', 'https://evil.example', 'http://localhost:80', 'http://localhost'),
    'if-none-match': headerText,
    range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=abc'),
  },
  12,
);

export type GeneratedRequest = {
  request: FuzzRequest;
  /** The Cookie header from the identity's own (a real session, or none): kept, added to or spoilt. */
  cookie: (session: string | undefined) => string | undefined;
  /** The session token of the garbage-cookie identity. */
  garbage: string;
};

/** One generated request for `op`. */
export function requestArb(
  op: Operation,
  ctx: FuzzContext,
  /**
   * `owner`: as the host, at ids of the right kind, with multipart bodies only (for the upload
   * route, whose parser is reached only past the sign-in, id and ownership checks).
   */
  focus?: 'owner',
): fc.Arbitrary<GeneratedRequest> {
  // A param is named by itself and the segment before it: /api/pets/{id} is a pet's id.
  const segments = op.path.split('/');
  const paramName = (p: string) => `${segments[segments.indexOf(`{${p}}`) - 1]} ${p}`;
  const params = fc.tuple(
    ...op.pathParams.map((p) => (focus ? fc.constantFrom(...idsFor(paramName(p), ctx)) : pathParamArb(ctx, paramName(p)))),
  );
  const query = fc.oneof({ weight: op.query.length ? 1 : 3, arbitrary: fc.constant('') }, { weight: 2, arbitrary: queryArb(op, ctx) });
  const identity = focus ? fc.constant<Identity>('host') : fc.constantFrom<Identity>('signed-out', 'host', 'host', 'guest', 'guest', 'garbage-cookie');
  return fc
    .record({
      identity,
      params,
      query,
      body: focus ? multipartArb(op, ctx) : bodyArb(op, ctx),
      headers: focus ? fc.constant({}) : optionalHeaders,
      cookie: cookieArb(),
      garbage: cookieJunk,
      remote: fc.integer({ min: 1, max: 250 }),
    })
    .map(({ identity, params, query, body, headers, cookie, garbage, remote }) => {
      let i = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => params[i++]!);
      const all: Record<string, string> = { ...headers };
      if (body.contentType !== undefined) all['content-type'] = body.contentType;
      return {
        request: {
          identity,
          method: op.method,
          url: query ? `${path}?${query}` : path,
          headers: all,
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
          remoteAddress: `203.0.113.${remote}`,
        },
        cookie,
        garbage,
      };
    });
}

/** A request as text for a failure message, long parts cut. */
export function describeRequest(r: FuzzRequest & { cookieHeader?: string }): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const payload = r.payload === undefined ? '(none)' : Buffer.isBuffer(r.payload) ? `<${r.payload.length} bytes> ${JSON.stringify(cut(r.payload.toString('latin1'), 300))}` : JSON.stringify(cut(r.payload, 600));
  const headers = Object.fromEntries(Object.entries({ ...r.headers, ...(r.cookieHeader ? { cookie: r.cookieHeader } : {}) }).map(([k, v]) => [k, cut(v, 200)]));
  return [`  ${r.method} ${cut(r.url, 600)}`, `  as: ${r.identity}`, `  headers: ${JSON.stringify(headers)}`, `  body: ${payload}`].join('\n');
}

/** The API's error shape (http/openapi.ts), with nothing beside it. */
const exactErrorShape = z.strictObject({ error: errorSchema.shape.error.strict() });

/** Why a 4xx body is not `{ error: { code, message, fields? } }`, or null when it is. */
export function errorShapeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  const checked = exactErrorShape.safeParse(parsed);
  if (!checked.success) return checked.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  if (!checked.data.error.code || !checked.data.error.message) return 'error.code and error.message must not be empty';
  return null;
}
