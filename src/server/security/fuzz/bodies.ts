import fc from 'fast-check';
import { hostileJson, hostileText } from './hostile';
import { type Operation, propertiesOf } from './operations';
import { type FuzzContext, NIL_UUID, objectFor } from './schema-values';
import { encode, jsonText } from './wire';

// Request bodies for the fuzz suite: JSON shaped by the route's schema or hostile, malformed
// JSON, wrong content types, form-encoded text and multipart uploads with hostile files.

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

export type Body = { contentType?: string; payload?: string | Buffer };

export function multipartArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
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

export function bodyArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
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
