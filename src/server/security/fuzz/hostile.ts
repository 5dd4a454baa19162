import fc from 'fast-check';
import { Raw } from './wire';

// Hostile values for the fuzz suite: wrong types, huge strings and arrays, unicode and control
// characters, SQL and HTML fragments, numbers at and past every limit, deep nesting and
// prototype keys.

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

export const FRAGMENTS = [...SQL, ...HTML, ...UNICODE, ...CONTROL, ...NUMERIC_TEXT, '../../../etc/passwd', '%s%n%x', 'null', 'undefined', 'true'];

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

export const hostileScalar = scalar(hostileText);

/** Nesting far past anything the API takes. */
const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([n, array]) => new Raw(array ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));

/** A big array of one short value (up to 20,000 items). */
const hugeArray = fc.tuple(scalar(shortHostileText), fc.integer({ min: 100, max: 20_000 })).map(([v, n]) => Array<unknown>(n).fill(v));

const KEYS = ['__proto__', 'constructor', 'prototype', 'host_id', 'owner_id', 'user_id', 'guest_id', 'id', 'status', 'verified', 'role', 'is_admin', 'total_inr', ''];
export const keyArb = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 }), hostileText.map((s) => s.slice(0, 200)));

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
