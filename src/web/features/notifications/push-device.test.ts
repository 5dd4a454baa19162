import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push-device';

describe('base64UrlToBytes', () => {
  it('reads base64url, padded or not, as bytes', () => {
    expect([...base64UrlToBytes('')]).toEqual([]);
    expect([...base64UrlToBytes('AQ')]).toEqual([1]);
    expect([...base64UrlToBytes('AQ==')]).toEqual([1]);
    expect([...base64UrlToBytes('AQI')]).toEqual([1, 2]);
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    // The characters base64url puts for base64's + and /.
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
  });
  it('gives a VAPID public key its 65 bytes, an uncompressed P-256 point', () => {
    const point = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
    const key = Buffer.from(point).toString('base64url');
    expect(key).toHaveLength(87);
    const bytes = base64UrlToBytes(key);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([...point]);
  });
  it('refuses what is not base64url', () => {
    expect(() => base64UrlToBytes('a+b')).toThrow();
    expect(() => base64UrlToBytes('abcde')).toThrow();
    expect(() => base64UrlToBytes('ab cd')).toThrow();
  });
});
