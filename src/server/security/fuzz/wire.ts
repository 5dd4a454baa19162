import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

// Values as a request carries them: JSON text with number literals JSON.stringify cannot write
// (1e309, 2^53 + 1 exactly), and percent-encoding that keeps even a lone surrogate.

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

/** Percent-encodes every character; a lone surrogate becomes the (invalid) UTF-8 of one. */
export function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out += c >= 0xd800 && c <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch);
  }
  return out;
}

/**
 * A response's body as its client reads it: decompressed as its content-encoding says (a large
 * answer, a long list of refusals among them, is compressed for a client that accepts it).
 */
export function decodedBody(raw: Buffer, encoding: string | string[] | number | undefined): string {
  switch (String(encoding ?? '').trim()) {
    case 'gzip':
      return gunzipSync(raw).toString();
    case 'br':
      return brotliDecompressSync(raw).toString();
    case 'deflate':
      return inflateSync(raw).toString();
    default:
      return raw.toString();
  }
}
