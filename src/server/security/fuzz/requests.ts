import fc from 'fast-check';
import { bodyArb, multipartArb } from './bodies';
import { hostileText, keyArb } from './hostile';
import type { JsonSchema, Operation } from './operations';
import { type FuzzContext, idsFor, plausible, uuidArb, validish } from './schema-values';
import { encode, jsonText } from './wire';

// Generated requests for the API fuzz suite (../fuzz.test.ts), one route at a time: path params,
// queries, headers, cookies and an identity around a body from bodies.ts. The values mix
// plausible ones (to get past the first check sometimes) with hostile ones.

export type Identity = 'signed-out' | 'host' | 'guest' | 'garbage-cookie';

export type FuzzRequest = {
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
};

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
